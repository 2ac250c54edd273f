import { webcastContracts as c } from '@kerygma/domain/contracts/webcasts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { guards, optionalSession } from '../accounts/guards.ts';
import type { ApiDeps } from '../app-deps.ts';
import { urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { linkSecret } from '../library/unsubscribe-token.ts';
import { mediaPass, setMediaPass } from './media-pass.ts';
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
  const secret = linkSecret(deps.config);
  const cookieMode = { framed: deps.config.classicAdminOrigins.length > 0 };
  route(app, c.broadcasterWebcast, async ({ params, query }, req, reply) => {
    const session = await optionalSession({ db: deps.db, now }, req);
    const { answer, passwordHash } = await s.oneWebcast(w, session, params.broadcasterID, params.webcastID, query);
    // Unlocked (the right password, or its managers): the pass its media asks for, in an answer
    // no shared cache keeps. Open ones' answers are the same for everyone.
    if (passwordHash !== null) {
      personal(reply);
      const pass = mediaPass(secret, answer.webcastID, passwordHash, now());
      setMediaPass(reply, urlsFor(deps.config, req).origin, answer.webcastID, pass, cookieMode);
    } else if (session) personal(reply);
    return answer;
  });
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
    ({ params, body, auth }) => s.updateWebcast(w, auth, params.webcastID, body),
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
