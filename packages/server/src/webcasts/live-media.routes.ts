import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { managesBroadcaster } from '@kerygma/domain/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../accounts/cookies.ts';
import { optionalSession, roleHolder } from '../accounts/guards.ts';
import type { ApiDeps } from '../app-deps.ts';
import { ApiError, notFound } from '../errors.ts';
import { urlsFor } from '../http/request-context.ts';
import { linkSecret } from '../library/unsubscribe-token.ts';
import { attendance } from './attendance.ts';
import { PLAYLIST, SEGMENT_PATTERN } from './hls-packager.ts';
import { trimToWindow } from './live-playlist.ts';
import { MASTER_PLAYLIST, MEDIA_PLAYLISTS } from './live-rungs.ts';
import { MEDIA_PASS_COOKIE, mediaPass, passValid, setMediaPass } from './media-pass.ts';
import { viewerCounter } from './viewer-counter.ts';
import { attendanceEveryMs } from './webcast-stops.ts';
import { type WebcastRow, webcastById } from './webcasts.queries.ts';

/**
 * The webcasts' HLS files, outside the API base: /live-media/<webcastID>/index.m3u8 and its
 * segments, from `<dataDir>/live` (live-ingest.ts writes them), and with the lower rung
 * (live-rungs.ts) master.m3u8 and low.m3u8. While live the rungs' playlists are cut to the DVR
 * window; a master not written (yet, or before the rung was turned on) sends the player to the
 * main rung's playlist. Who may fetch them:
 * - an open webcast's, anyone, cacheable by a CDN: segments never change (immutable, a year),
 *   the live playlists live one second, a replay's a minute;
 * - a password-protected one's, whoever holds its media pass (media-pass.ts, given by the
 *   one-webcast call with the right password), sent `private` so no shared cache keeps them;
 * - an ended webcast whose replay is 'none' has no media, nor has a pending one;
 * - its managers and site admins (signed in) always, privately (the dashboard's preview).
 */
type Access = 'public' | 'pass' | 'manager';

const available = (w: WebcastRow) =>
  w.state === 'live' || w.state === 'offline' || (w.state === 'ended' && w.replay !== 'none');

export function liveMediaRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { liveDir, segmentSeconds, dvrSeconds } = deps.config.webcasts;
  const now = deps.now ?? Date.now;
  const secret = linkSecret(deps.config);
  const cookieMode = { framed: deps.config.classicAdminOrigins.length > 0 };
  const windowSegments = Math.max(3, Math.ceil(dvrSeconds / segmentSeconds));
  const viewers = viewerCounter(deps.db, {
    segmentSeconds,
    onError: (err) => app.log.warn({ err }, 'could not save webcast viewing'),
  });
  app.addHook('onClose', () => viewers.stop());
  const attended = attendance(deps.db, {
    everyMs: attendanceEveryMs(deps.config.webcasts.stops),
    onError: (err) => app.log.warn({ err }, 'could not note a webcast watched'),
  });
  const missing = () => notFound('error.webcast.notFound');

  const manages = async (req: FastifyRequest, w: WebcastRow) => {
    const session = await optionalSession({ db: deps.db, now }, req);
    return session !== undefined && managesBroadcaster(roleHolder(session.user), w.broadcaster_id);
  };
  const accessTo = async (req: FastifyRequest, w: WebcastRow): Promise<Access> => {
    if (available(w)) {
      if (w.password_hash === null) return 'public';
      const pass = readCookie(req, MEDIA_PASS_COOKIE);
      if (passValid(secret, w.webcast_id, w.password_hash, pass, now())) return 'pass';
    }
    if (await manages(req, w)) return 'manager';
    if (!available(w)) throw missing();
    throw new ApiError(403, 'forbidden', { password: { key: 'error.webcast.incorrectPassword' } });
  };
  const cache = (reply: FastifyReply, access: Access, maxAge: string) =>
    reply.header('cache-control', `${access === 'public' ? 'public' : 'private'}, ${maxAge}`);

  app.get('/live-media/:webcastID/:file', async (req, reply) => {
    const { webcastID, file } = req.params as { webcastID: string; file: string };
    const media = (MEDIA_PLAYLISTS as readonly string[]).includes(file);
    const playlist = media || file === MASTER_PLAYLIST;
    if (!/^[\w-]{1,40}$/.test(webcastID) || (!playlist && !SEGMENT_PATTERN.test(file))) throw missing();
    const w = await webcastById(deps.db, webcastID);
    if (!w || w.state === 'pending') throw missing();
    const access = await accessTo(req, w);
    if (w.state === 'live') attended.seen(webcastID);
    // An unlisted replay is reached by its link only: not for search engines.
    if (w.replay === 'unlisted') reply.header('x-robots-tag', 'noindex');
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(liveDir, webcastID, file));
    } catch {
      if (file === MASTER_PLAYLIST) return reply.redirect(PLAYLIST);
      throw missing();
    }
    if (playlist) {
      const live = w.state !== 'ended';
      // A pass in use is renewed, so a webcast longer than its lifetime keeps playing.
      if (access === 'pass' && w.password_hash !== null) {
        const pass = mediaPass(secret, webcastID, w.password_hash, now());
        setMediaPass(reply, urlsFor(deps.config, req).origin, webcastID, pass, cookieMode);
      }
      const text = bytes.toString('utf8');
      return cache(reply, access, live ? 'max-age=1' : 'max-age=60')
        .type('application/vnd.apple.mpegurl')
        .send(live && media ? trimToWindow(text, windowSegments) : text);
    }
    viewers.segmentFetched(webcastID, req.ip);
    return cache(reply, access, 'max-age=31536000, immutable').type('video/mp2t').send(bytes);
  });
}
