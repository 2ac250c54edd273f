import { searchContracts as c } from '@kerygma/domain/contracts/search';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../app-deps.ts';
import { requestLanguage, requestUrl, urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { search } from './search.service.ts';

export function searchRoutes(app: FastifyInstance, { db, config, stats, entities }: ApiDeps) {
  route(app, c.search, ({ query }, req) => {
    const urls = urlsFor(config, req);
    return search(db, query, {
      urls,
      requestUrl: requestUrl(urls, req),
      languageCode: requestLanguage(req),
      stats,
      entities,
    });
  });
}
