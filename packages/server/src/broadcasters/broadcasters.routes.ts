import { broadcasterListQuery, seriesListQuery, speakerListQuery } from '@kerygma/domain/catalogue-queries';
import { PAGE_SIZES, pageNumber, pageSize, queryBoolean } from '@kerygma/domain/query';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '../app-deps.ts';
import { parseInput } from '../http/parse.ts';
import { requestUrl, urlsFor } from '../http/request-context.ts';
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

const idParams = z.object({ broadcasterID: z.string().min(1).max(100) });
const seriesParams = idParams.extend({ seriesName: z.string().min(1).max(300) });

/**
 * The widest circle near_location searches, 1,000 km: of 20,000 broadcasters spread over the
 * United States it holds about 4,400, answered in 30 ms; a wider one reads ever more for one page.
 */
const MAX_METERS = 1_000_000;
/** A number written out (an empty value is not 0). */
const writtenNumber = z.string().trim().min(1).transform(Number);
const numberIn = (min: number, max: number) => writtenNumber.pipe(z.number().min(min).max(max));
const nearLocationQuery = z.object({
  latitude: numberIn(-90, 90),
  longitude: numberIn(-180, 180),
  meters: writtenNumber.pipe(z.number().positive().max(MAX_METERS)),
  page: pageNumber,
  pageSize: pageSize(PAGE_SIZES.sermons),
  cursor: z.string().max(500).optional(),
});

export function broadcasterRoutes(app: FastifyInstance, { db, config, stats, entities }: ApiDeps) {
  app.get('/node/broadcasters', async (req) => {
    const urls = urlsFor(config, req);
    return broadcasterList(db, parseInput(broadcasterListQuery, req.query), urls, requestUrl(urls, req));
  });

  // A path of its own: the router prefers it to the broadcaster id below.
  app.get('/node/broadcasters/near_location', async (req) => {
    const urls = urlsFor(config, req);
    return broadcastersNearLocation(db, parseInput(nearLocationQuery, req.query), urls, requestUrl(urls, req));
  });

  app.get('/node/broadcasters/:broadcasterID', async (req) => {
    const { broadcasterID } = parseInput(idParams, req.params);
    const { lite } = parseInput(z.object({ lite: queryBoolean.optional() }), req.query);
    return broadcasterDetail(db, broadcasterID, lite ?? false, urlsFor(config, req));
  });

  app.get('/node/broadcasters/:broadcasterID/series', async (req) => {
    const { broadcasterID } = parseInput(idParams, req.params);
    const id = await requireBroadcaster(entities, broadcasterID);
    const urls = urlsFor(config, req);
    return seriesList(db, parseInput(seriesListQuery, req.query), id, urls, requestUrl(urls, req));
  });

  app.get('/node/broadcasters/:broadcasterID/series/:seriesName', async (req) => {
    const { broadcasterID, seriesName } = parseInput(seriesParams, req.params);
    const id = await requireBroadcaster(entities, broadcasterID);
    return seriesDetail(db, seriesName, urlsFor(config, req), id);
  });

  app.get('/node/broadcasters/:broadcasterID/series/:seriesName/speakers', async (req) => {
    const { broadcasterID, seriesName } = parseInput(seriesParams, req.params);
    const id = await requireBroadcaster(entities, broadcasterID);
    return seriesSpeakerList(db, seriesName, id, urlsFor(config, req));
  });

  app.get('/node/broadcasters/:broadcasterID/speakers', async (req) => {
    const { broadcasterID } = parseInput(idParams, req.params);
    const id = await requireBroadcaster(entities, broadcasterID);
    const urls = urlsFor(config, req);
    const query = parseInput(speakerListQuery, { ...(req.query as object), broadcasterID: id });
    return speakerList(db, query, urls, requestUrl(urls, req));
  });

  app.get('/node/broadcasters/:broadcasterID/speakers/sermon_counts', async (req) => {
    const { broadcasterID } = parseInput(idParams, req.params);
    return broadcasterSpeakerCounts(db, entities, broadcasterID, urlsFor(config, req));
  });

  app.get('/node/broadcasters/:broadcasterID/highlighted_sermons', async (req) => {
    const { broadcasterID } = parseInput(idParams, req.params);
    return highlightedSermons(db, entities, broadcasterID, urlsFor(config, req));
  });

  app.get('/node/broadcasters/:broadcasterID/filter_options', async (req) => {
    const { broadcasterID } = parseInput(idParams, req.params);
    const id = await requireBroadcaster(entities, broadcasterID);
    return filterOptions(db, urlsFor(config, req), id, stats);
  });
}
