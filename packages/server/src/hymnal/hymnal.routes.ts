import { hymnalContracts as c } from '@kerygma/domain/contracts/hymnal';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '../app-deps.ts';
import { parseInput } from '../http/parse.ts';
import { requestUrl, urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { hymnViews } from './hymn-views.ts';
import { hymnDetail, hymnList, psalmsForTune, psalterTunes, tunesForMeter } from './hymnal.service.ts';

/** Without `psalter` the id is a hymn's number in the Open Hymnal's file (a psalm's may be 'scottish-23'). */
const hymnId = z.object({ id: z.string().regex(/^[1-9]\d{0,5}$/, { message: 'a hymnID is a positive number' }) });

/** The hymnal and the psalter change only with a new release: lists and hymns may be cached. */
const CACHE_CONTROL = 'public, max-age=300';

/** The hymnal and psalter calls (spec §7 "Daily content, hymns…"). */
export function hymnalRoutes(app: FastifyInstance, { db, config }: ApiDeps) {
  const views = hymnViews(db, { onError: (err) => app.log.warn({ err }, 'could not save hymn views') });
  app.addHook('onClose', () => views.stop());

  route(app, c.hymnList, ({ query }, req, reply) => {
    reply.header('cache-control', CACHE_CONTROL);
    return hymnList(db, query, requestUrl(urlsFor(config, req), req));
  });

  route(app, c.psalterTunes, (_input, _req, reply) => {
    reply.header('cache-control', CACHE_CONTROL);
    return psalterTunes(db);
  });

  route(app, c.meterTunes, ({ params, query }, _req, reply) => {
    reply.header('cache-control', CACHE_CONTROL);
    return tunesForMeter(db, params.metric, query);
  });

  route(app, c.tunePsalms, ({ params, query }, req, reply) => {
    reply.header('cache-control', CACHE_CONTROL);
    return psalmsForTune(db, params.tune, query, requestUrl(urlsFor(config, req), req));
  });

  route(app, c.hymnDetail, ({ params, query: { psalter } }, _req, reply) => {
    const { id } = psalter ? params : parseInput(hymnId, params);
    reply.header('cache-control', CACHE_CONTROL);
    return hymnDetail(db, views, id, psalter);
  });
}
