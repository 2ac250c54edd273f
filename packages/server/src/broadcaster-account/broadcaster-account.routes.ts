import { BROADCASTER_ACCOUNT_RULES } from '@kerygma/domain/broadcaster-account-values';
import { broadcasterAccountContracts as c } from '@kerygma/domain/contracts/broadcaster-account';
import { holdsBroadcasterRole } from '@kerygma/domain/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guards, roleHolder } from '../accounts/guards.ts';
import type { ApiDeps } from '../app-deps.ts';
import { highlightedSermons } from '../broadcasters/highlighted-sermons.service.ts';
import { urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { createMailer } from '../mail/mailer.ts';
import { notConfiguredPayments } from '../payments/payments.ts';
import { type AccountDeps, refuse } from './account-deps.ts';
import { type ConnectionService, unconfiguredConnections } from './connections.ts';
import * as managers from './managers.service.ts';
import * as overview from './overview.service.ts';
import * as settings from './settings.service.ts';
import * as signups from './signups.service.ts';

/**
 * Becoming a broadcaster and the broadcaster's account (spec §2, §6, §7 Broadcasters). Who may
 * call what is each route's guard (accounts/guards.ts): settings, managers, invites, connections
 * and the API key for the broadcaster's Admins; notices and highlighted sermons for Uploaders;
 * donations and the bill for Billers; the overview's figures for any manager; sign-up approval
 * for site admins.
 */
export async function broadcasterAccountRoutes(app: FastifyInstance, deps: ApiDeps) {
  const now = deps.now ?? Date.now;
  const { db, config, entities } = deps;
  const ad: AccountDeps = {
    db,
    mail: createMailer(config.mail, app.log),
    payments: notConfiguredPayments,
    connections: unconfiguredConnections(),
    now,
  };
  const g = guards({ db, now });
  const admin = g.broadcasterRole('admin');
  const uploader = g.broadcasterRole('uploader');
  const biller = g.broadcasterRole('biller');
  const manager = g.broadcasterManager();
  const origin = (req: FastifyRequest) => urlsFor(config, req).origin;
  const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

  // Becoming a broadcaster
  route(app, c.broadcasterIdAvailable, async ({ params }, _req, reply) => {
    personal(reply);
    return signups.idAvailability(ad, params.broadcasterID);
  });
  route(app, c.signupParams, async () => ({
    payments: { configured: ad.payments.configured },
    articlesOfFaithPath: '/articles-of-faith',
    rules: { idMinLength: BROADCASTER_ACCOUNT_RULES.idMinLength, idMaxLength: BROADCASTER_ACCOUNT_RULES.idMaxLength },
  }));
  route(app, c.signupCoupon, ({ params }) => signups.coupon(ad, params.code));
  route(
    app,
    c.createBroadcaster,
    ({ auth, body }, req) => signups.createSignup(ad, auth.user, body, origin(req)),
    g.signedIn,
  );
  route(
    app,
    c.mySignups,
    ({ auth }, _req, reply) => {
      personal(reply);
      return signups.signupsOfUser(ad, auth.user);
    },
    g.signedIn,
  );
  route(
    app,
    c.pendingSignups,
    ({ query }, _req, reply) => {
      personal(reply);
      return signups.signupsInState(ad, query.state);
    },
    g.siteAdmin,
  );
  route(
    app,
    c.approveSignup,
    ({ auth, params }, req) => signups.decide(ad, auth.user, params.signupID, 'approved', origin(req)),
    g.siteAdmin,
  );
  route(
    app,
    c.rejectSignup,
    ({ auth, params }, req) => signups.decide(ad, auth.user, params.signupID, 'rejected', origin(req)),
    g.siteAdmin,
  );

  // Settings
  route(
    app,
    c.broadcasterPrivateData,
    ({ auth }, _req, reply) => {
      personal(reply);
      return settings.settings(db, auth.broadcasterId);
    },
    admin,
  );
  /** The broadcaster's public pages show what changed: they are refreshed at once (catalogue/catalogue-changes.ts). */
  const changed = <T>(broadcasterId: string, answer: T): T => {
    deps.changes?.announce({ broadcasterIds: [broadcasterId] });
    return answer;
  };
  route(
    app,
    c.updateBroadcaster,
    async ({ auth, body }) => changed(auth.broadcasterId, await settings.updateSettings(db, auth.broadcasterId, body)),
    admin,
  );
  route(
    app,
    c.emailSettings,
    ({ auth }, _req, reply) => {
      personal(reply);
      return settings.emailSettings(db, auth.broadcasterId);
    },
    admin,
  );
  route(
    app,
    c.updateEmailSettings,
    ({ auth, body }) => settings.updateEmailSettings(db, auth.broadcasterId, body),
    admin,
  );
  route(
    app,
    c.podcastSettings,
    ({ auth }, _req, reply) => {
      personal(reply);
      return settings.podcastSettings(db, auth.broadcasterId);
    },
    admin,
  );
  // Its feeds carry these: refreshed like its pages.
  route(
    app,
    c.updatePodcastSettings,
    async ({ auth, body }) =>
      changed(auth.broadcasterId, await settings.updatePodcastSettings(db, auth.broadcasterId, body)),
    admin,
  );
  route(
    app,
    c.donationSettings,
    ({ auth }, _req, reply) => {
      personal(reply);
      return settings.donations(db, auth.broadcasterId);
    },
    biller,
  );
  route(
    app,
    c.updateDonationSettings,
    ({ auth, body }) => settings.saveDonations(db, auth.broadcasterId, body),
    biller,
  );
  route(
    app,
    c.apiKeyInfo,
    ({ auth }, _req, reply) => {
      personal(reply);
      return settings.keyInfo(db, auth.broadcasterId);
    },
    admin,
  );
  route(
    app,
    c.regenerateApiKey,
    ({ auth }, _req, reply) => {
      personal(reply);
      return settings.regenerateApiKey(db, auth.broadcasterId);
    },
    admin,
  );

  // Connections: each service behind its provider; none is configured without the site's credentials.
  const notConfigured = (service: ConnectionService) =>
    refuse(503, 'not_configured', 'connectionNotConfigured', { service });
  const provider = (service: ConnectionService) => {
    const p = ad.connections[service];
    if (!p.configured) throw notConfigured(service);
    return p;
  };
  route(
    app,
    c.broadcasterConnections,
    async ({ auth }, _req, reply) => {
      personal(reply);
      await settings.keyInfo(db, auth.broadcasterId); // 404 for an unknown broadcaster
      const results = await Promise.all(
        (Object.keys(ad.connections) as ConnectionService[]).map(async (service) => ({
          service,
          configured: ad.connections[service].configured,
          connected: await ad.connections[service].connected(auth.broadcasterId),
        })),
      );
      return { results };
    },
    admin,
  );
  for (const [connect, disconnect, service] of [
    [c.connectFtp, c.disconnectFtp, 'ftp'],
    [c.connectDropbox, c.disconnectDropbox, 'dropbox'],
  ] as const) {
    route(
      app,
      connect,
      async ({ auth, body }) => {
        await provider(service).connect(auth.broadcasterId, body.settings ?? {});
        return undefined;
      },
      admin,
    );
    route(
      app,
      disconnect,
      async ({ auth }) => {
        await ad.connections[service].disconnect(auth.broadcasterId);
        return undefined;
      },
      admin,
    );
  }
  for (const [contract, service] of [
    [c.twitterAuth, 'twitter'],
    [c.googleAuth, 'google'],
    [c.facebookAuth, 'facebook'],
  ] as const)
    route(
      app,
      contract,
      async ({ auth }) => ({ url: await provider(service).authorizationURL(auth.broadcasterId) }),
      admin,
    );

  // Managers and invites
  route(
    app,
    c.userRoles,
    ({ auth }, _req, reply) => {
      personal(reply);
      return managers.managers(db, auth.broadcasterId);
    },
    admin,
  );
  route(
    app,
    c.changeUserRoles,
    ({ auth, params, body }) => managers.setManagerRoles(db, auth.broadcasterId, params.userID, body.roles),
    admin,
  );
  route(
    app,
    c.removeManager,
    ({ auth, params }) =>
      managers.removeManager(
        db,
        auth.user,
        holdsBroadcasterRole(roleHolder(auth.user), auth.broadcasterId, 2),
        auth.broadcasterId,
        params.userID,
      ),
    manager,
  );
  route(
    app,
    c.userInvites,
    ({ auth }, _req, reply) => {
      personal(reply);
      return managers.invites(db, auth.broadcasterId);
    },
    admin,
  );
  route(
    app,
    c.inviteUser,
    ({ auth, body }, req) => managers.invite(ad, auth.user, auth.broadcasterId, body, origin(req)),
    admin,
  );
  route(
    app,
    c.resendInvite,
    ({ auth, params }, req) => managers.resendInvite(ad, auth.user, auth.broadcasterId, params.inviteID, origin(req)),
    admin,
  );
  route(
    app,
    c.revokeInvite,
    ({ auth, params }) => managers.revokeInvite(db, auth.broadcasterId, params.inviteID),
    admin,
  );
  route(app, c.invitePreview, ({ params }, _req, reply) => {
    personal(reply);
    return managers.invitePreview(db, params.code);
  });
  route(app, c.acceptInvite, ({ auth, params }) => managers.acceptInvite(db, auth.user, params.code), g.signedIn);

  // Notices and highlighted sermons
  route(app, c.broadcasterNotices, ({ params, query }, _req, reply) => {
    reply.header('cache-control', 'public, no-cache');
    return overview.notices(db, params.broadcasterID, query);
  });
  route(
    app,
    c.postNotice,
    async ({ auth, body }) => changed(auth.broadcasterId, await overview.postNotice(ad, auth.broadcasterId, body)),
    uploader,
  );
  route(
    app,
    c.deleteNotice,
    async ({ auth, params }) =>
      changed(auth.broadcasterId, await overview.deleteNotice(db, auth.broadcasterId, params.noticeID)),
    uploader,
  );
  route(
    app,
    c.updateHighlightedSermons,
    async ({ auth, body }, req) =>
      changed(
        auth.broadcasterId,
        await highlightedSermons(
          db,
          entities,
          await settings.saveHighlighted(db, auth.broadcasterId, body),
          urlsFor(config, req),
        ),
      ),
    uploader,
  );

  // Overview
  const figures =
    <T>(load: (id: string) => Promise<T>) =>
    async ({ auth }: { auth: { broadcasterId: string } }, _req: FastifyRequest, reply: FastifyReply) => {
      personal(reply);
      return load(auth.broadcasterId);
    };
  route(
    app,
    c.lifetimeStats,
    figures((id) => overview.lifetimeStats(db, id)),
    manager,
  );
  route(
    app,
    c.recentStats,
    figures((id) => overview.recentStats(db, id)),
    manager,
  );
  route(
    app,
    c.sermonStats,
    ({ auth, query }, _req, reply) => {
      personal(reply);
      return overview.sermonStats(db, auth.broadcasterId, query);
    },
    manager,
  );
  route(
    app,
    c.nextBill,
    figures((id) => overview.nextBill(ad, id)),
    biller,
  );
}
