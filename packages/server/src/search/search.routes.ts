import { searchQuery } from '@kerygma/domain/catalogue-queries';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../app-deps.ts';
import { parseInput } from '../http/parse.ts';
import { requestLanguage, requestUrl, urlsFor } from '../http/request-context.ts';
import { search } from './search.service.ts';

export function searchRoutes(app: FastifyInstance, { db, config, stats, entities }: ApiDeps) {
  app.get('/node/search', async (req) => {
    const urls = urlsFor(config, req);
    const q = parseInput(searchQuery, req.query);
    return search(db, q, {
      urls,
      requestUrl: requestUrl(urls, req),
      languageCode: requestLanguage(req),
      stats,
      entities,
    });
  });
}
