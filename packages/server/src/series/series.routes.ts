import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '../app-deps.ts';
import { parseInput } from '../http/parse.ts';
import { urlsFor } from '../http/request-context.ts';
import { seriesDetail } from './series.service.ts';

const seriesParams = z.object({ seriesID: z.string().min(1).max(300) });

export function seriesRoutes(app: FastifyInstance, { db, config }: ApiDeps) {
  app.get('/node/series/:seriesID', async (req) => {
    const { seriesID } = parseInput(seriesParams, req.params);
    return seriesDetail(db, seriesID, urlsFor(config, req));
  });
}
