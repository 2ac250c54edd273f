import { hymnListQuery, hymnQuery, tuneListQuery } from '@kerygma/domain/hymnal';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '../app-deps.ts';
import { parseInput } from '../http/parse.ts';
import { requestUrl, urlsFor } from '../http/request-context.ts';
import { hymnViews } from './hymn-views.ts';
import { hymnDetail, hymnList, psalmsForTune, psalterTunes, tunesForMeter } from './hymnal.service.ts';

/** Hymns are the numbers of the Open Hymnal's file; psalms '53', 'scottish-23', 'scottish-6-2'. */
const hymnParams = z.object({ id: z.string().min(1).max(40) });
const hymnId = z.object({ id: z.string().regex(/^[1-9]\d{0,5}$/, { message: 'a hymnID is a positive number' }) });
const metricParams = z.object({ metric: z.string().min(1).max(100) });
const tuneParams = z.object({ tune: z.string().min(1).max(200) });

/** The hymnal and the psalter change only with a new release: lists and hymns may be cached. */
const CACHE_CONTROL = 'public, max-age=300';

/** The hymnal and psalter calls (spec §7 "Daily content, hymns…"). */
export function hymnalRoutes(app: FastifyInstance, { db, config }: ApiDeps) {
  const views = hymnViews(db, { onError: (err) => app.log.warn({ err }, 'could not save hymn views') });
  app.addHook('onClose', () => views.stop());

  app.get('/node/discover/hymns', async (req, reply) => {
    const q = parseInput(hymnListQuery, req.query);
    reply.header('cache-control', CACHE_CONTROL);
    return hymnList(db, q, requestUrl(urlsFor(config, req), req));
  });

  app.get('/node/discover/hymns/psalter/tunes', async (_req, reply) => {
    reply.header('cache-control', CACHE_CONTROL);
    return psalterTunes(db);
  });

  app.get('/node/discover/hymns/metric/:metric/tunes', async (req, reply) => {
    const { metric } = parseInput(metricParams, req.params);
    const q = parseInput(tuneListQuery, req.query);
    reply.header('cache-control', CACHE_CONTROL);
    return tunesForMeter(db, metric, q);
  });

  app.get('/node/discover/hymns/tune/:tune/psalms', async (req, reply) => {
    const { tune } = parseInput(tuneParams, req.params);
    const q = parseInput(hymnListQuery, req.query);
    reply.header('cache-control', CACHE_CONTROL);
    return psalmsForTune(db, tune, q, requestUrl(urlsFor(config, req), req));
  });

  app.get('/node/discover/hymns/:id', async (req, reply) => {
    const { psalter } = parseInput(hymnQuery, req.query);
    const { id } = parseInput(psalter ? hymnParams : hymnId, req.params);
    reply.header('cache-control', CACHE_CONTROL);
    return hymnDetail(db, views, id, psalter);
  });
}
