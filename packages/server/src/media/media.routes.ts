import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '../app-deps.ts';
import { notFound } from '../errors.ts';
import { parseInput } from '../http/parse.ts';

const mediaQuery = z.object({ download: z.string().optional() });

/**
 * Media files from the local store, with HTTP range requests (seeking in players), and as a
 * download with a file name when `?download=1`.
 */
export function mediaRoutes(app: FastifyInstance, { media }: ApiDeps) {
  app.get('/media/*', async (req, reply) => {
    // Already percent-decoded by the router (decoding again breaks keys holding '%').
    const key = (req.params as { '*': string })['*'];
    if (!key || key.includes('\0')) throw notFound('error.mediaNotFound');
    const file = media.localPath(key); // refuses keys escaping the store
    const { download } = parseInput(mediaQuery, req.query);
    if (download === '1' || download === 'true') {
      reply.header('content-disposition', `attachment; filename="${path.basename(file).replace(/"/g, '')}"`);
    }
    // Cache a day (sendFile writes Cache-Control itself; a header set beforehand would be replaced).
    return reply.sendFile(path.relative(path.dirname(file), file), path.dirname(file), { maxAge: 86_400_000 });
  });
}
