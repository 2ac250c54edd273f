import { devotionalQuery } from '@kerygma/domain/devotional';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../http/parse.ts';
import { devotionalPreface, devotionalReadings } from './devotional.service.ts';

/** The texts never change between releases: caches may keep them a day. */
const CACHE_CONTROL = 'public, max-age=86400';

/** Daily devotional (spec §7 "Daily content"): Spurgeon's Morning and Evening and Faith's Checkbook. */
export function devotionalRoutes(app: FastifyInstance) {
  app.get('/node/spurgeon_devotional', async (req, reply) => {
    const q = parseInput(devotionalQuery, req.query);
    reply.header('cache-control', CACHE_CONTROL);
    return devotionalReadings(q);
  });

  app.get('/node/spurgeon_devotional/preface', async (_req, reply) => {
    reply.header('cache-control', CACHE_CONTROL);
    return devotionalPreface();
  });
}
