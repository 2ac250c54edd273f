import { referenceContracts as c } from '@kerygma/domain/contracts/reference';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../app-deps.ts';
import { requireBroadcaster } from '../broadcasters/broadcasters.service.ts';
import { listResponse } from '../catalogue/paging.ts';
import { notFound } from '../errors.ts';
import { urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { mapPath } from './path-mappings.ts';
import { BIBLE_VERSIONS, eventTypeList, filterOptions, languageList } from './reference.service.ts';

export function referenceRoutes(app: FastifyInstance, { db, config, stats, entities }: ApiDeps) {
  route(app, c.languages, () => languageList(stats));

  route(app, c.filterOptions, async ({ query: { broadcasterID } }, req) => {
    const id = broadcasterID ? await requireBroadcaster(entities, broadcasterID) : undefined;
    return filterOptions(db, urlsFor(config, req), id, stats);
  });

  route(app, c.sermonEventTypes, async ({ query }) => {
    const raw = query.broadcaster_id ?? query.broadcasterID;
    return eventTypeList(db, stats, raw ? await requireBroadcaster(entities, raw) : undefined);
  });

  // Where an unmatched path goes (spec §7 POST map-path): status, url and internal, or a 404.
  route(app, c.mapPath, async ({ body }, req, reply) => {
    const found = await mapPath(db, body.url, new URL(urlsFor(config, req).origin).host);
    if (!found) throw notFound('error.notFound');
    reply.header('cache-control', 'public, max-age=300');
    return found;
  });

  route(app, c.bibleVersions, () =>
    listResponse('bible_versions', 'Bible Versions', BIBLE_VERSIONS, BIBLE_VERSIONS.length, null),
  );
}
