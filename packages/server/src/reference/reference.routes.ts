import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '../app-deps.ts';
import { requireBroadcaster } from '../broadcasters/broadcasters.service.ts';
import { listResponse } from '../catalogue/paging.ts';
import { notFound } from '../errors.ts';
import { parseInput } from '../http/parse.ts';
import { urlsFor } from '../http/request-context.ts';
import { mapPath } from './path-mappings.ts';
import { BIBLE_VERSIONS, eventTypeList, filterOptions, languageList } from './reference.service.ts';

const mapPathBody = z.object({ url: z.string().min(1).max(2000) });

const eventTypesQuery = z.object({
  broadcaster_id: z.string().min(1).max(100).optional(),
  broadcasterID: z.string().min(1).max(100).optional(),
});

export function referenceRoutes(app: FastifyInstance, { db, config, stats, entities }: ApiDeps) {
  app.get('/node/languages', () => languageList(stats));

  app.get('/node/filter_options', async (req) => {
    const { broadcasterID } = parseInput(eventTypesQuery, req.query);
    const id = broadcasterID ? await requireBroadcaster(entities, broadcasterID) : undefined;
    return filterOptions(db, urlsFor(config, req), id, stats);
  });

  app.get('/node/filter_options/sermon_event_types', async (req) => {
    const q = parseInput(eventTypesQuery, req.query);
    const raw = q.broadcaster_id ?? q.broadcasterID;
    return eventTypeList(db, stats, raw ? await requireBroadcaster(entities, raw) : undefined);
  });

  // Where an unmatched path goes (spec §7 POST map-path): status, url and internal, or a 404.
  app.post('/map-path', async (req, reply) => {
    const { url } = parseInput(mapPathBody, req.body);
    const found = await mapPath(db, url, new URL(urlsFor(config, req).origin).host);
    if (!found) throw notFound('error.notFound');
    reply.header('cache-control', 'public, max-age=300');
    return found;
  });

  app.get('/node/bible_versions', () =>
    listResponse('bible_versions', 'Bible Versions', BIBLE_VERSIONS, BIBLE_VERSIONS.length, null),
  );
}
