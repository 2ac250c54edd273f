import type { Db } from '../db/db.ts';
import type { MessageRef } from '../errors.ts';
import type { MappedFeed, MappedItem } from './map-feed.ts';

/** SQL of feed imports (migration 0051): the import, its items, and what is already imported. */

export type ImportRow = {
  import_id: number;
  broadcaster_id: string;
  source_url: string | null;
  state: 'preview' | 'importing';
  channel: MappedFeed['channel'];
  publish: 'published' | 'draft';
  speaker_merges: Record<string, string>;
  created_at: Date;
};

export type ItemRow = {
  position: number;
  guid: string;
  title: string;
  preach_date: string;
  description: string;
  subtitle: string | null;
  speaker_name: string;
  series_title: string | null;
  bible_text: string | null;
  enclosure_url: string | null;
  enclosure_type: string | null;
  enclosure_length: number | null;
  duration_seconds: number | null;
  chapters_url: string | null;
  include: boolean;
  sermon_id: string | null;
  /** As stored, except an encoding one whose sermon is now playable (done) or whose encode failed. */
  media_state: 'waiting' | 'fetching' | 'encoding' | 'done' | 'failed' | null;
  media_error: MessageRef | null;
  upload_guid: string | null;
  /** A sermon of the broadcaster already has this guid or enclosure (not this item's own). */
  already_imported: boolean;
};

const IMPORT = `SELECT import_id::int4 AS import_id, broadcaster_id, source_url, state, channel, publish, speaker_merges,
                       created_at FROM feed_import`;

export async function insertImport(
  tx: Db,
  i: { broadcasterId: string; sourceUrl: string | null; channel: MappedFeed['channel'] },
): Promise<number> {
  const [row] = await tx.query<{ import_id: number }>(
    `INSERT INTO feed_import (broadcaster_id, source_url, channel) VALUES ($1, $2, $3::jsonb)
     RETURNING import_id::int4 AS import_id`,
    [i.broadcasterId, i.sourceUrl, JSON.stringify(i.channel)],
  );
  return (row as { import_id: number }).import_id;
}

/** Writes the items in one statement (a feed has up to 5,000). */
export async function insertItems(tx: Db, importId: number, items: readonly MappedItem[]): Promise<void> {
  await tx.query(
    `INSERT INTO feed_import_item (import_id, position, guid, title, preach_date, description, subtitle, speaker_name,
                                   series_title, bible_text, enclosure_url, enclosure_type, enclosure_length,
                                   duration_seconds, chapters_url)
     SELECT $1, r.position, r.guid, r.title, r.preach_date, r.description, r.subtitle, r.speaker_name, r.series_title,
            r.bible_text, r.enclosure_url, r.enclosure_type, r.enclosure_length, r.duration_seconds, r.chapters_url
       FROM jsonb_to_recordset($2::jsonb) AS r(position int, guid text, title text, preach_date date, description text,
            subtitle text, speaker_name text, series_title text, bible_text text, enclosure_url text,
            enclosure_type text, enclosure_length bigint, duration_seconds int, chapters_url text)`,
    [
      importId,
      JSON.stringify(
        items.map((it, position) => ({
          position,
          guid: it.guid,
          title: it.title,
          preach_date: it.preachDate,
          description: it.description,
          subtitle: it.subtitle,
          speaker_name: it.speakerName,
          series_title: it.seriesTitle,
          bible_text: it.bibleText,
          enclosure_url: it.enclosureURL,
          enclosure_type: it.enclosureType,
          enclosure_length: it.enclosureLength,
          duration_seconds: it.durationSeconds,
          chapters_url: it.chaptersURL,
        })),
      ),
    ],
  );
}

/** One import; `lock` holds its row until the transaction ends. */
export async function importById(db: Db, importId: number, lock = false): Promise<ImportRow | undefined> {
  const [row] = await db.query<ImportRow>(`${IMPORT} WHERE import_id = $1${lock ? ' FOR UPDATE' : ''}`, [importId]);
  return row;
}

export async function broadcasterImports(db: Db, broadcasterId: string): Promise<ImportRow[]> {
  return db.query<ImportRow>(`${IMPORT} WHERE broadcaster_id = $1 ORDER BY import_id DESC LIMIT 100`, [broadcasterId]);
}

/** The items of an import, in feed order, with their media's state as it now is. */
export async function importItems(db: Db, importId: number): Promise<ItemRow[]> {
  return db.query<ItemRow>(
    `SELECT i.position, i.guid, i.title, to_char(i.preach_date, 'YYYY-MM-DD') AS preach_date, i.description,
            i.subtitle, i.speaker_name, i.series_title, i.bible_text, i.enclosure_url, i.enclosure_type,
            i.enclosure_length::int8 AS enclosure_length, i.duration_seconds, i.chapters_url, i.include, i.sermon_id,
            i.upload_guid,
            CASE WHEN i.media_state = 'encoding' AND (s.has_audio OR s.has_video) THEN 'done'
                 WHEN i.media_state = 'encoding' AND fail.detail IS NOT NULL THEN 'failed'
                 ELSE i.media_state END AS media_state,
            CASE WHEN i.media_state = 'encoding' AND NOT (s.has_audio OR s.has_video) AND fail.detail IS NOT NULL
                 THEN jsonb_build_object('key', 'feedImport.error.encodeFailed')
                 ELSE i.media_error END AS media_error,
            (i.sermon_id IS NULL AND (
               EXISTS (SELECT 1 FROM sermon o WHERE o.broadcaster_id = f.broadcaster_id AND o.feed_guid = i.guid)
               OR (i.enclosure_url IS NOT NULL AND EXISTS (
                     SELECT 1 FROM feed_import_item oi JOIN feed_import oimp USING (import_id)
                      WHERE oi.enclosure_url = i.enclosure_url AND oi.sermon_id IS NOT NULL
                        AND oimp.broadcaster_id = f.broadcaster_id)))) AS already_imported
       FROM feed_import_item i
       JOIN feed_import f USING (import_id)
       LEFT JOIN sermon s ON s.sermon_id = i.sermon_id
       LEFT JOIN LATERAL (SELECT e.detail FROM media_event e
                           WHERE e.upload_guid = i.upload_guid AND e.failed
                           ORDER BY e.event_id DESC LIMIT 1) fail ON i.media_state = 'encoding'
      WHERE i.import_id = $1
      ORDER BY i.position`,
    [importId],
  );
}

export async function setPublish(tx: Db, importId: number, publish: 'published' | 'draft'): Promise<void> {
  await tx.query('UPDATE feed_import SET publish = $2, updated_at = now() WHERE import_id = $1', [importId, publish]);
}

export async function setMerges(tx: Db, importId: number, merges: Record<string, string>): Promise<void> {
  await tx.query('UPDATE feed_import SET speaker_merges = $2::jsonb, updated_at = now() WHERE import_id = $1', [
    importId,
    JSON.stringify(merges),
  ]);
}

/** Corrects one item (fields left undefined stay); false when the import has no such item. */
export async function correctItem(
  tx: Db,
  importId: number,
  guid: string,
  c: { include?: boolean | undefined; speakerName?: string | undefined; seriesTitle?: string | null | undefined },
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE feed_import_item SET include = coalesce($3::boolean, include), speaker_name = coalesce($4::text, speaker_name),
            series_title = CASE WHEN $5::boolean THEN $6::text ELSE series_title END
      WHERE import_id = $1 AND guid = $2 RETURNING position`,
    [importId, guid, c.include ?? null, c.speakerName ?? null, c.seriesTitle !== undefined, c.seriesTitle ?? null],
  );
  return rows.length > 0;
}

/** Takes the broadcaster's import lock: one import starts at a time per broadcaster (no twin sermons). */
export async function lockBroadcaster(tx: Db, broadcasterId: string): Promise<void> {
  await tx.query('SELECT 1 FROM broadcaster WHERE broadcaster_id = $1 FOR UPDATE', [broadcasterId]);
}

export async function setImporting(tx: Db, importId: number): Promise<void> {
  await tx.query(`UPDATE feed_import SET state = 'importing', updated_at = now() WHERE import_id = $1`, [importId]);
}

/**
 * After the sermons are made: each keeps its item's guid and chapters (and, `publish`, is
 * published at the transaction's time, the one the counters are recounted by; else stays a draft); each item records its sermon and, with an enclosure, that
 * its media wait for their job. Two statements, whatever the number of items.
 */
export async function markImported(
  tx: Db,
  importId: number,
  made: readonly { sermonId: string; item: ItemRow }[],
  publish: boolean,
): Promise<void> {
  if (made.length === 0) return;
  const rows = JSON.stringify(
    made.map(({ sermonId, item }) => ({
      sermon_id: sermonId,
      position: item.position,
      guid: item.guid,
      chapters_url: item.chapters_url,
      media: item.enclosure_url ? 'waiting' : null,
    })),
  );
  const recordset = `jsonb_to_recordset($1::jsonb) AS r(sermon_id text, position int, guid text, chapters_url text, media text)`;
  await tx.query(
    `UPDATE sermon s SET feed_guid = r.guid, chapters_url = r.chapters_url, publish_timestamp = CASE WHEN $2::boolean THEN now() END
       FROM ${recordset} WHERE s.sermon_id = r.sermon_id`,
    [rows, publish],
  );
  await tx.query(
    `UPDATE feed_import_item i SET sermon_id = r.sermon_id, media_state = r.media
       FROM ${recordset} WHERE i.import_id = $2 AND i.position = r.position`,
    [rows, importId],
  );
}

/**
 * Earlier imports' items of these guids whose media failed (fetching, or encoding) go back to
 * waiting, a failed original's slot let go (a slot never filled is reused); the items to queue.
 */
export async function retryFailedMedia(
  tx: Db,
  broadcasterId: string,
  guids: readonly string[],
): Promise<{ import_id: number; position: number }[]> {
  if (guids.length === 0) return [];
  return tx.query<{ import_id: number; position: number }>(
    `UPDATE feed_import_item i
        SET media_state = 'waiting', media_error = NULL,
            upload_guid = CASE WHEN (SELECT u.state FROM media_upload u WHERE u.guid = i.upload_guid) = 'created'
                               THEN i.upload_guid END
       FROM feed_import f, sermon s
      WHERE f.import_id = i.import_id AND f.broadcaster_id = $1 AND i.guid = ANY($2::text[])
        AND s.sermon_id = i.sermon_id AND i.enclosure_url IS NOT NULL AND NOT (s.has_audio OR s.has_video)
        AND (i.media_state = 'failed'
             OR (i.media_state = 'encoding'
                 AND EXISTS (SELECT 1 FROM media_event e WHERE e.upload_guid = i.upload_guid AND e.failed)))
      RETURNING i.import_id::int4 AS import_id, i.position`,
    [broadcasterId, guids],
  );
}

export async function deleteImport(tx: Db, importId: number): Promise<void> {
  await tx.query('DELETE FROM feed_import WHERE import_id = $1', [importId]);
}

// ---- the media job ----

export type MediaItemRow = {
  broadcaster_id: string;
  sermon_id: string | null;
  enclosure_url: string | null;
  enclosure_type: string | null;
  media_state: ItemRow['media_state'];
  upload_guid: string | null;
};

/** An item as the media job reads it. */
export async function mediaItem(db: Db, importId: number, position: number): Promise<MediaItemRow | undefined> {
  const [row] = await db.query<MediaItemRow>(
    `SELECT f.broadcaster_id, i.sermon_id, i.enclosure_url, i.enclosure_type, i.media_state, i.upload_guid
       FROM feed_import_item i JOIN feed_import f USING (import_id)
      WHERE i.import_id = $1 AND i.position = $2`,
    [importId, position],
  );
  return row;
}

export async function setMediaState(
  db: Db,
  importId: number,
  position: number,
  state: NonNullable<ItemRow['media_state']>,
  extra: { error?: MessageRef | null; uploadGuid?: string } = {},
): Promise<void> {
  await db.query(
    `UPDATE feed_import_item SET media_state = $3, media_error = $4::jsonb, upload_guid = coalesce($5, upload_guid)
      WHERE import_id = $1 AND position = $2`,
    [importId, position, state, extra.error ? JSON.stringify(extra.error) : null, extra.uploadGuid ?? null],
  );
}
