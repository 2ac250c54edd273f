import type { FeedLinks } from '@kerygma/domain/feeds';
import type { DashboardSermonSort, PublishState } from '@kerygma/domain/sermon-editing';
import type { Matching } from '../catalogue/totals.ts';
import type { Db } from '../db/db.ts';
import { containsPattern } from '../db/like.ts';
import type { ScriptureRow } from '../seed/scripture-index.ts';

/** SQL of the sermon editor, the broadcaster's speakers and series, and the dashboard's list. */

export type EditableSermonRow = {
  sermon_id: string;
  broadcaster_id: string;
  full_title: string;
  display_title: string;
  subtitle: string | null;
  bible_text: string | null;
  speaker_id: number;
  speaker_name: string;
  speaker_placeholder: boolean;
  series_id: number | null;
  series_title: string | null;
  event_type: string;
  language_code: string;
  preach_date: string;
  publish_timestamp: Date | null;
  unpublished: boolean;
  keywords: string;
  more_info_text: string | null;
  accept_copyright: boolean;
  has_audio: boolean;
  has_video: boolean;
  has_media: boolean;
  duration_seconds: number;
  captions: { language_code: string | null; auto_generated: boolean }[];
  updated_at: Date;
  deleted_at: Date | null;
};

const EDITABLE = `
  SELECT s.sermon_id, s.broadcaster_id, s.full_title, s.display_title, s.subtitle, s.bible_text,
         s.speaker_id, sp.display_name AS speaker_name, sp.placeholder AS speaker_placeholder,
         s.series_id, se.title AS series_title, s.event_type, s.language_code, s.preach_date,
         s.publish_timestamp, s.unpublished, s.keywords, s.more_info_text, s.accept_copyright,
         s.has_audio, s.has_video,
         (s.has_audio OR s.has_video OR EXISTS (SELECT 1 FROM media_item m WHERE m.sermon_id = s.sermon_id)
            OR EXISTS (SELECT 1 FROM media_upload u WHERE u.sermon_id = s.sermon_id)) AS has_media,
         GREATEST(s.audio_duration_seconds, s.video_duration_seconds) AS duration_seconds,
         COALESCE((SELECT json_agg(json_build_object('language_code', m.language_code,
                                                     'auto_generated', m.auto_generated)
                                   ORDER BY m.auto_generated, m.language_code)
                     FROM media_item m WHERE m.sermon_id = s.sermon_id AND m.media_type = 'caption'),
                  '[]') AS captions,
         s.updated_at, s.deleted_at
    FROM sermon s
    JOIN speaker sp ON sp.speaker_id = s.speaker_id
    LEFT JOIN series se ON se.series_id = s.series_id
   WHERE s.sermon_id = $1`;

/** A sermon in any state; `lock` holds its row until the transaction ends. */
export async function editableSermon(db: Db, sermonId: string, lock = false): Promise<EditableSermonRow | undefined> {
  const rows = await db.query<EditableSermonRow>(`${EDITABLE}${lock ? ' FOR UPDATE OF s' : ''}`, [sermonId]);
  return rows[0];
}

/** The broadcaster's id as stored (ids are looked up in lower case), or undefined. */
export async function broadcasterExists(db: Db, broadcasterId: string): Promise<string | undefined> {
  const rows = await db.query<{ broadcaster_id: string }>(
    'SELECT broadcaster_id FROM broadcaster WHERE broadcaster_id = lower($1)',
    [broadcasterId],
  );
  return rows[0]?.broadcaster_id;
}

/** The placeholder speaker of new sermons ('Unknown Speaker'), made when missing. */
export async function placeholderSpeaker(tx: Db, name: string): Promise<number> {
  const rows = await tx.query<{ speaker_id: number }>(
    `WITH found AS (SELECT speaker_id FROM speaker WHERE display_name = $1),
          made AS (INSERT INTO speaker (speaker_id, display_name, sort_name, placeholder)
                   SELECT nextval('speaker_id_seq'), $1, $1, true WHERE NOT EXISTS (SELECT 1 FROM found)
                   ON CONFLICT (display_name) DO NOTHING
                   RETURNING speaker_id)
     SELECT speaker_id FROM found UNION ALL SELECT speaker_id FROM made`,
    [name],
  );
  return (rows[0] as { speaker_id: number }).speaker_id;
}

/** The columns a sermon's fields are written to. */
export type SermonColumns = {
  full_title: string;
  display_title: string;
  subtitle: string | null;
  bible_text: string | null;
  bible_sort: number | null;
  speaker_id: number;
  series_id: number | null;
  event_type: string;
  language_code: string;
  preach_date: string;
  keywords: string;
  more_info_text: string | null;
  accept_copyright: boolean;
};

const COLUMN_TYPES: Record<keyof SermonColumns, string> = {
  full_title: 'text',
  display_title: 'text',
  subtitle: 'text',
  bible_text: 'text',
  bible_sort: 'int',
  speaker_id: 'int8',
  series_id: 'int8',
  event_type: 'text',
  language_code: 'text',
  preach_date: 'date',
  keywords: 'text',
  more_info_text: 'text',
  accept_copyright: 'boolean',
};

/** A new draft sermon; its id. */
export async function insertSermon(tx: Db, broadcasterId: string, columns: SermonColumns): Promise<string> {
  const names = Object.keys(columns) as (keyof SermonColumns)[];
  const rows = await tx.query<{ sermon_id: string }>(
    `INSERT INTO sermon (sermon_id, broadcaster_id, ${names.join(', ')})
     VALUES (nextval('sermon_id_seq')::text, $1, ${names.map((n, i) => `$${i + 2}::${COLUMN_TYPES[n]}`).join(', ')})
     RETURNING sermon_id`,
    [broadcasterId, ...names.map((n) => columns[n])],
  );
  return (rows[0] as { sermon_id: string }).sermon_id;
}

/** Writes the given columns and stamps the sermon updated. */
export async function updateSermon(tx: Db, sermonId: string, columns: Partial<SermonColumns>): Promise<void> {
  const names = Object.keys(columns) as (keyof SermonColumns)[];
  const sets = names.map((n, i) => `${n} = $${i + 2}::${COLUMN_TYPES[n]}`);
  await tx.query(`UPDATE sermon SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE sermon_id = $1`, [
    sermonId,
    ...names.map((n) => columns[n]),
  ]);
}

/** Replaces the sermon's scripture rows (one per book and chapter, the first of each book marked). */
export async function replaceScripture(tx: Db, sermonId: string, refs: readonly ScriptureRow[]): Promise<void> {
  await tx.query('DELETE FROM sermon_scripture WHERE sermon_id = $1', [sermonId]);
  if (refs.length === 0) return;
  await tx.query(
    `INSERT INTO sermon_scripture (sermon_id, book_index, chapter, verse_start, verse_end, first_in_book, preach_date)
     SELECT $1, r.book_index, r.chapter, r.verse_start, r.verse_end, r.first_in_book, s.preach_date
       FROM jsonb_to_recordset($2::jsonb)
            AS r(book_index int, chapter int, verse_start int, verse_end int, first_in_book boolean)
       JOIN sermon s ON s.sermon_id = $1`,
    [
      sermonId,
      JSON.stringify(
        refs.map((r) => ({
          book_index: r.bookIndex,
          chapter: r.chapter,
          verse_start: r.verseStart,
          verse_end: r.verseEnd,
          first_in_book: r.firstInBook,
        })),
      ),
    ],
  );
}

/** The copy of the sermon's date on its scripture rows follows the sermon. */
export async function syncScriptureDate(tx: Db, sermonId: string): Promise<void> {
  await tx.query(
    `UPDATE sermon_scripture ss SET preach_date = s.preach_date FROM sermon s
      WHERE s.sermon_id = $1 AND ss.sermon_id = s.sermon_id AND ss.preach_date <> s.preach_date`,
    [sermonId],
  );
}

/** Sets the publish time (null: a draft, or taken down when `unpublished`). */
export async function setPublishTime(
  tx: Db,
  sermonId: string,
  publishTimestamp: Date | null,
  unpublished: boolean,
): Promise<void> {
  await tx.query(
    'UPDATE sermon SET publish_timestamp = $2, unpublished = $3, updated_at = now() WHERE sermon_id = $1',
    [sermonId, publishTimestamp, unpublished],
  );
}

/** A copy of the sermon as a new draft, without its media; the copy's id. */
export async function duplicateSermon(tx: Db, sermonId: string): Promise<string> {
  const rows = await tx.query<{ sermon_id: string }>(
    `INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, series_id, full_title, display_title, subtitle,
                         bible_text, bible_sort, more_info_text, event_type, language_code, preach_date, keywords,
                         accept_copyright)
     SELECT nextval('sermon_id_seq')::text, broadcaster_id, speaker_id, series_id, full_title, display_title, subtitle,
            bible_text, bible_sort, more_info_text, event_type, language_code, preach_date, keywords, accept_copyright
       FROM sermon WHERE sermon_id = $1
     RETURNING sermon_id`,
    [sermonId],
  );
  const copy = (rows[0] as { sermon_id: string }).sermon_id;
  await tx.query(
    `INSERT INTO sermon_scripture (sermon_id, book_index, chapter, verse_start, verse_end, first_in_book, preach_date)
     SELECT $2, book_index, chapter, verse_start, verse_end, first_in_book, preach_date FROM sermon_scripture
      WHERE sermon_id = $1`,
    [sermonId, copy],
  );
  return copy;
}

/** Deletes a sermon softly: out of every public list (no publish time), kept for a restore. */
export async function markDeleted(tx: Db, sermonId: string): Promise<Date> {
  const rows = await tx.query<{ deleted_at: Date }>(
    `UPDATE sermon SET deleted_at = now(), publish_timestamp_before_delete = publish_timestamp,
                       publish_timestamp = NULL, updated_at = now()
      WHERE sermon_id = $1 AND deleted_at IS NULL
      RETURNING deleted_at`,
    [sermonId],
  );
  return (rows[0] as { deleted_at: Date }).deleted_at;
}

/** Brings a deleted sermon back with the publish time it had. */
export async function restoreDeleted(tx: Db, sermonId: string): Promise<void> {
  await tx.query(
    `UPDATE sermon SET deleted_at = NULL, publish_timestamp = publish_timestamp_before_delete,
                       publish_timestamp_before_delete = NULL, updated_at = now()
      WHERE sermon_id = $1 AND deleted_at IS NOT NULL`,
    [sermonId],
  );
}

/** Whether the sermon is deleted (its media are then not served). */
export async function isDeleted(db: Db, sermonId: string): Promise<boolean> {
  const rows = await db.query<{ deleted: boolean }>(
    'SELECT deleted_at IS NOT NULL AS deleted FROM sermon WHERE sermon_id = $1',
    [sermonId],
    { prepare: true },
  );
  return rows[0]?.deleted ?? false;
}

/** Removes a sermon for good (its media rows, scripture and links cascade). */
export async function purgeSermon(tx: Db, sermonId: string): Promise<void> {
  await tx.query('DELETE FROM sermon WHERE sermon_id = $1', [sermonId]);
}

/**
 * Recomputes the published-sermon counters of one broadcaster, some speakers and some series
 * (catalogue/counts.ts does it for the whole catalogue after bulk loads), and the hashtags given.
 */
export async function recount(
  tx: Db,
  affected: {
    broadcasterId: string;
    speakerIds: readonly number[];
    seriesIds: readonly number[];
    hashtags: readonly string[];
  },
): Promise<void> {
  const published = 'publish_timestamp IS NOT NULL AND publish_timestamp <= now()';
  await tx.query(
    `UPDATE broadcaster SET sermon_count = (SELECT count(*)::int FROM sermon WHERE broadcaster_id = $1 AND ${published})
      WHERE broadcaster_id = $1`,
    [affected.broadcasterId],
  );
  if (affected.speakerIds.length)
    await tx.query(
      `UPDATE speaker sp SET sermon_count = c.n, most_recent_preach_date = c.latest
         FROM (SELECT id, (SELECT count(*)::int FROM sermon WHERE speaker_id = id AND ${published}) n,
                      (SELECT max(preach_date) FROM sermon WHERE speaker_id = id AND ${published}) latest
                 FROM unnest($1::int8[]) id) c
        WHERE sp.speaker_id = c.id`,
      [affected.speakerIds],
    );
  if (affected.seriesIds.length)
    await tx.query(
      `UPDATE series se SET sermon_count = c.n, earliest = c.earliest, latest = c.latest, updated_at = now()
         FROM (SELECT id, count(s.sermon_id)::int n, min(s.preach_date) earliest, max(s.preach_date) latest
                 FROM unnest($1::int8[]) id LEFT JOIN sermon s ON s.series_id = id AND s.${published}
                GROUP BY id) c
        WHERE se.series_id = c.id`,
      [affected.seriesIds],
    );
  if (affected.hashtags.length)
    await tx.query(
      `INSERT INTO hashtag (hashtag, display, sermon_count)
       SELECT h, h, (SELECT count(*)::int FROM sermon_hashtag sh JOIN sermon s USING (sermon_id)
                      WHERE sh.hashtag = h AND s.${published})
         FROM unnest($1::text[]) h
       ON CONFLICT (hashtag) DO UPDATE SET sermon_count = EXCLUDED.sermon_count, updated_at = now()`,
      [affected.hashtags.map((t) => t.toLowerCase())],
    );
}

// ---- speakers ----

export type EditorSpeakerRow = {
  speaker_id: number;
  display_name: string;
  sort_name: string;
  bio: string;
  broadcaster_lock: string | null;
  sermon_count: number;
};

/** The speakers a broadcaster may use (`speakerId`: just that one), by sort name, placeholders left out. */
export async function broadcasterSpeakers(
  db: Db,
  broadcasterId: string,
  speakerId?: number,
): Promise<EditorSpeakerRow[]> {
  return db.query<EditorSpeakerRow>(
    `WITH mine AS (
       SELECT speaker_id FROM broadcaster_speaker WHERE broadcaster_id = $1
       UNION SELECT speaker_id FROM speaker WHERE broadcaster_lock = $1
       UNION SELECT speaker_id FROM broadcaster_primary_speaker WHERE broadcaster_id = $1
       UNION SELECT DISTINCT speaker_id FROM sermon WHERE broadcaster_id = $1
     )
     SELECT sp.speaker_id, sp.display_name, sp.sort_name, sp.bio, sp.broadcaster_lock,
            (SELECT count(*)::int FROM sermon s
              WHERE s.speaker_id = sp.speaker_id AND s.broadcaster_id = $1 AND s.deleted_at IS NULL) AS sermon_count
       FROM speaker sp JOIN mine USING (speaker_id)
      WHERE ($2::int8 IS NULL AND NOT sp.placeholder) OR sp.speaker_id = $2::int8
      ORDER BY sp.sort_key, sp.speaker_id`,
    [broadcasterId, speakerId ?? null],
  );
}

export async function speakerById(db: Db, speakerId: number): Promise<EditorSpeakerRow | undefined> {
  const rows = await db.query<EditorSpeakerRow>(
    `SELECT speaker_id, display_name, sort_name, bio, broadcaster_lock,
            (SELECT count(*)::int FROM sermon s WHERE s.speaker_id = $1 AND s.deleted_at IS NULL) AS sermon_count
       FROM speaker WHERE speaker_id = $1 AND NOT placeholder`,
    [speakerId],
  );
  return rows[0];
}

export async function speakerByName(db: Db, name: string): Promise<EditorSpeakerRow | undefined> {
  const rows = await db.query<EditorSpeakerRow>(
    `SELECT speaker_id, display_name, sort_name, bio, broadcaster_lock, 0 AS sermon_count
       FROM speaker WHERE lower(display_name) = lower($1)`,
    [name],
  );
  return rows[0];
}

export async function insertSpeaker(
  tx: Db,
  s: { broadcasterId: string; displayName: string; sortName: string; bio: string },
): Promise<number> {
  const rows = await tx.query<{ speaker_id: number }>(
    `INSERT INTO speaker (speaker_id, display_name, sort_name, bio, broadcaster_lock)
     VALUES (nextval('speaker_id_seq'), $1, $2, $3, $4) RETURNING speaker_id`,
    [s.displayName, s.sortName, s.bio, s.broadcasterId],
  );
  const speakerId = (rows[0] as { speaker_id: number }).speaker_id;
  await linkSpeaker(tx, s.broadcasterId, speakerId);
  return speakerId;
}

export async function linkSpeaker(tx: Db, broadcasterId: string, speakerId: number): Promise<void> {
  await tx.query(
    'INSERT INTO broadcaster_speaker (broadcaster_id, speaker_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [broadcasterId, speakerId],
  );
}

export async function updateSpeaker(
  tx: Db,
  speakerId: number,
  s: { displayName?: string | undefined; sortName?: string | undefined; bio?: string | undefined },
): Promise<void> {
  await tx.query(
    `UPDATE speaker SET display_name = coalesce($2, display_name), sort_name = coalesce($3, sort_name),
                        bio = coalesce($4, bio)
      WHERE speaker_id = $1`,
    [speakerId, s.displayName ?? null, s.sortName ?? null, s.bio ?? null],
  );
}

/** Removes a speaker with no sermons at all (deleted ones included); false when it has some. */
export async function deleteSpeaker(tx: Db, speakerId: number): Promise<boolean> {
  const rows = await tx.query(
    `DELETE FROM speaker WHERE speaker_id = $1 AND NOT EXISTS (SELECT 1 FROM sermon WHERE speaker_id = $1)
     RETURNING speaker_id`,
    [speakerId],
  );
  return rows.length > 0;
}

// ---- series ----

export type EditorSeriesRow = {
  series_id: number;
  broadcaster_id: string;
  title: string;
  description: string;
  podcast_enabled: boolean;
  feed_links: FeedLinks;
  sermon_count: number;
};

const SERIES = `
  SELECT se.series_id, se.broadcaster_id, se.title, se.description, se.podcast_enabled, se.feed_links,
         (SELECT count(*)::int FROM sermon s WHERE s.series_id = se.series_id AND s.deleted_at IS NULL) AS sermon_count
    FROM series se`;

export async function broadcasterSeries(db: Db, broadcasterId: string): Promise<EditorSeriesRow[]> {
  return db.query<EditorSeriesRow>(`${SERIES} WHERE se.broadcaster_id = $1 ORDER BY se.search_title, se.series_id`, [
    broadcasterId,
  ]);
}

export async function seriesById(db: Db, seriesId: number): Promise<EditorSeriesRow | undefined> {
  const rows = await db.query<EditorSeriesRow>(`${SERIES} WHERE se.series_id = $1`, [seriesId]);
  return rows[0];
}

export async function insertSeries(
  tx: Db,
  s: { broadcasterId: string; title: string; description: string },
): Promise<number> {
  const rows = await tx.query<{ series_id: number }>(
    `INSERT INTO series (series_id, broadcaster_id, title, description)
     VALUES (nextval('series_id_seq'), $1, $2, $3) RETURNING series_id`,
    [s.broadcasterId, s.title, s.description],
  );
  return (rows[0] as { series_id: number }).series_id;
}

/** The fields of a series its managers change; a field left out is kept. */
export type SeriesFields = {
  title?: string | undefined;
  description?: string | undefined;
  podcastEnabled?: boolean | undefined;
  feedLinks?: FeedLinks | undefined;
};

export async function updateSeries(tx: Db, seriesId: number, s: SeriesFields): Promise<void> {
  await tx.query(
    `UPDATE series SET title = coalesce($2, title), description = coalesce($3, description),
                       podcast_enabled = coalesce($4, podcast_enabled),
                       feed_links = coalesce($5::jsonb, feed_links), updated_at = now()
      WHERE series_id = $1`,
    [
      seriesId,
      s.title ?? null,
      s.description ?? null,
      s.podcastEnabled ?? null,
      s.feedLinks ? JSON.stringify(s.feedLinks) : null,
    ],
  );
}

/** Removes a series; its sermons stay, in no series (the foreign key sets them to NULL). */
export async function deleteSeries(tx: Db, seriesId: number): Promise<void> {
  await tx.query('DELETE FROM series WHERE series_id = $1', [seriesId]);
}

// ---- the dashboard's list ----

export type DashboardSermonRow = {
  sermon_id: string;
  full_title: string;
  display_title: string;
  speaker_id: number;
  speaker_name: string;
  series_id: number | null;
  series_title: string | null;
  event_type: string;
  language_code: string;
  preach_date: string;
  publish_timestamp: Date | null;
  unpublished: boolean;
  has_audio: boolean;
  has_video: boolean;
  updated_at: Date;
  k0: string;
  k1: string;
};

/** Each sort's two keys, in the order of its index (migration 0042). */
export const DASHBOARD_ORDERS: Record<
  DashboardSermonSort,
  readonly [{ expr: string; type: 'date' | 'timestamptz' | 'text' }, { expr: string; type: 'text' }, 'ASC' | 'DESC']
> = {
  newest: [{ expr: 's.preach_date', type: 'date' }, { expr: 's.sermon_id', type: 'text' }, 'DESC'],
  oldest: [{ expr: 's.preach_date', type: 'date' }, { expr: 's.sermon_id', type: 'text' }, 'ASC'],
  updated: [{ expr: 's.updated_at', type: 'timestamptz' }, { expr: 's.sermon_id', type: 'text' }, 'DESC'],
  published: [
    { expr: "(coalesce(s.publish_timestamp, 'infinity'::timestamptz))", type: 'timestamptz' },
    { expr: 's.sermon_id', type: 'text' },
    'DESC',
  ],
  title: [
    { expr: '(lower(immutable_unaccent(s.full_title)))', type: 'text' },
    { expr: 's.sermon_id', type: 'text' },
    'ASC',
  ],
};

/** A search of the dashboard list, as dashboardSearch prepares it. */
export type DashboardSearch = {
  /** LIKE pattern, lower-cased and unaccented. */
  pattern: string;
  /** The speakers (preaching at the broadcaster) and series (its own) whose names match. */
  speakerIds: number[];
  seriesIds: number[];
};

/**
 * Looks up the speakers and series a search names, so that the list's query gets their ids as
 * constants: the planner then sees how many sermons they hold and reads the broadcaster's list
 * in order (a common name) or takes the few matches from the indexes (a rare word).
 */
export async function dashboardSearch(db: Db, broadcasterId: string, text: string): Promise<DashboardSearch> {
  const [row] = await db.query<{ pattern: string; speaker_ids: number[]; series_ids: number[] }>(
    `SELECT p.pattern,
            ARRAY(SELECT sp.speaker_id FROM speaker sp
                   WHERE sp.search_name LIKE p.pattern
                     AND EXISTS (SELECT 1 FROM sermon s WHERE s.speaker_id = sp.speaker_id AND s.broadcaster_id = $1)
            ) AS speaker_ids,
            ARRAY(SELECT se.series_id FROM series se WHERE se.broadcaster_id = $1 AND se.search_title LIKE p.pattern
            ) AS series_ids
       FROM (SELECT immutable_unaccent($2) AS pattern) p`,
    [broadcasterId, containsPattern(text)],
  );
  return {
    pattern: row?.pattern ?? containsPattern(text),
    speakerIds: (row?.speaker_ids ?? []).map(Number),
    seriesIds: (row?.series_ids ?? []).map(Number),
  };
}

export type DashboardFilter = {
  broadcasterId: string;
  search?: DashboardSearch | undefined;
  state?: PublishState | undefined;
  speakerId?: number | undefined;
  seriesId?: number | undefined;
  eventType?: string | undefined;
};

const STATE_CONDITION: Record<PublishState, string> = {
  draft: 's.publish_timestamp IS NULL AND NOT s.unpublished',
  unpublished: 's.publish_timestamp IS NULL AND s.unpublished',
  scheduled: 's.publish_timestamp > now()',
  published: 's.publish_timestamp <= now()',
};

function dashboardWhere(f: DashboardFilter, params: unknown[]): string {
  const add = (value: unknown) => `$${params.push(value)}`;
  const where = [`s.broadcaster_id = ${add(f.broadcasterId)}`, 's.deleted_at IS NULL'];
  if (f.state) where.push(STATE_CONDITION[f.state]);
  if (f.speakerId !== undefined) where.push(`s.speaker_id = ${add(f.speakerId)}::int8`);
  if (f.seriesId !== undefined) where.push(`s.series_id = ${add(f.seriesId)}::int8`);
  if (f.eventType) where.push(`s.event_type = ${add(f.eventType)}`);
  if (f.search) {
    // The titles by the sermon_dashboard_search_idx trigram index (migration 0047).
    const arms = [`immutable_unaccent(lower(s.full_title || ' ' || s.display_title)) LIKE ${add(f.search.pattern)}`];
    if (f.search.speakerIds.length) arms.push(`s.speaker_id = ANY (${add(f.search.speakerIds)}::int8[])`);
    if (f.search.seriesIds.length) arms.push(`s.series_id = ANY (${add(f.search.seriesIds)}::int8[])`);
    where.push(`(${arms.join(' OR ')})`);
  }
  return where.join(' AND ');
}

const FROM = `FROM sermon s JOIN speaker sp ON sp.speaker_id = s.speaker_id
              LEFT JOIN series se ON se.series_id = s.series_id`;

/** One page: after the cursor's keys (keyset) or from `offset`, `limit` rows. */
export async function dashboardSermons(
  db: Db,
  f: DashboardFilter,
  sort: DashboardSermonSort,
  page: { after?: readonly [string, string] | undefined; offset: number; limit: number },
): Promise<DashboardSermonRow[]> {
  const params: unknown[] = [];
  const where = [dashboardWhere(f, params)];
  const [a, b, dir] = DASHBOARD_ORDERS[sort];
  if (page.after) {
    const x = `$${params.push(page.after[0])}::${a.type}`;
    const y = `$${params.push(page.after[1])}::${b.type}`;
    where.push(`(${a.expr}, ${b.expr}) ${dir === 'DESC' ? '<' : '>'} (${x}, ${y})`);
  }
  return db.query<DashboardSermonRow>(
    `SELECT s.sermon_id, s.full_title, s.display_title, s.speaker_id, sp.display_name AS speaker_name,
            s.series_id, se.title AS series_title, s.event_type, s.language_code, s.preach_date,
            s.publish_timestamp, s.unpublished, s.has_audio, s.has_video, s.updated_at,
            (${a.expr})::text AS k0, (${b.expr})::text AS k1
       ${FROM}
      WHERE ${where.join(' AND ')}
      ORDER BY ${a.expr} ${dir}, ${b.expr} ${dir}
      LIMIT ${page.limit} OFFSET ${page.offset}`,
    params,
  );
}

/** The rows a dashboard list matches, for its total (catalogue/totals.ts settles it, counted once on page 1). */
export function dashboardMatching(f: DashboardFilter): Matching {
  const params: unknown[] = [];
  const where = dashboardWhere(f, params);
  return { from: `FROM sermon s WHERE ${where}`, params };
}
