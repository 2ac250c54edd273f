import { seriesContracts as c } from '@kerygma/domain/contracts/series';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../app-deps.ts';
import { urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { seriesDetail } from './series.service.ts';

export function seriesRoutes(app: FastifyInstance, { db, config }: ApiDeps) {
  route(app, c.seriesDetail, ({ params }, req) => seriesDetail(db, params.seriesID, urlsFor(config, req)));
}
