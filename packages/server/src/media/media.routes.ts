import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '../app-deps.ts';
import { notFound } from '../errors.ts';
import { parseInput } from '../http/parse.ts';

const mediaQuery = z.object({ download: z.string().optional() });

const VIDEO = /\.(mp4|m4v|webm|mov)$/i;
const PLAYABLE = /\.(mp3|m4a|aac|mp4|m4v|webm|mov|m3u8)$/i;

/**
 * Media files from the local store, with HTTP range requests (seeking in players), and as a
 * download with a file name when `?download=1`. Downloads are counted, and so are plays: a
 * player's first request for a stream (no range, or a range from byte 0).
 */
export function mediaRoutes(app: FastifyInstance, { media, counters }: ApiDeps) {
  app.get('/media/*', async (req, reply) => {
    // Already percent-decoded by the router (decoding again breaks keys holding '%').
    const key = (req.params as { '*': string })['*'];
    if (!key || key.includes('\0')) throw notFound('error.mediaNotFound');
    const file = media.localPath(key); // refuses keys escaping the store
    const { download } = parseInput(mediaQuery, req.query);
    const sermonId = key.split('/')[0] as string;
    const kind = VIDEO.test(key) ? 'video' : 'audio';
    if (download === '1' || download === 'true') {
      reply.header('content-disposition', `attachment; filename="${path.basename(file).replace(/"/g, '')}"`);
      counters.record(sermonId, 'download', kind);
    } else if (PLAYABLE.test(key) && /^(bytes=0-\d*)?$/.test(req.headers.range ?? '')) {
      counters.record(sermonId, 'play', kind);
    }
    // Cache a day (sendFile writes Cache-Control itself; a header set beforehand would be replaced).
    return reply.sendFile(path.relative(path.dirname(file), file), path.dirname(file), { maxAge: 86_400_000 });
  });
}
