import { devotionalContracts as c } from '@kerygma/domain/contracts/devotional';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../app-deps.ts';
import { urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { devotionalPreface, devotionalReading } from './devotional.service.ts';

/** The texts never change between releases, nor does a reading's sermon often: caches may keep them a day. */
const CACHE_CONTROL = 'public, max-age=86400';

/** Daily devotional (spec §7 "Daily content"): Spurgeon's Morning and Evening and Faith's Checkbook. */
export function devotionalRoutes(app: FastifyInstance, { db, config, entities }: ApiDeps) {
  route(app, c.spurgeonDevotional, async ({ query }, req, reply) => {
    const reading = await devotionalReading(db, entities, query, urlsFor(config, req));
    reply.header('cache-control', CACHE_CONTROL);
    return reading;
  });

  route(app, c.spurgeonDevotionalPreface, (_input, _req, reply) => {
    reply.header('cache-control', CACHE_CONTROL);
    return devotionalPreface();
  });
}
