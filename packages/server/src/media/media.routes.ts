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
    const key = decodeURIComponent((req.params as { '*': string })['*']);
    if (!key || key.includes('\0')) throw notFound('error.mediaNotFound');
    const file = media.localPath(key); // refuses keys escaping the store
    const { download } = parseInput(mediaQuery, req.query);
    if (download === '1' || download === 'true') {
      reply.header('content-disposition', `attachment; filename="${path.basename(file).replace(/"/g, '')}"`);
    }
    reply.header('cache-control', 'public, max-age=86400');
    return reply.sendFile(path.relative(path.dirname(file), file), path.dirname(file));
  });
}
