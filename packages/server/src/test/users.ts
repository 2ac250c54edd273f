import { randomUUID } from 'node:crypto';
import { BROADCASTER_ROLE, SITE_ROLE } from '@kerygma/domain/roles';
import {
  grantBroadcasterRole,
  grantSiteRole,
  insertSession,
  insertUser,
  markVerified,
} from '../accounts/accounts.queries.ts';
import { ACCESS_TOKEN_SECONDS, digest, newToken, REFRESH_TOKEN_SECONDS } from '../accounts/tokens.ts';
import type { Db } from '../db/db.ts';

export type TestUser = { userId: number; username: string; headers: { authorization: string } };

/**
 * A signed-in account for tests, made in the database without the sign-up and sign-in calls
 * (no argon2, no attempt limits): its roles (and a verified address, if asked), and a live session whose access token the
 * returned headers carry (`Authorization: Bearer`, as apps send it).
 */
export async function testUser(
  db: Db,
  username: string,
  roles: { siteAdmin?: boolean; broadcaster?: [string, keyof typeof BROADCASTER_ROLE][]; verified?: boolean } = {},
  now = Date.now(),
): Promise<TestUser> {
  const user = await insertUser(db, {
    username,
    email: `${username}@example.org`,
    passwordHash: 'not a hash: this account signs in by its test session only',
    displayName: username,
    locale: 'en',
    now,
  });
  if (!user) throw new Error(`user ${username} exists`);
  if (roles.verified) await markVerified(db, user.user_id);
  if (roles.siteAdmin) await grantSiteRole(db, user.user_id, SITE_ROLE.admin);
  for (const [broadcasterId, role] of roles.broadcaster ?? [])
    await grantBroadcasterRole(db, user.user_id, broadcasterId, BROADCASTER_ROLE[role]);
  const access = newToken();
  await insertSession(db, {
    familyId: randomUUID(),
    userId: user.user_id,
    remember: false,
    accessHash: digest(access),
    accessExpiresAt: now + ACCESS_TOKEN_SECONDS * 1000,
    refreshHash: digest(newToken()),
    refreshExpiresAt: now + REFRESH_TOKEN_SECONDS * 1000,
    now,
  });
  return { userId: user.user_id, username, headers: { authorization: `Bearer ${access}` } };
}
