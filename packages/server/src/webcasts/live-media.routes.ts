import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../app-deps.ts';
import { notFound } from '../errors.ts';
import { PLAYLIST, SEGMENT_PATTERN } from './hls-packager.ts';
import { trimToWindow } from './live-playlist.ts';
import { MASTER_PLAYLIST, MEDIA_PLAYLISTS } from './live-rungs.ts';
import { viewerCounter } from './viewer-counter.ts';
import { webcastById } from './webcasts.queries.ts';

/**
 * The webcasts' HLS files, outside the API base: /live-media/<webcastID>/index.m3u8 and its
 * segments, from `<dataDir>/live` (live-ingest.ts writes them), and with the lower rung
 * (live-rungs.ts) master.m3u8 and low.m3u8. Cacheable by a CDN: segments never change
 * (immutable, a year), the live playlists live one second, a replay's a minute. While live the
 * rungs' playlists are cut to the DVR window. A master not written (yet, or before the rung
 * was turned on) sends the player to the main rung's playlist.
 */
export function liveMediaRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { liveDir, segmentSeconds, dvrSeconds } = deps.config.webcasts;
  const windowSegments = Math.max(3, Math.ceil(dvrSeconds / segmentSeconds));
  const viewers = viewerCounter(deps.db, {
    segmentSeconds,
    onError: (err) => app.log.warn({ err }, 'could not save webcast viewing'),
  });
  app.addHook('onClose', () => viewers.stop());
  const missing = () => notFound('error.webcast.notFound');

  app.get('/live-media/:webcastID/:file', async (req, reply) => {
    const { webcastID, file } = req.params as { webcastID: string; file: string };
    if (!/^[\w-]{1,40}$/.test(webcastID)) throw missing();
    const dir = path.join(liveDir, webcastID);
    const media = (MEDIA_PLAYLISTS as readonly string[]).includes(file);
    if (media || file === MASTER_PLAYLIST) {
      const w = await webcastById(deps.db, webcastID);
      if (!w || w.state === 'pending') throw missing();
      const live = w.state !== 'ended';
      reply.header('cache-control', live ? 'public, max-age=1' : 'public, max-age=60');
      let text: string;
      try {
        text = await readFile(path.join(dir, file), 'utf8');
      } catch {
        if (file === MASTER_PLAYLIST) return reply.redirect(PLAYLIST);
        throw missing();
      }
      return reply
        .type('application/vnd.apple.mpegurl')
        .send(live && media ? trimToWindow(text, windowSegments) : text);
    }
    if (!SEGMENT_PATTERN.test(file)) throw missing();
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(dir, file));
    } catch {
      throw missing();
    }
    viewers.segmentFetched(webcastID, req.ip);
    return reply.type('video/mp2t').header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
  });
}
