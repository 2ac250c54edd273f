import type { Db } from '../db/db.ts';
import { addViews, type SongTable } from './hymnal.queries.ts';

/**
 * Views of hymns and psalms, the 'popular' sort's measure. A request for one only bumps an
 * in-process tally; it goes to the database in one transaction every `flushMs` and when the app
 * closes (as media play counts do), so counting never slows a page.
 *
 * What is counted is a request for the hymn from the API: the site's pages ask once per render,
 * so a page served from the page cache (or a CDN) counts once per render, not per reader.
 */
export type HymnViews = {
  record(table: SongTable, id: string): void;
  flush(): Promise<void>;
  stop(): Promise<void>;
};

export function hymnViews(db: Db, { flushMs = 10_000, onError = (_e: unknown) => {} } = {}): HymnViews {
  let tally = new Map<string, { table: SongTable; id: string; n: number }>();
  const flush = async () => {
    if (tally.size === 0) return;
    const batch = [...tally.values()];
    tally = new Map();
    await addViews(db, batch);
  };
  const timer = setInterval(() => flush().catch(onError), flushMs);
  timer.unref();
  return {
    record(table, id) {
      const key = `${table}\t${id}`;
      const entry = tally.get(key) ?? { table, id, n: 0 };
      entry.n += 1;
      tally.set(key, entry);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush().catch(onError);
    },
  };
}
