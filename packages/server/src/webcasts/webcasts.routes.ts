import { webcastContracts as c } from '@kerygma/domain/contracts/webcasts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../accounts/cookies.ts';
import { guards, optionalSession } from '../accounts/guards.ts';
import type { ApiDeps } from '../app-deps.ts';
import type { Config } from '../config.ts';
import { requestUrl, urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { linkSecret } from '../library/unsubscribe-token.ts';
import { attendance } from './attendance.ts';
import { playlistFor } from './live-rungs.ts';
import { MEDIA_PASS_COOKIE, mediaPass, setMediaPass } from './media-pass.ts';
import * as schedule from './webcast-schedule.ts';
import { attendanceEveryMs } from './webcast-stops.ts';
import * as s from './webcasts.service.ts';

/** The webcast calls (spec §7 Webcasts); the HLS files themselves are live-media.routes.ts. */
export function webcastRoutes(app: FastifyInstance, deps: ApiDeps) {
  const now = deps.now ?? Date.now;
  const g = guards({ db: deps.db, now });
  const { lowerRung } = deps.config.webcasts;
  const w: s.WebcastDeps = {
    db: deps.db,
    origin: deps.config.publicUrl ?? '',
    rtmpURL: publishUrl(deps.config),
    hlsPlaylist: playlistFor(lowerRung),
    stops: deps.config.webcasts.stops,
    secret: linkSecret(deps.config),
    now,
  };
  // A manager's live panel asking its health or viewers attends the webcast (webcast-stops.ts).
  const attended = attendance(deps.db, {
    everyMs: attendanceEveryMs(deps.config.webcasts.stops),
    onError: (err) => app.log.warn({ err }, 'could not note a webcast watched'),
  });
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
  const cookieMode = { framed: deps.config.classicAdminOrigins.length > 0 };
  route(app, c.broadcasterWebcast, async ({ params, query }, req, reply) => {
    const session = await optionalSession({ db: deps.db, now }, req);
    // The media pass in place of the password: the site sends the one it keeps for the page.
    const pass = readCookie(req, MEDIA_PASS_COOKIE);
    const { answer, passwordHash } = await s.oneWebcast(w, session, params.broadcasterID, params.webcastID, {
      ...query,
      pass,
    });
    // Unlocked (the right password, or its managers): the pass its media asks for, in an answer
    // no shared cache keeps. Open ones' answers are the same for everyone.
    if (passwordHash !== null) {
      personal(reply);
      const renewed = mediaPass(w.secret, answer.webcastID, passwordHash, now());
      setMediaPass(reply, urlsFor(deps.config, req).origin, answer.webcastID, renewed, cookieMode);
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
    async ({ params, body, auth }) => {
      const updated = await s.updateWebcast(w, auth, params.webcastID, body);
      // Its title, password or replay changed: the cached pages showing it are dropped.
      deps.changes?.announce({ broadcasterIds: [updated.broadcasterID], webcasts: true });
      return updated;
    },
    g.broadcasterKeyOrSession,
  );
  // Scheduled webcasts (webcast-schedule.ts): a change drops the cached pages showing them, as
  // a webcast going live does (webcast-changes.ts).
  const scheduled = ({ broadcasterID }: { broadcasterID: string }) =>
    deps.changes?.announce({ broadcasterIds: [broadcasterID], webcasts: true });
  const listUrl = (req: FastifyRequest) => requestUrl(urlsFor(deps.config, req), req);
  route(app, c.webcastsScheduled, ({ query }, req) => schedule.upcoming(w, undefined, query, listUrl(req)));
  route(app, c.broadcasterWebcastsScheduled, ({ params, query }, req) =>
    schedule.upcoming(w, params.broadcasterID, query, listUrl(req)),
  );
  route(
    app,
    c.createScheduledWebcast,
    async ({ params, body, auth }) => {
      const made = await schedule.createSchedule(w, auth, params.broadcasterID, body);
      scheduled(made);
      return made;
    },
    g.broadcasterKeyOrSession,
  );
  route(
    app,
    c.updateScheduledWebcast,
    async ({ params, body, auth }) => {
      const changed = await schedule.updateSchedule(w, auth, params.broadcasterID, params.scheduledWebcastID, body);
      scheduled(changed);
      return changed;
    },
    g.broadcasterKeyOrSession,
  );
  route(
    app,
    c.deleteScheduledWebcast,
    async ({ params, auth }) => {
      const gone = await schedule.deleteSchedule(w, auth, params.broadcasterID, params.scheduledWebcastID);
      scheduled({ broadcasterID: params.broadcasterID.toLowerCase() });
      return gone;
    },
    g.broadcasterKeyOrSession,
  );
  route(
    app,
    c.webcastStats,
    async ({ params, auth }, _req, reply) => {
      personal(reply);
      const stats = await s.webcastStats(w, auth, params.webcastID);
      attended.seen(params.webcastID);
      return stats;
    },
    g.broadcasterKeyOrSession,
  );
  route(
    app,
    c.webcastHealthOverview,
    (_input, _req, reply) => {
      personal(reply);
      return s.healthOverview(w);
    },
    g.siteAdmin,
  );
  route(
    app,
    c.webcastHealth,
    async ({ params, auth }, _req, reply) => {
      personal(reply);
      const health = await s.webcastHealth(w, auth, params.webcastID);
      attended.seen(params.webcastID);
      return health;
    },
    g.broadcasterKeyOrSession,
  );
}

/**
 * The address publishers are told (OBS's Server): rtmps:// on RTMPS_PORT when RTMPS is on, else
 * rtmp:// on RTMP_PORT, at PUBLIC_URL's host; the scheme's usual port is left out. Null without
 * an ingest.
 */
export function publishUrl(config: Pick<Config, 'publicUrl' | 'webcasts'>): string | null {
  const { rtmpPort, rtmps } = config.webcasts;
  if (rtmpPort === null) return null;
  const host = config.publicUrl ? new URL(config.publicUrl).hostname : 'localhost';
  const [scheme, port, usual] = rtmps ? ['rtmps', rtmps.port, 443] : ['rtmp', rtmpPort, 1935];
  return `${scheme}://${host}${port === usual ? '' : `:${port}`}/live`;
}
