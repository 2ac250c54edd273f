import type { Db } from '../../db/db.ts';
import { addCounts, type CountIncrement } from './media-counters.queries.ts';

/**
 * Download and play counts of media requests. Requests only bump an in-process tally; it goes
 * to the database in one statement every `flushMs` (and on shutdown), so counting never slows
 * a response and a burst of plays is one write, not thousands.
 */
export type MediaCounters = {
  record(sermonId: string, event: 'download' | 'play', kind: 'audio' | 'video'): void;
  flush(): Promise<void>;
  stop(): Promise<void>;
};

/** The counters a request of each kind adds one to. */
const COUNTS: Record<string, readonly (keyof Omit<CountIncrement, 'sermonId'>)[]> = {
  'download:audio': ['downloads'],
  'download:video': ['videoDownloads'],
  'play:audio': ['plays', 'audioPlays'],
  'play:video': ['plays', 'videoPlays'],
};

export function mediaCounters(db: Db, { flushMs = 5000, onError = (_e: unknown) => {} } = {}): MediaCounters {
  let tally = new Map<string, number>(); // '<sermonId>\t<event>:<kind>' → count
  const flush = async () => {
    if (tally.size === 0) return;
    const batch = tally;
    tally = new Map();
    const rows = [...batch].map(([key, n]) => {
      const [sermonId, what] = key.split('\t') as [string, string];
      const row: CountIncrement = { sermonId, downloads: 0, videoDownloads: 0, plays: 0, audioPlays: 0, videoPlays: 0 };
      for (const counter of COUNTS[what] ?? []) row[counter] = n;
      return row;
    });
    await addCounts(db, rows);
  };
  const timer = setInterval(() => flush().catch(onError), flushMs);
  timer.unref();
  return {
    record(sermonId, event, kind) {
      const key = `${sermonId}\t${event}:${kind}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
