import { createHash, randomBytes } from 'node:crypto';
import { BROADCASTER_ACCOUNT_RULES } from '@kerygma/domain/broadcaster-account-values';
import { getLocale, localizePath } from '@kerygma/i18n/locales';
import { getTranslator } from '@kerygma/i18n/t';
import type { UserRow } from '../accounts/accounts.queries.ts';
import { type AccountDeps, refuse, requireBroadcaster, requireVerified } from './account-deps.ts';
import * as q from './managers.queries.ts';

/**
 * A broadcaster's managers and their invites (spec §6): roles 2 Admin, 3 Uploader, 4 Biller;
 * invites by e-mail that can be resent and revoked, accepted by their link's code by a signed-in
 * user with a verified address (one without an account signs up first and comes back to it).
 * At least one Admin always remains.
 */

type Db = AccountDeps['db'];
const ADMIN = 2;
const DAYS = BROADCASTER_ACCOUNT_RULES.inviteLifetimeDays;
const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
const newCode = () => randomBytes(24).toString('base64url');

const managerView = (m: q.ManagerRow) => ({
  userID: m.user_id,
  username: m.username,
  displayName: m.display_name,
  email: m.email,
  roles: m.roles,
});

export async function managers(db: Db, id: string) {
  return { results: (await q.managersOf(db, await requireBroadcaster(db, id))).map(managerView) };
}

/** Sets (or, with no roles, removes) a manager's roles, refusing to leave the broadcaster without an Admin. */
async function changeRoles(db: Db, id: string, userId: number, roles: readonly number[]) {
  const key = await requireBroadcaster(db, id);
  await db.transaction(async (tx) => {
    await q.lockRoles(tx, key);
    const before = await q.managersOf(tx, key);
    if (!before.some((m) => m.user_id === userId)) throw refuse(404, 'not_found', 'managerNotFound');
    await q.setRoles(tx, key, userId, roles);
    const after = await q.managersOf(tx, key);
    if (!after.some((m) => m.roles.includes(ADMIN))) throw refuse(409, 'last_admin', 'lastAdmin');
  });
  return managers(db, key);
}

export const setManagerRoles = (db: Db, id: string, userId: number, roles: readonly number[]) =>
  changeRoles(db, id, userId, roles);

/** Admins remove anyone; any other manager only themselves (the guard let any manager through). */
export async function removeManager(db: Db, actor: UserRow, isAdmin: boolean, id: string, userId: number) {
  if (userId !== actor.user_id && !isAdmin) throw refuse(403, 'forbidden', 'adminRequired');
  return changeRoles(db, id, userId, []);
}

const inviteView = (i: q.InviteRow) => ({
  inviteID: i.invite_id,
  email: i.email,
  roles: i.roles,
  state: i.state,
  invitedBy: i.invited_by,
  created: i.created,
  lastSent: i.last_sent,
  expires: i.expires,
});

export async function invites(db: Db, id: string) {
  return { results: (await q.invitesOf(db, await requireBroadcaster(db, id))).map(inviteView) };
}

/** Mails an invite's link, in the inviter's language. */
async function mailInvite(deps: AccountDeps, invite: q.InviteRow, code: string, inviter: UserRow, origin: string) {
  const locale = getLocale(inviter.locale).code;
  const t = await getTranslator(locale);
  const link = `${origin}${localizePath('/broadcaster/linking-users', locale)}?code=${code}`;
  const params = {
    broadcaster: invite.broadcaster_name,
    inviter: inviter.display_name || inviter.username,
    days: DAYS,
    link,
  };
  await deps.mail({
    to: invite.email,
    subject: t('broadcasterAccount.mail.inviteSubject', params),
    text: t('broadcasterAccount.mail.inviteBody', params),
  });
}

export async function invite(
  deps: AccountDeps,
  inviter: UserRow,
  id: string,
  input: { email: string; roles: readonly number[] },
  origin: string,
) {
  const key = await requireBroadcaster(deps.db, id);
  const code = newCode();
  const row = await deps.db.transaction(async (tx) => {
    if (await q.addressManages(tx, key, input.email)) throw refuse(409, 'already_manager', 'alreadyManager');
    await q.retireExpiredInvites(tx, key, input.email);
    const inviteId = await q.insertInvite(tx, {
      broadcasterId: key,
      email: input.email,
      roles: input.roles,
      codeHash: hashCode(code),
      invitedBy: inviter.user_id,
      days: DAYS,
    });
    if (inviteId === undefined) throw refuse(409, 'already_invited', 'alreadyInvited');
    return (await q.inviteById(tx, key, inviteId)) as q.InviteRow;
  });
  await mailInvite(deps, row, code, inviter, origin);
  return inviteView(row);
}

async function pendingInvite(db: Db, key: string, inviteId: number): Promise<q.InviteRow> {
  const row = await q.inviteById(db, key, inviteId);
  if (!row || row.state === 'accepted' || row.state === 'revoked') throw refuse(404, 'not_found', 'inviteNotFound');
  return row;
}

/** Sends a pending (or expired) invite again with a new code and expiry; the old link stops working. */
export async function resendInvite(deps: AccountDeps, inviter: UserRow, id: string, inviteId: number, origin: string) {
  const key = await requireBroadcaster(deps.db, id);
  const code = newCode();
  const row = await deps.db.transaction(async (tx) => {
    await pendingInvite(tx, key, inviteId);
    await q.renewInvite(tx, inviteId, hashCode(code), DAYS);
    return (await q.inviteById(tx, key, inviteId)) as q.InviteRow;
  });
  await mailInvite(deps, row, code, inviter, origin);
  return inviteView(row);
}

export async function revokeInvite(db: Db, id: string, inviteId: number) {
  const key = await requireBroadcaster(db, id);
  await db.transaction(async (tx) => {
    await pendingInvite(tx, key, inviteId);
    await q.setInviteState(tx, inviteId, 'revoked');
  });
  return { ok: true as const };
}

export async function invitePreview(db: Db, code: string) {
  const row = await q.inviteByCode(db, hashCode(code));
  if (!row) throw refuse(404, 'not_found', 'inviteNotFound');
  return {
    broadcasterID: row.broadcaster_id,
    broadcasterName: row.broadcaster_name,
    email: row.email,
    roles: row.roles,
    state: row.state,
    accountExists: await q.accountWithAddress(db, row.email),
  };
}

export async function acceptInvite(db: Db, user: UserRow, code: string) {
  requireVerified(user);
  return db.transaction(async (tx) => {
    const row = await q.inviteByCode(tx, hashCode(code), true);
    if (!row) throw refuse(404, 'not_found', 'inviteNotFound');
    if (row.state !== 'pending') throw refuse(409, 'invite_closed', 'inviteClosed');
    await q.addRoles(tx, row.broadcaster_id, user.user_id, row.roles);
    await q.setInviteState(tx, row.invite_id, 'accepted', user.user_id);
    return { broadcasterID: row.broadcaster_id, roles: row.roles };
  });
}
