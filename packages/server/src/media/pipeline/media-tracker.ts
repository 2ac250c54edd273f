import { type Actor, requireManager } from '../../accounts/guards.ts';
import type { Db } from '../../db/db.ts';
import { notFound } from '../../errors.ts';
import { trackerEvents } from '../media-state.ts';
import { sermonBroadcaster } from '../uploads/uploads.queries.ts';
import { renditionDurations } from './media-items.ts';

/**
 * `GET node/sermons/{id}/media_tracker`: the sermon's media history and where it stands, for
 * its broadcaster's key, its managers and site admins.
 */
export async function mediaTracker(db: Db, actor: Actor, sermonId: string) {
  const owner = await sermonBroadcaster(db, sermonId);
  if (!owner) throw notFound('error.sermonNotFound');
  requireManager(actor, owner);
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
