import { SERIES_COLUMNS } from '../catalogue/catalogue.queries.ts';
import { PUBLISHED } from '../catalogue/counts.ts';
import type { SeriesRow, SpeakerRow } from '../catalogue/rows.ts';
import type { Db } from '../db/db.ts';

/** SQL of the reference room: a broadcaster's filter options and counts, and legacy path mappings. */

/** Published sermons of one broadcaster per event type or per language. */
export async function broadcasterSermonCounts(
  db: Db,
  column: 'event_type' | 'language_code',
  broadcasterId: string,
): Promise<Map<string, number>> {
  const rows = await db.query<{ k: string; n: number }>(
    `SELECT ${column} k, count(*)::int n FROM sermon
      WHERE broadcaster_id = $1 AND ${PUBLISHED} GROUP BY 1`,
    [broadcasterId],
  );
  return new Map(rows.map((r) => [r.k, r.n]));
}

/** The speakers of a broadcaster's published sermons, with how many each preached there. */
export function broadcasterSpeakers(db: Db, broadcasterId: string): Promise<(SpeakerRow & { n: number })[]> {
  return db.query<SpeakerRow & { n: number }>(
    `SELECT sp.*, c.n FROM (SELECT speaker_id, count(*)::int n FROM sermon WHERE broadcaster_id = $1 AND ${PUBLISHED} GROUP BY 1) c
       JOIN speaker sp USING (speaker_id) ORDER BY sp.sort_name`,
    [broadcasterId],
  );
}

export function broadcasterSeries(db: Db, broadcasterId: string): Promise<SeriesRow[]> {
  return db.query<SeriesRow>(`SELECT ${SERIES_COLUMNS} FROM series se WHERE se.broadcaster_id = $1 ORDER BY se.title`, [
    broadcasterId,
  ]);
}

/** The years of a broadcaster's published sermons, latest first. */
export async function broadcasterYears(db: Db, broadcasterId: string): Promise<number[]> {
  const rows = await db.query<{ y: number }>(
    `SELECT DISTINCT extract(year FROM preach_date)::int y FROM sermon WHERE broadcaster_id = $1 AND ${PUBLISHED} ORDER BY 1 DESC`,
    [broadcasterId],
  );
  return rows.map((r) => r.y);
}

/** The stored targets of these legacy paths (path-mappings.ts). */
export function pathMappings(db: Db, paths: readonly string[]): Promise<{ path: string; url: string }[]> {
  return db.query<{ path: string; url: string }>(
    'SELECT path, url FROM path_mapping WHERE path = ANY($1::text[])',
    [paths],
    {
      prepare: true,
    },
  );
}
