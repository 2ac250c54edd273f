import { PUBLISHED } from '../catalogue/counts.ts';
import type { Db } from '../db/db.ts';
import { LASTMOD_FLOOR } from './sitemap-rules.ts';

/**
 * SQL of the sitemaps. Big kinds are read in keyset batches (never the whole table, never
 * OFFSET over what was already written), and cut into parts at keys found by one index-only
 * `OFFSET n LIMIT 1` each, so any part can be produced without reading the parts before it.
 */

/** lastmod of a row: its own change time in UTC as a date, never before the floor. */
const lastmodOf = (timestamp: string) => `greatest((${timestamp} AT TIME ZONE 'UTC')::date, DATE '${LASTMOD_FLOOR}')`;

export type Key = readonly (string | number)[];
type KeyColumn = { expr: string; type: 'date' | 'text' | 'bigint' };

/** A row as the batch queries return it: its key in k0, k1, ... plus the kind's columns. */
export type Row = Record<string, unknown>;

/**
 * A kind read in keyset batches. Parts are cut over the rows of `partFilter` (for sermons all
 * rows of a year, answered from the (preach_date, sermon_id) index alone); the rows written are
 * those that also pass `rowFilter` (published), so a part never holds more than it was cut to.
 */
export type KeyedSource = {
  table: string;
  keys: readonly KeyColumn[];
  /** The group's condition (a year for sermons); `param` adds a parameter and returns $n. */
  partFilter: (param: (v: unknown) => string, group: number | null) => string;
  rowFilter: string | null;
  /** Columns of the inner keyset query. */
  columns: string;
  /** Wraps the inner query (alias `r`) to join what the entries need; must keep its columns. */
  enrich?: { select: string; joins: string };
  /** The kind's newest lastmod, over the rows written (index lastmod of its files). */
  lastmod: string;
};

const yearRange = (param: (v: unknown) => string, year: number | null) =>
  `s.preach_date >= ${param(`${year}-01-01`)}::date AND s.preach_date < ${param(`${(year ?? 0) + 1}-01-01`)}::date`;

export const SOURCES = {
  sermons: {
    table: 'sermon s',
    keys: [
      { expr: 's.preach_date', type: 'date' },
      { expr: 's.sermon_id', type: 'text' },
    ],
    partFilter: yearRange,
    rowFilter: PUBLISHED,
    columns: `s.sermon_id, s.preach_date, s.pick_date IS NOT NULL AS pick, ${lastmodOf('s.updated_at')} AS lastmod`,
    lastmod: lastmodOf('s.updated_at'),
  },
  videos: {
    table: 'sermon s',
    keys: [
      { expr: 's.preach_date', type: 'date' },
      { expr: 's.sermon_id', type: 'text' },
    ],
    partFilter: () => 's.has_video',
    rowFilter: PUBLISHED,
    columns: `s.sermon_id, s.preach_date, s.pick_date IS NOT NULL AS pick, ${lastmodOf('s.updated_at')} AS lastmod,
      s.broadcaster_id, s.speaker_id, s.full_title, s.display_title, s.subtitle, s.more_info_text, s.bible_text,
      s.keywords, s.video_duration_seconds, s.video_thumbnail_storage_key,
      to_char(s.publish_timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS published_at`,
    enrich: {
      select: `b.display_name AS broadcaster_name, b.image_url AS broadcaster_image, sp.display_name AS speaker_name,
        mv.storage_key AS video_key, mv.external_url AS video_url, mv.thumbnail_storage_key AS video_thumb`,
      joins: `JOIN broadcaster b ON b.broadcaster_id = r.broadcaster_id
        JOIN speaker sp ON sp.speaker_id = r.speaker_id
        LEFT JOIN LATERAL (
          SELECT m.storage_key, m.external_url, m.thumbnail_storage_key FROM media_item m
           WHERE m.sermon_id = r.sermon_id AND m.media_type = 'mp4' AND NOT m.live
           ORDER BY array_position(ARRAY['1080p', 'high', '720p', '360p', 'low'], m.quality), m.media_id
           LIMIT 1) mv ON true`,
    },
    lastmod: lastmodOf('s.updated_at'),
  },
  broadcasters: {
    table: 'broadcaster b',
    keys: [{ expr: 'b.broadcaster_id', type: 'text' }],
    partFilter: () => 'NOT b.disabled',
    rowFilter: null,
    columns: `b.broadcaster_id, ${lastmodOf('b.updated_at')} AS lastmod`,
    lastmod: lastmodOf('b.updated_at'),
  },
  speakers: {
    table: 'speaker sp',
    keys: [{ expr: 'sp.speaker_id', type: 'bigint' }],
    partFilter: () => 'NOT sp.placeholder AND sp.sermon_count > 0',
    rowFilter: null,
    // Speakers have no change time: their page changes with their sermons (newest preach date,
    // never in the future) or when they were added.
    columns: `sp.speaker_id, ${speakerLastmod()} AS lastmod`,
    lastmod: speakerLastmod(),
  },
  series: {
    table: 'series se',
    keys: [{ expr: 'se.series_id', type: 'bigint' }],
    partFilter: () => 'se.sermon_count > 0',
    rowFilter: null,
    columns: `se.series_id, ${lastmodOf('se.updated_at')} AS lastmod`,
    lastmod: lastmodOf('se.updated_at'),
  },
  hashtags: {
    table: 'hashtag h',
    keys: [{ expr: 'h.hashtag', type: 'text' }],
    partFilter: () => 'h.sermon_count > 0',
    rowFilter: null,
    columns: `h.hashtag, ${lastmodOf('h.updated_at')} AS lastmod`,
    lastmod: lastmodOf('h.updated_at'),
  },
  articles: {
    table: 'article a',
    keys: [
      { expr: 'a.broadcaster_id', type: 'text' },
      { expr: 'a.slug', type: 'text' },
    ],
    partFilter: () => 'NOT a.draft',
    rowFilter: null,
    columns: `a.broadcaster_id, a.slug, ${lastmodOf('a.updated_at')} AS lastmod`,
    lastmod: lastmodOf('a.updated_at'),
  },
} as const satisfies Record<string, KeyedSource>;

function speakerLastmod() {
  return `greatest((sp.created_at AT TIME ZONE 'UTC')::date, least(sp.most_recent_preach_date, current_date), DATE '${LASTMOD_FLOOR}')`;
}

export type KeyedKind = keyof typeof SOURCES;

function params() {
  const values: unknown[] = [];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  return { values, param };
}

const keyList = (src: KeyedSource) => src.keys.map((k) => k.expr).join(', ');
const keyAliases = (src: KeyedSource) => src.keys.map((k, i) => `${k.expr} AS k${i}`).join(', ');
const keyValues = (src: KeyedSource, key: Key, param: (v: unknown) => string) =>
  src.keys.map((k, i) => `${param(key[i])}::${k.type}`).join(', ');

/** How many rows the group's parts are cut from (sermons: all of a year, from the index). */
export async function countRows(db: Db, src: KeyedSource, group: number | null): Promise<number> {
  const { values, param } = params();
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${src.table} WHERE ${src.partFilter(param, group)}`,
    values,
    { prepare: true },
  );
  return row?.n ?? 0;
}

/** The key of the row `offset` rows into the group (a part boundary). */
export async function keyAt(db: Db, src: KeyedSource, group: number | null, offset: number): Promise<Key | null> {
  const { values, param } = params();
  const rows = await db.query<Row>(
    `SELECT ${keyAliases(src)} FROM ${src.table} WHERE ${src.partFilter(param, group)}
      ORDER BY ${keyList(src)} OFFSET ${param(offset)} LIMIT 1`,
    values,
    { prepare: true },
  );
  return rows[0] ? keyOf(src, rows[0]) : null;
}

export function keyOf(src: KeyedSource, row: Row): Key {
  return src.keys.map((_, i) => row[`k${i}`] as string | number);
}

export type Range = { group: number | null; from: Key | null; to: Key | null };

/**
 * Up to `limit` rows of a part after `after` (exclusive; null: from the part's start), in key
 * order. The keyset query runs on its own and the joins only on the rows it returned, so the
 * planner cannot trade the index order for a hash join and a sort.
 */
export function batch(db: Db, src: KeyedSource, range: Range, after: Key | null, limit: number): Promise<Row[]> {
  const { values, param } = params();
  const where = [src.partFilter(param, range.group)];
  if (src.rowFilter) where.push(src.rowFilter);
  const keys = `(${keyList(src)})`;
  if (after) where.push(`${keys} > (${keyValues(src, after, param)})`);
  else if (range.from) where.push(`${keys} >= (${keyValues(src, range.from, param)})`);
  if (range.to) where.push(`${keys} < (${keyValues(src, range.to, param)})`);
  const inner = `SELECT ${src.columns}, ${keyAliases(src)} FROM ${src.table}
    WHERE ${where.join(' AND ')} ORDER BY ${keyList(src)} LIMIT ${param(limit)}`;
  const order = src.keys.map((_, i) => `r.k${i}`).join(', ');
  const text = src.enrich
    ? `SELECT r.*, ${src.enrich.select} FROM (${inner}) r ${src.enrich.joins} ORDER BY ${order}`
    : inner;
  return db.query<Row>(text, values, { prepare: true });
}

/** Rows and newest lastmod of a kind that is not split by year (for the index). */
export async function kindTotals(db: Db, src: KeyedSource): Promise<{ n: number; lastmod: string | null }> {
  const { values, param } = params();
  const where = [src.partFilter(param, null)];
  if (src.rowFilter) where.push(src.rowFilter);
  const [row] = await db.query<{ n: number; lastmod: string | null }>(
    `SELECT count(*)::int AS n, max(${src.lastmod}) AS lastmod FROM ${src.table} WHERE ${where.join(' AND ')}`,
    values,
  );
  return { n: row?.n ?? 0, lastmod: row?.lastmod ?? null };
}

export type MonthRow = {
  year: number;
  month: number;
  total: number;
  published: number;
  lastmod: string | null;
  videos_total: number;
  videos_published: number;
  videos_lastmod: string | null;
};
export type CategoryRow = { event_type: string; lastmod: string };
export type ScriptureRow = { book_index: number; chapter: number; lastmod: string };
export type TopicRow = { topic_id: number; name: string; lastmod: string };

/**
 * One pass over all sermons: per month, every row (what parts are cut from), the published ones
 * and their newest lastmod, the same for videos; per event type, the published ones. About 1 s
 * at 2.1M sermons, so the service keeps the result for a while.
 */
export async function sermonSummary(db: Db): Promise<{ months: MonthRow[]; categories: CategoryRow[] }> {
  const pub = `(${PUBLISHED})`;
  const rows = await db.query<MonthRow & { event_type: string | null; by_event: boolean }>(
    `SELECT extract(year FROM preach_date)::int AS year, extract(month FROM preach_date)::int AS month,
            event_type, GROUPING(event_type) = 0 AS by_event,
            count(*)::int AS total,
            count(*) FILTER (WHERE ${pub})::int AS published,
            max(${lastmodOf('updated_at')}) FILTER (WHERE ${pub}) AS lastmod,
            count(*) FILTER (WHERE has_video)::int AS videos_total,
            count(*) FILTER (WHERE has_video AND ${pub})::int AS videos_published,
            max(${lastmodOf('updated_at')}) FILTER (WHERE has_video AND ${pub}) AS videos_lastmod
       FROM sermon
      GROUP BY GROUPING SETS ((extract(year FROM preach_date), extract(month FROM preach_date)), (event_type))`,
  );
  const months: MonthRow[] = [];
  const categories: CategoryRow[] = [];
  for (const r of rows) {
    if (r.by_event) {
      if (r.published > 0 && r.event_type !== null && r.lastmod) {
        categories.push({ event_type: r.event_type, lastmod: r.lastmod });
      }
    } else {
      months.push({
        year: r.year,
        month: r.month,
        total: r.total,
        published: r.published,
        lastmod: r.lastmod,
        videos_total: r.videos_total,
        videos_published: r.videos_published,
        videos_lastmod: r.videos_lastmod,
      });
    }
  }
  months.sort((a, b) => a.year - b.year || a.month - b.month);
  categories.sort((a, b) => (a.event_type < b.event_type ? -1 : a.event_type > b.event_type ? 1 : 0));
  return { months, categories };
}

/** Book chapters with published sermons, in canon order, with their newest sermon change. */
export function scriptureSummary(db: Db): Promise<ScriptureRow[]> {
  return db.query<ScriptureRow>(
    `SELECT r.book_index, r.chapter, max(${lastmodOf('s.updated_at')}) AS lastmod
       FROM sermon_scripture r JOIN sermon s ON s.sermon_id = r.sermon_id
      WHERE ${PUBLISHED.replaceAll('publish_timestamp', 's.publish_timestamp')}
      GROUP BY r.book_index, r.chapter
      ORDER BY r.book_index, r.chapter`,
  );
}

/** Topics with published sermons, with their newest sermon change. */
export function topicSummary(db: Db): Promise<TopicRow[]> {
  return db.query<TopicRow>(
    `SELECT st.topic_id, t.name, max(${lastmodOf('s.updated_at')}) AS lastmod
       FROM sermon_topic st JOIN sermon s ON s.sermon_id = st.sermon_id JOIN topic t ON t.topic_id = st.topic_id
      WHERE ${PUBLISHED.replaceAll('publish_timestamp', 's.publish_timestamp')}
      GROUP BY st.topic_id, t.name ORDER BY st.topic_id`,
  );
}

/** lastmod of the newest published sermon change (pages that list the catalogue). */
export async function catalogueLastmod(db: Db): Promise<string | null> {
  const [row] = await db.query<{ lastmod: string }>(
    `SELECT ${lastmodOf('updated_at')} AS lastmod FROM sermon WHERE ${PUBLISHED}
      ORDER BY updated_at DESC, sermon_id DESC LIMIT 1`,
    [],
    { prepare: true },
  );
  return row?.lastmod ?? null;
}

/** Whether a published sermon matches `where` (fixed SQL of sitemap-rules.ts, on an index). */
export async function anyPublishedSermon(db: Db, where: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM sermon WHERE ${where} AND ${PUBLISHED} LIMIT 1`, [], { prepare: true });
  return rows.length > 0;
}

/** The tables of the hymns and psalms kinds (a few hundred rows each, product content). */
export type SongTable = 'hymn' | 'psalter_selection';

/** How many hymns or psalms there are, and the newest lastmod among them. */
export async function songTotals(db: Db, table: SongTable): Promise<{ n: number; lastmod: string | null }> {
  const [row] = await db.query<{ n: number; lastmod: string | null }>(
    `SELECT count(*)::int AS n, max(${lastmodOf('updated_at')}) AS lastmod FROM ${table}`,
  );
  return row ?? { n: 0, lastmod: null };
}

/** Every hymn or psalm by its URL id in the book's order, with its lastmod. */
export function songRows(db: Db, table: SongTable): Promise<{ id: string; lastmod: string }[]> {
  return db.query(`SELECT id, ${lastmodOf('updated_at')} AS lastmod FROM ${table} ORDER BY seq`);
}
