import { randomBytes } from 'node:crypto';
import { emailSchema, usernameSchema } from '@kerygma/domain/account-rules';
import { BROADCASTER_ROLE, SITE_ROLE } from '@kerygma/domain/roles';
import type { Db } from '../db/db.ts';
import * as q from './accounts.queries.ts';
import { hashPassword } from './passwords.ts';

/**
 * Accounts made from the command line and the demo seed: the first site admin of a real
 * install (`pnpm user:admin`), and the demo's admin and broadcaster manager. Their passwords are
 * random, shown once to whoever ran the command or started the server; only their hash is kept.
 */

/** A random password that meets the password rules (a lower-case letter and a digit included). */
export function generatePassword(): string {
  return `${randomBytes(15).toString('base64url')}k7`;
}

/** A verified account with this password (its hash kept); throws when the name or address is taken. */
export async function createVerified(db: Db, username: string, email: string, password: string): Promise<q.UserRow> {
  const user = await q.insertUser(db, {
    username,
    email,
    passwordHash: await hashPassword(password),
    displayName: username,
    locale: 'en',
    now: Date.now(),
  });
  if (!user) throw new Error(`The username '${username}' or the address '${email}' is already taken.`);
  await q.markVerified(db, user.user_id);
  return user;
}

export type SiteAdminResult = { username: string; created: boolean; password?: string; wasAdmin: boolean };

/**
 * Makes `name` (a username or e-mail address) a site admin: an existing account is promoted
 * (and counts as verified); otherwise one is created with a generated password, which needs an
 * e-mail address (`email`, or `name` itself when it is one).
 */
export async function makeSiteAdmin(db: Db, name: string, email?: string): Promise<SiteAdminResult> {
  const existing = await q.userByName(db, name);
  if (existing) {
    const wasAdmin = existing.roles.includes(SITE_ROLE.admin);
    await q.grantSiteRole(db, existing.user_id, SITE_ROLE.admin);
    await q.markVerified(db, existing.user_id);
    return { username: existing.username, created: false, wasAdmin };
  }
  const address = email ?? (name.includes('@') ? name : undefined);
  if (!address) throw new Error(`No account '${name}'. To create one, give its e-mail address too.`);
  if (!emailSchema.safeParse(address).success) throw new Error(`'${address}' is not an e-mail address.`);
  const username = name.includes('@') ? (name.split('@')[0] ?? '').replace(/[^A-Za-z0-9]/g, '') : name;
  const checked = usernameSchema.safeParse(username);
  if (!checked.success) throw new Error(`'${username}' cannot be a username: ${checked.error.issues[0]?.message}.`);
  const password = generatePassword();
  const user = await createVerified(db, username, address, password);
  await q.grantSiteRole(db, user.user_id, SITE_ROLE.admin);
  return { username, created: true, password, wasAdmin: false };
}

export const DEMO_SITE_ADMIN = 'demoadmin';
export const DEMO_MANAGER = 'demomanager';

/**
 * The demo's users (with the demo catalogue): a site admin, and the Admin of `broadcasterId`.
 * Made once, each with a random password that `log` is told once; on a later seed (a reset)
 * the manager is given the broadcaster again and no password is shown.
 */
export async function ensureDemoUsers(db: Db, broadcasterId: string, log: (line: string) => void): Promise<void> {
  const made: string[] = [];
  const user = async (username: string) => {
    const found = await q.userByName(db, username);
    if (found) return found;
    const password = generatePassword();
    const created = await createVerified(db, username, `${username}@example.org`, password);
    made.push(`  ${username} / ${password}`);
    return created;
  };
  const admin = await user(DEMO_SITE_ADMIN);
  await q.grantSiteRole(db, admin.user_id, SITE_ROLE.admin);
  const manager = await user(DEMO_MANAGER);
  await q.grantBroadcasterRole(db, manager.user_id, broadcasterId, BROADCASTER_ROLE.admin);
  if (made.length)
    log(
      [
        `demo users (site admin ${DEMO_SITE_ADMIN}; ${DEMO_MANAGER}, Admin of ${broadcasterId}); their passwords, shown this once:`,
        ...made,
      ].join('\n'),
    );
}
