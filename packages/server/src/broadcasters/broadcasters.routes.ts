import { broadcasterContracts as c } from '@kerygma/domain/contracts/broadcasters';
import type { FastifyInstance } from 'fastify';
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

export function broadcasterRoutes(app: FastifyInstance, { db, config, stats, entities }: ApiDeps) {
  route(app, c.broadcasterList, ({ query }, req) => {
    const urls = urlsFor(config, req);
    return broadcasterList(db, query, urls, requestUrl(urls, req));
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
