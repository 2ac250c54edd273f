import { randomUUID } from 'node:crypto';
import type { userSchema } from '@kerygma/domain/contracts/users';
import { BROADCASTER_ROLE, SITE_ROLE } from '@kerygma/domain/roles';
import type { z } from 'zod';
import type { Db } from '../db/db.ts';
import { ApiError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailCode, mailEmailChanged } from './account-mail.ts';
import * as q from './accounts.queries.ts';
import { countOrRefuse } from './attempt-limits.ts';
import { hashPassword, passwordMatches } from './passwords.ts';
import { applyPendingEmail } from './profile.queries.ts';
import { ACCESS_TOKEN_SECONDS, CODE_LIFETIME_MS, digest, newCode, newToken, REFRESH_TOKEN_SECONDS } from './tokens.ts';

/** What the account rules need: the database, the mailer, the clock (tests move it). */
export type AccountDeps = {
  db: Db;
  mail: Mailer;
  now: () => number;
  log: { error(o: object, msg: string): void };
  /** Sign-in attempts per client address per window (SIGN_IN_LIMIT_PER_ADDRESS); the default limit when absent. */
  signInLimitPerAddress?: number;
};

/** Where a request comes from: its address (for rate limits) and origin (for mailed links). */
export type Caller = { address: string; origin: string; locale: string };

export type IssuedTokens = { access: string; refresh: string; remember: boolean; expiresIn: number };

const fail = (status: number, code: string, key: string) => new ApiError(status, code, { error: { key } });
const wrongCode = () => new ApiError(400, 'invalid_code', { code: { key: 'error.account.codeInvalid' } });

export function userView(u: q.UserRow): z.infer<typeof userSchema> {
  return {
    user_id: u.user_id,
    username: u.username,
    email: u.email,
    display_name: u.display_name,
    verified: u.verified,
    roles: u.roles,
    admin: u.roles.includes(SITE_ROLE.admin),
    web_preferences: u.web_preferences,
    date_added: u.date_added,
    last_login: u.last_login,
    display_location: u.display_location,
    profile_picture: u.profile_picture === null ? null : `/media/users/${u.profile_picture}/{size}.jpg`,
    gender: u.gender,
    birth_year: u.birth_year,
    church_leader: u.church_leader,
    newsletter_opt_in: u.newsletter_opt_in,
    notify_email: u.notify_email,
    notify_webcast_email: u.notify_webcast_email,
    notify_mobile: u.notify_mobile,
    myChurchBroadcasterID: u.my_church_broadcaster_id,
    pending_email: u.pending_email,
    broadcasterRoles: u.broadcaster_roles,
    broadcasterAdminIds: u.broadcaster_roles
      .filter((r) => r.broadcasterRoleID === BROADCASTER_ROLE.admin)
      .map((r) => r.broadcasterID),
    broadcasterIds: [...new Set(u.broadcaster_roles.map((r) => r.broadcasterID))],
  };
}

export async function isAvailable(db: Db, query: { username?: string; email?: string }): Promise<boolean> {
  if (query.username !== undefined && (await q.usernameTaken(db, query.username))) return false;
  if (query.email !== undefined && (await q.emailTaken(db, query.email))) return false;
  return true;
}

/** Creates an unverified account and mails its verification code. */
export async function signUp(
  deps: AccountDeps,
  caller: Caller,
  input: { username: string; email: string; password: string; displayName?: string },
): Promise<q.UserRow> {
  await countOrRefuse(deps.db, 'signUpAddress', caller.address, deps.now());
  if (await q.usernameTaken(deps.db, input.username))
    throw new ApiError(409, 'taken', { username: { key: 'error.account.usernameTaken' } });
  if (await q.emailTaken(deps.db, input.email))
    throw new ApiError(409, 'taken', { email: { key: 'error.account.emailTaken' } });
  const user = await q.insertUser(deps.db, {
    username: input.username,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    displayName: input.displayName || input.username,
    locale: caller.locale,
    now: deps.now(),
  });
  if (!user) throw new ApiError(409, 'taken', { username: { key: 'error.account.usernameTaken' } });
  await sendCode(deps, caller, user, 'verify');
  return user;
}

/** A new code for the account (its earlier unused ones stop working), mailed. */
export async function sendCode(
  deps: AccountDeps,
  caller: Caller,
  user: q.UserRow,
  purpose: q.CodePurpose,
  to: string = user.email,
): Promise<void> {
  const code = newCode();
  const expiresAt = deps.now() + CODE_LIFETIME_MS[purpose];
  await q.replaceCode(deps.db, { hash: digest(code), purpose, userId: user.user_id, expiresAt });
  // The account stands even if the mail server is down: the code can be sent again.
  await mailCode(deps.mail, purpose, {
    to,
    name: user.display_name || user.username,
    locale: user.locale,
    code,
    origin: caller.origin,
  }).catch((error) => deps.log.error({ err: error, purpose }, 'could not send the account e-mail'));
}

/**
 * Uses a mailed code: a verification code verifies the account; an e-mail change code makes
 * the waiting address the account's, then tells the old address.
 */
export async function activate(deps: AccountDeps, caller: Caller, code: string): Promise<void> {
  const changed = await deps.db.transaction(async (tx) => {
    const used = await q.useCodeOf(tx, digest(normalCode(code)), ['verify', 'email'], deps.now());
    if (!used) throw wrongCode();
    if (used.purpose === 'verify') {
      await q.markVerified(tx, used.user_id);
      return undefined;
    }
    const change = await applyPendingEmail(tx, used.user_id);
    // Taken meanwhile: the transaction rolls back, and the code stays unused for another try.
    if (change === 'taken') throw new ApiError(409, 'taken', { email: { key: 'error.account.emailTaken' } });
    if (!change) throw wrongCode();
    return { userId: used.user_id, ...change };
  });
  if (changed) {
    const user = await q.userById(deps.db, changed.userId);
    if (user)
      await mailEmailChanged(deps.mail, {
        to: changed.old_email,
        name: user.display_name || user.username,
        locale: user.locale,
        email: changed.email,
        origin: caller.origin,
      }).catch((error) => deps.log.error({ err: error }, 'could not send the e-mail change notice'));
  }
}

/** Codes are typed by people: spaces and case are forgiven. */
const normalCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

export async function resendActivation(deps: AccountDeps, caller: Caller, username: string): Promise<void> {
  await countOrRefuse(deps.db, 'resendAccount', username, deps.now());
  const user = await q.userByName(deps.db, username);
  if (user && !user.verified && !user.disabled) await sendCode(deps, caller, user, 'verify');
}

export async function requestReset(deps: AccountDeps, caller: Caller, name: string): Promise<void> {
  await countOrRefuse(deps.db, 'resetAddress', caller.address, deps.now());
  await countOrRefuse(deps.db, 'resetAccount', name, deps.now());
  const user = await q.userByName(deps.db, name);
  if (user && !user.disabled) await sendCode(deps, caller, user, 'reset');
}

/** Sets a new password with a reset code and ends every session of the account. */
export async function resetPassword(deps: AccountDeps, caller: Caller, code: string, password: string): Promise<void> {
  await countOrRefuse(deps.db, 'resetAddress', caller.address, deps.now());
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const userId = await q.useCode(tx, digest(code), 'reset', deps.now());
    if (userId === undefined) throw wrongCode();
    await q.setPasswordHash(tx, userId, passwordHash);
    // The code reached the account's address: that proves the address.
    await q.markVerified(tx, userId);
    await q.revokeUserSessions(tx, userId, deps.now());
  });
}

export async function signIn(
  deps: AccountDeps,
  caller: Caller,
  input: { name: string; password: string; remember: boolean },
): Promise<{ user: q.UserRow; tokens: IssuedTokens }> {
  await countOrRefuse(deps.db, 'signInAddress', caller.address, deps.now(), deps.signInLimitPerAddress);
  await countOrRefuse(deps.db, 'signInAccount', input.name, deps.now());
  const user = await q.userByName(deps.db, input.name);
  if (!user || !(await passwordMatches(user.password_hash, input.password)))
    throw fail(401, 'wrong_password', 'error.account.wrongPassword');
  if (user.disabled) throw fail(403, 'disabled', 'error.account.disabled');
  const tokens = await startSession(
    deps.db,
    { familyId: randomUUID(), userId: user.user_id, remember: input.remember },
    deps.now(),
  );
  await q.recordSignIn(deps.db, user.user_id, deps.now());
  return { user: { ...user, last_login: Math.floor(deps.now() / 1000) }, tokens };
}

export async function startSession(
  db: Db,
  session: { familyId: string; userId: number; remember: boolean },
  now: number,
): Promise<IssuedTokens> {
  const access = newToken();
  const refresh = newToken();
  await q.insertSession(db, {
    ...session,
    accessHash: digest(access),
    accessExpiresAt: now + ACCESS_TOKEN_SECONDS * 1000,
    refreshHash: digest(refresh),
    refreshExpiresAt: now + REFRESH_TOKEN_SECONDS * 1000,
    now,
  });
  return { access, refresh, remember: session.remember, expiresIn: ACCESS_TOKEN_SECONDS };
}

/**
 * Trades a refresh token for a new pair. A token already traded (or traded by a concurrent
 * request) means two holders: the whole family ends, and both must sign in again.
 */
export async function refresh(deps: AccountDeps, token: string | undefined): Promise<IssuedTokens> {
  const ended = () => fail(401, 'session_ended', 'error.account.sessionEnded');
  if (!token) throw ended();
  const now = deps.now();
  const session = await q.sessionByRefresh(deps.db, digest(token), now);
  if (!session || session.revoked || session.expired) throw ended();
  if (session.rotated) {
    await q.revokeFamily(deps.db, session.family_id, now);
    throw ended();
  }
  const tokens = await deps.db.transaction(async (tx) => {
    if (!(await q.markRotated(tx, session.session_id, now))) return undefined;
    return startSession(tx, { familyId: session.family_id, userId: session.user_id, remember: session.remember }, now);
  });
  if (!tokens) {
    await q.revokeFamily(deps.db, session.family_id, now);
    throw ended();
  }
  return tokens;
}

/** Ends the session a refresh or access token belongs to (no error when it has already ended). */
export async function signOut(deps: AccountDeps, tokens: { access?: string; refresh?: string }): Promise<void> {
  const now = deps.now();
  const family = tokens.refresh
    ? (await q.sessionByRefresh(deps.db, digest(tokens.refresh), now))?.family_id
    : tokens.access
      ? (await q.sessionByAccess(deps.db, digest(tokens.access), now))?.familyId
      : undefined;
  if (family) await q.revokeFamily(deps.db, family, now);
}

export async function signOutEverywhere(deps: AccountDeps, userId: number): Promise<void> {
  await q.revokeUserSessions(deps.db, userId, deps.now());
}
