import { broadcasterContracts as c } from '@kerygma/domain/contracts/broadcasters';
import type { FastifyInstance } from 'fastify';
import { optionalSession, signInRequired } from '../accounts/guards.ts';
import type { ApiDeps } from '../app-deps.ts';
import { requestUrl, urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { filterOptions } from '../reference/reference.service.ts';
import { seriesDetail, seriesList, seriesSpeakerList } from '../series/series.service.ts';
import { speakerList } from '../speakers/speakers.service.ts';
import {
  broadcasterDetail,
  broadcasterList,
  broadcasterSpeakerCounts,
  requireBroadcaster,
} from './broadcasters.service.ts';
import { highlightedSermons } from './highlighted-sermons.service.ts';
import { broadcastersNearLocation } from './near-location.service.ts';

/** Spec §6: a user's linked broadcasters are listed 100 to a page. */
const LINKED_PAGE_SIZE = 100;

export function broadcasterRoutes(app: FastifyInstance, { db, config, stats, entities, now }: ApiDeps) {
  route(app, c.broadcasterList, async ({ query }, req, reply) => {
    const urls = urlsFor(config, req);
    if (!query.linkedOnly) return broadcasterList(db, query, urls, requestUrl(urls, req));
    // The signed-in user's own broadcasters (their role rows; a site admin's too, not every one).
    const session = await optionalSession({ db, now: now ?? Date.now }, req);
    if (!session) throw signInRequired();
    reply.header('cache-control', 'private, no-store');
    const asked = (req.query as Record<string, unknown>).pageSize !== undefined;
    return broadcasterList(
      db,
      { ...query, pageSize: asked ? query.pageSize : LINKED_PAGE_SIZE, linkedUserId: session.user.user_id },
      urls,
      requestUrl(urls, req),
    );
  });

  // A path of its own: the router prefers it to the broadcaster id below.
  route(app, c.broadcastersNearLocation, ({ query }, req) => {
    const urls = urlsFor(config, req);
    return broadcastersNearLocation(db, query, urls, requestUrl(urls, req));
  });

  route(app, c.broadcasterDetail, ({ params, query }, req) =>
    broadcasterDetail(db, params.broadcasterID, query.lite ?? false, urlsFor(config, req)),
  );

  route(app, c.broadcasterSeriesList, async ({ params, query }, req) => {
    const id = await requireBroadcaster(entities, params.broadcasterID);
    const urls = urlsFor(config, req);
    return seriesList(db, query, id, urls, requestUrl(urls, req));
  });

  route(app, c.broadcasterSeries, async ({ params }, req) => {
    const id = await requireBroadcaster(entities, params.broadcasterID);
    return seriesDetail(db, params.seriesName, urlsFor(config, req), id);
  });

  route(app, c.broadcasterSeriesSpeakers, async ({ params }, req) => {
    const id = await requireBroadcaster(entities, params.broadcasterID);
    return seriesSpeakerList(db, params.seriesName, id, urlsFor(config, req));
  });

  route(app, c.broadcasterSpeakers, async ({ params, query }, req) => {
    const id = await requireBroadcaster(entities, params.broadcasterID);
    const urls = urlsFor(config, req);
    return speakerList(db, { ...query, broadcasterID: id }, urls, requestUrl(urls, req));
  });

  route(app, c.broadcasterSpeakerCounts, ({ params }, req) =>
    broadcasterSpeakerCounts(db, entities, params.broadcasterID, urlsFor(config, req)),
  );

  route(app, c.highlightedSermons, ({ params }, req) =>
    highlightedSermons(db, entities, params.broadcasterID, urlsFor(config, req)),
  );

  route(app, c.broadcasterFilterOptions, async ({ params }, req) => {
    const id = await requireBroadcaster(entities, params.broadcasterID);
    return filterOptions(db, urlsFor(config, req), id, stats);
  });
}
