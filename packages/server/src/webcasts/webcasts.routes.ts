import { webcastContracts as c } from '@kerygma/domain/contracts/webcasts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { guards, optionalSession } from '../accounts/guards.ts';
import type { ApiDeps } from '../app-deps.ts';
import { route } from '../http/route.ts';
import * as s from './webcasts.service.ts';

/** The webcast calls (spec §7 Webcasts); the HLS files themselves are live-media.routes.ts. */
export function webcastRoutes(app: FastifyInstance, deps: ApiDeps) {
  const now = deps.now ?? Date.now;
  const g = guards({ db: deps.db, now });
  const { rtmpPort } = deps.config.webcasts;
  const host = deps.config.publicUrl ? new URL(deps.config.publicUrl).hostname : 'localhost';
  const w: s.WebcastDeps = {
    db: deps.db,
    origin: deps.config.publicUrl ?? '',
    rtmpURL: rtmpPort === null ? null : `rtmp://${host}${rtmpPort === 1935 ? '' : `:${rtmpPort}`}/live`,
    now,
  };
  // Answers for the broadcaster's managers (its stream key, its viewers, the live health):
  // never kept by the browser or a shared cache, as the default minute would.
  const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');
  route(app, c.webcastsInProgress, ({ query }) => s.inProgress(w, query.broadcasterID, false));
  route(app, c.webcastsInProgressLite, ({ query }) => s.inProgress(w, query.broadcasterID, true));
  route(app, c.webcastsInProgressCount, ({ query }) => s.inProgressCount(w, query.broadcasterID));
  route(app, c.webcastHistory, ({ query }) => s.history(w, query));
  route(app, c.broadcasterWebcasts, ({ params, query }) => s.broadcasterWebcasts(w, params.broadcasterID, query));
  route(
    app,
    c.broadcasterWebcastTotals,
    ({ params, auth }, _req, reply) => {
      personal(reply);
      return s.broadcasterTotals(w, auth, params.broadcasterID);
    },
    g.broadcasterKeyOrSession,
  );
  route(app, c.broadcasterWebcast, async ({ params, query }, req) =>
    s.oneWebcast(w, await optionalSession({ db: deps.db, now }, req), params.broadcasterID, params.webcastID, query),
  );
  route(
    app,
    c.webcastDefaults,
    ({ params, auth }, _req, reply) => {
      personal(reply);
      return s.webcastDefaults(w, auth, params.broadcasterID);
    },
    g.broadcasterKeyOrSession,
  );
  route(
    app,
    c.updateWebcastDefaults,
    ({ params, body, auth }) => s.updateWebcastDefaults(w, auth, params.broadcasterID, body),
    g.broadcasterKeyOrSession,
  );
  route(
    app,
    c.updateWebcast,
    async ({ params, body, auth }) => {
      const updated = await s.updateWebcast(w, auth, params.webcastID, body);
      // Its title, password or replay changed: the cached pages showing it are dropped.
      deps.changes?.announce({ broadcasterIds: [updated.broadcasterID], webcasts: true });
      return updated;
    },
    g.broadcasterKeyOrSession,
  );
  route(
    app,
    c.webcastStats,
    ({ params, auth }, _req, reply) => {
      personal(reply);
      return s.webcastStats(w, auth, params.webcastID);
    },
    g.broadcasterKeyOrSession,
  );
  route(
    app,
    c.webcastHealth,
    ({ params, auth }, _req, reply) => {
      personal(reply);
      return s.webcastHealth(w, auth, params.webcastID);
    },
    g.broadcasterKeyOrSession,
  );
}
