import { userContracts as c } from '@kerygma/domain/contracts/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiDeps } from '../app-deps.ts';
import { urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { createMailer } from '../mail/mailer.ts';
import { requestLocale } from './account-mail.ts';
import * as accounts from './accounts.service.ts';
import { clearSessionCookies, REFRESH_COOKIE, readCookie, setSessionCookies } from './cookies.ts';
import * as devices from './devices.service.ts';
import { accessToken, guards } from './guards.ts';
import * as profile from './profile.service.ts';

/**
 * Accounts (spec §7 Users): sign-up, verification, sign-in, sessions, password resets, the
 * user's own profile, picture and account, device activation. Every authenticated call looks
 * its session up, so signing out everywhere takes effect at once.
 */
export async function accountRoutes(app: FastifyInstance, deps: ApiDeps) {
  const account: accounts.AccountDeps = {
    db: deps.db,
    mail: createMailer(deps.config.mail, app.log),
    now: deps.now ?? Date.now,
    log: app.log,
    signInLimitPerAddress: deps.config.signInLimitPerAddress,
  };
  const caller = (req: FastifyRequest): accounts.Caller => ({
    address: req.ip,
    origin: urlsFor(deps.config, req).origin,
    locale: requestLocale(req),
  });
  const { signedIn } = guards(account);
  const cookieMode = { framed: deps.config.classicAdminOrigins.length > 0 };
  const tokensAnswer = (t: accounts.IssuedTokens) => ({
    access_token: t.access,
    refresh_token: t.refresh,
    expires_in: t.expiresIn,
  });

  route(app, c.userAvailable, async ({ query }, _req, reply) => {
    reply.header('cache-control', 'no-store');
    return { available: await accounts.isAvailable(deps.db, query) };
  });

  route(app, c.signUp, async ({ params, body }, req) => {
    const user = await accounts.signUp(account, caller(req), {
      username: params.username,
      email: body.email,
      password: body.password,
      displayName: body.display_name,
    });
    return { user: accounts.userView(user) };
  });

  route(app, c.activateAccount, async ({ params }, req) => {
    await accounts.activate(account, caller(req), params.code);
    return { verified: true as const };
  });

  route(app, c.resendActivation, async ({ body }, req) => {
    await accounts.resendActivation(account, caller(req), body.username);
    return { ok: true as const };
  });

  route(app, c.signIn, async ({ params, body }, req, reply) => {
    const { user, tokens } = await accounts.signIn(account, caller(req), {
      name: params.username,
      password: body.password,
      remember: body.remember ?? false,
    });
    setSessionCookies(reply, caller(req).origin, tokens, cookieMode);
    return { ...tokensAnswer(tokens), user: accounts.userView(user) };
  });

  route(app, c.refreshSession, async ({ body }, req, reply) => {
    try {
      const tokens = await accounts.refresh(account, body?.refresh_token ?? readCookie(req, REFRESH_COOKIE));
      setSessionCookies(reply, caller(req).origin, tokens, cookieMode);
      return tokensAnswer(tokens);
    } catch (error) {
      clearSessionCookies(reply, caller(req).origin, cookieMode);
      throw error;
    }
  });

  route(app, c.signOut, async (_input, req, reply) => {
    await accounts.signOut(account, { access: accessToken(req), refresh: readCookie(req, REFRESH_COOKIE) });
    clearSessionCookies(reply, caller(req).origin, cookieMode);
    return { ok: true as const };
  });

  route(
    app,
    c.signOutEverywhere,
    async ({ auth }, req, reply) => {
      await accounts.signOutEverywhere(account, auth.user.user_id);
      clearSessionCookies(reply, caller(req).origin, cookieMode);
      return { ok: true as const };
    },
    signedIn,
  );

  route(app, c.requestPasswordReset, async ({ params }, req) => {
    await accounts.requestReset(account, caller(req), params.username);
    return { ok: true as const };
  });

  route(app, c.resetPassword, async ({ body }, req) => {
    await accounts.resetPassword(account, caller(req), body.password_reset_code, body.password);
    return { ok: true as const };
  });

  route(
    app,
    c.currentUser,
    ({ auth }, _req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return accounts.userView(auth.user);
    },
    signedIn,
  );

  route(
    app,
    c.updateUser,
    async ({ auth, body }, _req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return accounts.userView(await profile.updateProfile(account, auth.user, body));
    },
    signedIn,
  );

  route(
    app,
    c.changePassword,
    async ({ auth, body }, req, reply) => {
      const { user, tokens } = await profile.changePassword(account, caller(req), auth, body);
      setSessionCookies(reply, caller(req).origin, tokens);
      return { ...tokensAnswer(tokens), user: accounts.userView(user) };
    },
    signedIn,
  );

  route(
    app,
    c.changeEmail,
    async ({ auth, body }, req) => ({
      user: accounts.userView(await profile.changeEmail(account, caller(req), auth.user, body)),
    }),
    signedIn,
  );

  route(
    app,
    c.deleteUser,
    async ({ auth, body }, req, reply) => {
      await profile.deleteAccount(account, deps.media, caller(req), auth.user, body.password);
      clearSessionCookies(reply, caller(req).origin);
      return { ok: true as const };
    },
    signedIn,
  );

  route(
    app,
    c.uploadProfilePicture,
    ({ auth }, req) => profile.startPictureUpload(account, auth.user, caller(req).origin),
    signedIn,
  );
  route(
    app,
    c.deleteProfilePicture,
    async ({ auth }) => accounts.userView(await profile.deletePicture(account, deps.media, auth.user)),
    signedIn,
  );
  await app.register(async (bytes) => {
    // The picture's bytes are streamed to a scratch file, not parsed.
    bytes.removeAllContentTypeParsers();
    bytes.addContentTypeParser('*', (_req, _payload, done) => done(null));
    route(bytes, c.putProfilePicture, async ({ params }, req) =>
      accounts.userView(await profile.receivePicture(account, deps.media, params.guid, req.raw)),
    );
  });

  route(app, c.deviceAuthorization, async (_input, req, reply) => {
    reply.header('cache-control', 'no-store');
    return devices.startDeviceAuthorization(account, caller(req));
  });
  route(
    app,
    c.activateDevice,
    async ({ auth, body }, req) => {
      await devices.decideDevice(account, caller(req), auth.user.user_id, body);
      return { ok: true as const };
    },
    signedIn,
  );
  route(app, c.deviceToken, async ({ body }, req, reply) => {
    reply.header('cache-control', 'no-store');
    return tokensAnswer(await devices.pollDevice(account, caller(req), body.device_code));
  });
}
