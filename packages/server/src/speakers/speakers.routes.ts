import { speakerBroadcastersQuery, speakerListQuery } from '@kerygma/domain/catalogue-queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '../app-deps.ts';
import { parseInput } from '../http/parse.ts';
import { requestUrl, urlsFor } from '../http/request-context.ts';
import { highlightedSpeakerList, speakerBroadcasterList, speakerDetail, speakerList } from './speakers.service.ts';

/** A speaker is addressed by numeric id or by display name (percent-encoded, one path segment). */
const speakerParams = z.object({ speaker: z.string().min(1).max(300) });

export function speakerRoutes(app: FastifyInstance, { db, config }: ApiDeps) {
  app.get('/node/speakers', async (req) => {
    const urls = urlsFor(config, req);
    return speakerList(db, parseInput(speakerListQuery, req.query), urls, requestUrl(urls, req));
  });

  app.get('/node/speakers/highlighted', async (req) => {
    const { pageSize } = parseInput(
      z.object({ pageSize: z.coerce.number().int().min(1).max(100).default(25) }),
      req.query,
    );
    return highlightedSpeakerList(db, urlsFor(config, req), pageSize);
  });

  app.get('/node/speakers/:speaker', async (req) => {
    const { speaker } = parseInput(speakerParams, req.params);
    return speakerDetail(db, speaker, urlsFor(config, req));
  });

  app.get('/node/speakers/:speaker/broadcasters', async (req) => {
    const { speaker } = parseInput(speakerParams, req.params);
    const urls = urlsFor(config, req);
    const query = parseInput(speakerBroadcastersQuery, req.query);
    return speakerBroadcasterList(db, speaker, query, urls, requestUrl(urls, req));
  });
}
