import { feedImportContracts as c, FEED_IMPORT_LIMITS } from '@kerygma/domain/contracts/feed-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guards } from '../accounts/guards.ts';
import type { ApiDeps } from '../app-deps.ts';
import { catalogueChanges } from '../catalogue/catalogue-changes.ts';
import { messageTranslator } from '../http/messages.ts';
import { urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import * as imports from './feed-import.service.ts';

/**
 * Feed import (issue 25 "Feeds in"): for the broadcaster's Uploaders and Admins (site admins
 * too) or its API key; the service checks the role on the import's broadcaster. Answers are
 * personal: never stored by shared caches.
 */
export function feedImportRoutes(app: FastifyInstance, deps: ApiDeps) {
  const now = deps.now ?? Date.now;
  const d: imports.FeedImportDeps = {
    db: deps.db,
    changes: deps.changes ?? catalogueChanges(),
    now,
    allowLoopback: deps.config.feedImportAllowLoopback,
  };
  const actor = guards({ db: deps.db, now }).broadcasterKeyOrSession;
  const reader = async (req: FastifyRequest, reply: FastifyReply): Promise<imports.Reader> => {
    reply.header('cache-control', 'private, no-store');
    return { t: await messageTranslator(req), origin: urlsFor(deps.config, req).origin };
  };

  route(
    app,
    c.createFeedImport,
    async ({ auth, params, body }, req, reply) =>
      imports.createImport(d, auth, params.broadcasterID, body, await reader(req, reply)),
    // The XML may be sent in the body: its limit, with room for the JSON string's escapes.
    { ...actor, bodyLimit: 2 * FEED_IMPORT_LIMITS.feedMaxBytes },
  );
  route(
    app,
    c.listFeedImports,
    async ({ auth, params }, req, reply) =>
      imports.listImports(d, auth, params.broadcasterID, await reader(req, reply)),
    actor,
  );
  route(
    app,
    c.getFeedImport,
    async ({ auth, params }, req, reply) => imports.getImport(d, auth, params.importID, await reader(req, reply)),
    actor,
  );
  route(
    app,
    c.updateFeedImport,
    async ({ auth, params, body }, req, reply) =>
      imports.updateImport(d, auth, params.importID, body, await reader(req, reply)),
    actor,
  );
  route(
    app,
    c.startFeedImport,
    async ({ auth, params }, req, reply) => imports.startImport(d, auth, params.importID, await reader(req, reply)),
    actor,
  );
  route(
    app,
    c.deleteFeedImport,
    async ({ auth, params }, req, reply) => imports.deleteImport(d, auth, params.importID, await reader(req, reply)),
    actor,
  );
}
