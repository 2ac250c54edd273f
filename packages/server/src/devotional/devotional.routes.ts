import { devotionalQuery } from '@kerygma/domain/devotional';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../app-deps.ts';
import { parseInput } from '../http/parse.ts';
import { urlsFor } from '../http/request-context.ts';
import { devotionalPreface, devotionalReading } from './devotional.service.ts';

/** The texts never change between releases, nor does a reading's sermon often: caches may keep them a day. */
const CACHE_CONTROL = 'public, max-age=86400';

/** Daily devotional (spec §7 "Daily content"): Spurgeon's Morning and Evening and Faith's Checkbook. */
export function devotionalRoutes(app: FastifyInstance, { db, config, entities }: ApiDeps) {
  app.get('/node/spurgeon_devotional', async (req, reply) => {
    const q = parseInput(devotionalQuery, req.query);
    const reading = await devotionalReading(db, entities, q, urlsFor(config, req));
    reply.header('cache-control', CACHE_CONTROL);
    return reading;
  });

  app.get('/node/spurgeon_devotional/preface', async (_req, reply) => {
    reply.header('cache-control', CACHE_CONTROL);
    return devotionalPreface();
  });
}
