import { sermonListQuery } from '@kerygma/domain/catalogue-queries';
import { queryBoolean } from '@kerygma/domain/query';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '../app-deps.ts';
import { parseInput } from '../http/parse.ts';
import { requestLanguage, requestUrl, urlsFor } from '../http/request-context.ts';
import { sermonDetail, sermonList, waveformKey } from './sermons.service.ts';

const sermonParams = z.object({ sermonID: z.string().min(1).max(40) });
const detailQuery = z.object({ lite: queryBoolean.optional() });

export function sermonRoutes(app: FastifyInstance, { db, config, media, stats, entities }: ApiDeps) {
  app.get('/node/sermons', async (req) => {
    const urls = urlsFor(config, req);
    const query = parseInput(sermonListQuery, req.query);
    return sermonList(db, query, {
      urls,
      requestUrl: requestUrl(urls, req),
      languageCode: requestLanguage(req),
      stats,
      entities,
    });
  });

  app.get('/node/sermons/:sermonID', async (req) => {
    const { sermonID } = parseInput(sermonParams, req.params);
    const { lite } = parseInput(detailQuery, req.query);
    return sermonDetail(db, entities, sermonID, lite ?? false, urlsFor(config, req));
  });

  app.get('/node/sermons/:sermonID/waveform', async (req, reply) => {
    const { sermonID } = parseInput(sermonParams, req.params);
    const key = await waveformKey(db, sermonID);
    reply.header('cache-control', 'public, max-age=3600');
    reply.type('application/json');
    return media.read(key);
  });
}
