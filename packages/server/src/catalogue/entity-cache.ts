import type { Db } from '../db/db.ts';
import { deepFreeze } from '../deep-freeze.ts';
import type { Row } from './dto.ts';

/**
 * Broadcasters, speakers and series as every sermon in a list shows them. They change rarely
 * and the same few appear on every page, so rows are kept in process for `ttlMs` (a minute by
 * default) instead of being joined and re-read for each sermon of each request.
 */
export type EntityCache = {
  broadcasters(ids: readonly string[]): Promise<Map<string, Row>>;
  speakers(ids: readonly number[]): Promise<Map<number, Row>>;
  series(ids: readonly number[]): Promise<Map<number, Row>>;
};

type Options = { ttlMs?: number; maxEntries?: number };

function cachedLoader<K extends string | number>(db: Db, sql: string, idColumn: string, options: Options) {
  const ttl = options.ttlMs ?? 60_000;
  const max = options.maxEntries ?? 20_000;
  const entries = new Map<K, { row: Row; at: number }>();
  return async (ids: readonly K[]): Promise<Map<K, Row>> => {
    const now = Date.now();
    const found = new Map<K, Row>();
    const missing: K[] = [];
    for (const id of new Set(ids)) {
      const entry = entries.get(id);
      if (entry && now - entry.at < ttl) found.set(id, entry.row);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await db.query<Row>(sql, [missing], { prepare: true });
      for (const row of rows) {
        // Shared by every request until it expires, and handed to renders inside API answers
        // (http/in-process.ts): frozen, so that no reader can change it for the others.
        deepFreeze(row);
        const id = row[idColumn] as K;
        entries.delete(id); // re-insert at the end: Map order is the eviction order
        entries.set(id, { row, at: now });
        found.set(id, row);
      }
      for (const oldest of entries.keys()) {
        if (entries.size <= max) break;
        entries.delete(oldest);
      }
    }
    return found;
  };
}

export function entityCache(db: Db, options: Options = {}): EntityCache {
  return {
    broadcasters: cachedLoader<string>(
      db,
      'SELECT * FROM broadcaster WHERE broadcaster_id = ANY($1::text[])',
      'broadcaster_id',
      options,
    ),
    speakers: cachedLoader<number>(
      db,
      'SELECT * FROM speaker WHERE speaker_id = ANY($1::int8[])',
      'speaker_id',
      options,
    ),
    series: cachedLoader<number>(
      db,
      `SELECT se.*, (SELECT display_name FROM speaker WHERE speaker_id = se.podcast_speaker_id) AS podcast_speaker_name
         FROM series se WHERE se.series_id = ANY($1::int8[])`,
      'series_id',
      options,
    ),
  };
}
