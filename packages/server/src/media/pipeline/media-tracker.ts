import type { Db } from '../../db/db.ts';
import { notFound } from '../../errors.ts';
import { trackerEvents } from '../media-state.ts';
import { renditionDurations } from './media-items.ts';
import { sermonExists } from './pipeline.queries.ts';

/** `GET node/sermons/{id}/media_tracker`: the sermon's media history and where it stands. */
export async function mediaTracker(db: Db, sermonId: string) {
  if (!(await sermonExists(db, sermonId))) throw notFound('error.sermonNotFound');
  const events = await trackerEvents(db, sermonId);
  const last = events[events.length - 1];
  return {
    sermonID: sermonId,
    state: last?.state ?? null,
    failed: last?.failed ?? false,
    mediaUnlinked: (await renditionDurations(db, sermonId)).unlinked,
    events,
  };
}
