import type { Db } from '../db/db.ts';
import { markAttended } from './webcasts.queries.ts';

/**
 * Notes that someone watches a live webcast (a player fetching its HLS files, a manager's live
 * panel asking its health), for the unattended stop (webcast-stops.ts): saved at most once per
 * `everyMs` per webcast, so a crowd of viewers costs one write now and then.
 */
export function attendance(db: Db, options: { everyMs: number; onError(e: unknown): void }) {
  const saved = new Map<string, number>();
  return {
    seen(webcastId: string) {
      const now = Date.now();
      if (now - (saved.get(webcastId) ?? Number.NEGATIVE_INFINITY) < options.everyMs) return;
      if (saved.size > 10_000) {
        for (const [id, at] of saved) if (now - at >= options.everyMs) saved.delete(id);
      }
      saved.set(webcastId, now);
      void markAttended(db, webcastId).catch(options.onError);
    },
  };
}
