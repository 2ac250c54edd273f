import type { Db } from '../db/db.ts';
import { addViewing } from './webcasts.queries.ts';

/**
 * Viewing of live webcasts and replays, measured at their HLS files in this process: each
 * segment fetched is `segmentSeconds` watched; viewers are told apart by address. Saved every
 * `flushMs` (peak: distinct addresses fetching within the last window). Behind a CDN only the
 * CDN's misses reach here, so the figures are a floor.
 */
export type ViewerCounter = { segmentFetched(webcastId: string, viewer: string): void; stop(): Promise<void> };

/** At most this many addresses are remembered per webcast for its total. */
const MAX_REMEMBERED = 50_000;

export function viewerCounter(
  db: Db,
  options: { segmentSeconds: number; flushMs?: number; onError?(e: unknown): void },
) {
  const flushMs = options.flushMs ?? 10_000;
  type Tally = { segments: number; window: Set<string>; seen: Set<string>; newViewers: number };
  const tallies = new Map<string, Tally>();

  const flush = async () => {
    for (const [id, t] of tallies) {
      if (!t.segments && !t.newViewers) continue;
      const v = {
        concurrent: t.window.size,
        newViewers: t.newViewers,
        minutes: (t.segments * options.segmentSeconds) / 60,
      };
      t.segments = 0;
      t.newViewers = 0;
      t.window = new Set();
      await addViewing(db, id, v).catch((e) => options.onError?.(e));
    }
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    segmentFetched(webcastId: string, viewer: string) {
      let t = tallies.get(webcastId);
      if (!t) {
        t = { segments: 0, window: new Set(), seen: new Set(), newViewers: 0 };
        tallies.set(webcastId, t);
      }
      t.segments += 1;
      t.window.add(viewer);
      if (!t.seen.has(viewer) && t.seen.size < MAX_REMEMBERED) {
        t.seen.add(viewer);
        t.newViewers += 1;
      }
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
  } satisfies ViewerCounter;
}
