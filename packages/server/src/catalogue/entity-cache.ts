import type { Db } from '../db/db.ts';
import { deepFreeze } from '../deep-freeze.ts';
import { broadcastersByIds, seriesByIds, speakersByIds } from './catalogue.queries.ts';
import type { BroadcasterRow, SeriesRow, SpeakerRow } from './rows.ts';

/**
 * Broadcasters, speakers and series as every sermon in a list shows them. They change rarely
 * and the same few appear on every page, so rows are kept in process for `ttlMs` (a minute by
 * default) instead of being joined and re-read for each sermon of each request.
 */
export type EntityCache = {
  broadcasters(ids: readonly string[]): Promise<Map<string, BroadcasterRow>>;
  speakers(ids: readonly number[]): Promise<Map<number, SpeakerRow>>;
  series(ids: readonly number[]): Promise<Map<number, SeriesRow>>;
  /** Drops these rows, so the next read has them as they are now (catalogue/catalogue-changes.ts). */
  forget(change: {
    broadcasterIds?: readonly string[];
    speakerIds?: readonly number[];
    seriesIds?: readonly number[];
  }): void;
};

type Options = { ttlMs?: number; maxEntries?: number };

function cachedLoader<K extends string | number, R>(
  load: (ids: K[]) => Promise<R[]>,
  idOf: (row: R) => K,
  options: Options,
) {
  const ttl = options.ttlMs ?? 60_000;
  const max = options.maxEntries ?? 20_000;
  const entries = new Map<K, { row: R; at: number }>();
  const read = async (ids: readonly K[]): Promise<Map<K, R>> => {
    const now = Date.now();
    const found = new Map<K, R>();
    const missing: K[] = [];
    for (const id of new Set(ids)) {
      const entry = entries.get(id);
      if (entry && now - entry.at < ttl) found.set(id, entry.row);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await load(missing);
      for (const row of rows) {
        // Shared by every request until it expires, and handed to renders inside API answers
        // (http/in-process.ts): frozen, so that no reader can change it for the others.
        deepFreeze(row);
        const id = idOf(row);
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
  return Object.assign(read, {
    forget: (ids: readonly K[]) => {
      for (const id of ids) entries.delete(id);
    },
  });
}

export function entityCache(db: Db, options: Options = {}): EntityCache {
  const broadcasters = cachedLoader(
    (ids: string[]) => broadcastersByIds(db, ids),
    (b) => b.broadcaster_id,
    options,
  );
  const speakers = cachedLoader(
    (ids: number[]) => speakersByIds(db, ids),
    (sp) => sp.speaker_id,
    options,
  );
  const series = cachedLoader(
    (ids: number[]) => seriesByIds(db, ids),
    (se) => se.series_id,
    options,
  );
  return {
    broadcasters,
    speakers,
    series,
    forget(change) {
      broadcasters.forget(change.broadcasterIds ?? []);
      speakers.forget(change.speakerIds ?? []);
      series.forget(change.seriesIds ?? []);
    },
  };
}
