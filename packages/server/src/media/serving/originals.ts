import { managesBroadcaster } from '@kerygma/domain/roles';
import type { FastifyRequest } from 'fastify';
import { type GuardDeps, optionalSession, roleHolder } from '../../accounts/guards.ts';
import { API_KEY_HEADER, broadcasterForKey } from '../api-keys.ts';
import { originalOwner } from './originals.queries.ts';

/**
 * Original uploads (`<sermonID>/original/<guid>.<ext>`, kept so media can be encoded again)
 * belong to the broadcaster: only its API key, its managers (any role) and site admins read them. To anyone else the media route
 * answers 404, as for a file that does not exist, so not even their existence shows.
 * Documents (PDF, text) are media items served from their original, as public as the
 * sermon's other media.
 */
export const isOriginalKey = (key: string) => /^[^/]+\/original\//.test(key);

/**
 * Who the original `key` may go to on this request: everyone (a document), this request as its
 * owner's, or no one.
 */
export async function originalAccess(
  deps: GuardDeps,
  req: FastifyRequest,
  key: string,
): Promise<'public' | 'owner' | 'none'> {
  const { db } = deps;
  const original = await originalOwner(db, key.split('/')[0] as string, key);
  if (!original) return 'none';
  if (original.is_item) return 'public';
  const header = req.headers[API_KEY_HEADER];
  const broadcasterId = await broadcasterForKey(db, Array.isArray(header) ? header[0] : header);
  if (broadcasterId !== undefined && broadcasterId === original.broadcaster_id) return 'owner';
  const session = await optionalSession(deps, req);
  return session && managesBroadcaster(roleHolder(session.user), original.broadcaster_id) ? 'owner' : 'none';
}
