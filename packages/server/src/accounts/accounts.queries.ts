import type { Db } from '../db/db.ts';

/** An account as the service sees it; times in epoch seconds. */
export type UserRow = {
  user_id: number;
  username: string;
  email: string;
  password_hash: string;
  display_name: string;
  verified: boolean;
  roles: number[];
  web_preferences: string;
  locale: string;
  disabled: boolean;
  date_added: number;
  last_login: number | null;
  display_location: string;
  /** Storage key prefix of the picture's sizes. */
  profile_picture: string | null;
  gender: 'male' | 'female' | null;
  birth_year: number | null;
  church_leader: boolean;
  newsletter_opt_in: boolean;
  notify_email: boolean;
  notify_webcast_email: boolean;
  notify_mobile: boolean;
  my_church_broadcaster_id: string | null;
  pending_email: string | null;
  /** Spec §6 broadcaster roles: 2 Admin, 3 Uploader, 4 Biller. */
  broadcaster_roles: { broadcasterID: string; broadcasterRoleID: number }[];
};

export type CodePurpose = 'verify' | 'reset' | 'email';

export const USER_COLUMNS = `u.user_id, u.username, u.email, u.password_hash, u.display_name, u.verified,
  u.roles::int4[] AS roles, u.web_preferences::text AS web_preferences, u.locale, u.disabled,
  extract(epoch FROM u.date_added)::int8 AS date_added, extract(epoch FROM u.last_login)::int8 AS last_login,
  u.display_location, u.profile_picture, u.gender, u.birth_year::int4 AS birth_year, u.church_leader,
  u.newsletter_opt_in, u.notify_email, u.notify_webcast_email, u.notify_mobile, u.my_church_broadcaster_id, u.pending_email,
  coalesce((SELECT json_agg(json_build_object('broadcasterID', r.broadcaster_id, 'broadcasterRoleID', r.role)
              ORDER BY r.broadcaster_id, r.role)
            FROM user_broadcaster_role r WHERE r.user_id = u.user_id), '[]'::json) AS broadcaster_roles`;

export const at = (ms: number) => new Date(ms).toISOString();

/** The account with this username or e-mail address, in any case. */
export async function userByName(db: Db, nameOrEmail: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM app_user u WHERE lower(u.username) = lower($1) OR lower(u.email) = lower($1)`,
    [nameOrEmail],
    { prepare: true },
  );
  return rows[0];
}

export async function userById(db: Db, userId: number): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM app_user u WHERE u.user_id = $1`, [userId]);
  return rows[0];
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM app_user WHERE lower(username) = lower($1)', [username]);
  return rows.length > 0;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM app_user WHERE lower(email) = lower($1)', [email]);
  return rows.length > 0;
}

/** Inserts an account; undefined when the name or address was taken meanwhile. */
export async function insertUser(
  db: Db,
  user: { username: string; email: string; passwordHash: string; displayName: string; locale: string; now: number },
): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(
    `WITH u AS (
       INSERT INTO app_user (username, email, password_hash, display_name, locale, date_added)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING *)
     SELECT ${USER_COLUMNS} FROM u`,
    [user.username, user.email, user.passwordHash, user.displayName, user.locale, at(user.now)],
  );
  return rows[0];
}

export async function markVerified(db: Db, userId: number): Promise<void> {
  await db.query('UPDATE app_user SET verified = true WHERE user_id = $1', [userId]);
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE app_user SET password_hash = $2 WHERE user_id = $1', [userId, passwordHash]);
}

export async function recordSignIn(db: Db, userId: number, now: number): Promise<void> {
  await db.query('UPDATE app_user SET last_login = $2 WHERE user_id = $1', [userId, at(now)]);
}

/** Stores a new code for the account, and ends its unused codes for the same purpose. */
export async function replaceCode(
  db: Db,
  code: { hash: Buffer; purpose: CodePurpose; userId: number; expiresAt: number },
): Promise<void> {
  await db.query('DELETE FROM user_code WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [
    code.userId,
    code.purpose,
  ]);
  await db.query('INSERT INTO user_code (code_hash, purpose, user_id, expires_at) VALUES ($1, $2, $3, $4)', [
    code.hash,
    code.purpose,
    code.userId,
    at(code.expiresAt),
  ]);
}

/** Uses a code once: its account, or undefined when it is unknown, used or expired. */
export async function useCode(db: Db, hash: Buffer, purpose: CodePurpose, now: number): Promise<number | undefined> {
  return (await useCodeOf(db, hash, [purpose], now))?.user_id;
}

/** Uses a code of one of `purposes` once: its account and purpose, or undefined. */
export async function useCodeOf(
  db: Db,
  hash: Buffer,
  purposes: readonly CodePurpose[],
  now: number,
): Promise<{ user_id: number; purpose: CodePurpose } | undefined> {
  const rows = await db.query<{ user_id: number; purpose: CodePurpose }>(
    `UPDATE user_code SET used_at = $3
     WHERE code_hash = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL AND expires_at > $3
     RETURNING user_id, purpose`,
    [hash, purposes, at(now)],
  );
  return rows[0];
}

export type SessionTokens = {
  accessHash: Buffer;
  accessExpiresAt: number;
  refreshHash: Buffer;
  refreshExpiresAt: number;
};

export async function insertSession(
  db: Db,
  s: SessionTokens & { familyId: string; userId: number; remember: boolean; now: number },
): Promise<void> {
  await db.query(
    `INSERT INTO user_session
       (family_id, user_id, access_hash, access_expires_at, refresh_hash, refresh_expires_at, remember, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      s.familyId,
      s.userId,
      s.accessHash,
      at(s.accessExpiresAt),
      s.refreshHash,
      at(s.refreshExpiresAt),
      s.remember,
      at(s.now),
    ],
  );
}

/** The live session an access token belongs to, with its user (not disabled). */
export async function sessionByAccess(
  db: Db,
  accessHash: Buffer,
  now: number,
): Promise<{ familyId: string; remember: boolean; user: UserRow } | undefined> {
  const rows = await db.query<UserRow & { family_id: string; session_remember: boolean }>(
    `SELECT s.family_id::text AS family_id, s.remember AS session_remember, ${USER_COLUMNS}
     FROM user_session s JOIN app_user u USING (user_id)
     WHERE s.access_hash = $1 AND s.access_expires_at > $2
       AND s.rotated_at IS NULL AND s.revoked_at IS NULL AND NOT u.disabled`,
    [accessHash, at(now)],
    { prepare: true },
  );
  const row = rows[0];
  if (!row) return undefined;
  const { family_id, session_remember, ...user } = row;
  return { familyId: family_id, remember: session_remember, user };
}

export type RefreshRow = {
  session_id: number;
  family_id: string;
  user_id: number;
  remember: boolean;
  expired: boolean;
  rotated: boolean;
  revoked: boolean;
};

export async function sessionByRefresh(db: Db, refreshHash: Buffer, now: number): Promise<RefreshRow | undefined> {
  const rows = await db.query<RefreshRow>(
    `SELECT session_id, family_id::text AS family_id, user_id, remember, refresh_expires_at <= $2 AS expired,
       rotated_at IS NOT NULL AS rotated, revoked_at IS NOT NULL AS revoked
     FROM user_session WHERE refresh_hash = $1`,
    [refreshHash, at(now)],
  );
  return rows[0];
}

/** Marks a session's tokens replaced; false when another request got there first. */
export async function markRotated(db: Db, sessionId: number, now: number): Promise<boolean> {
  const rows = await db.query(
    'UPDATE user_session SET rotated_at = $2 WHERE session_id = $1 AND rotated_at IS NULL AND revoked_at IS NULL RETURNING 1',
    [sessionId, at(now)],
  );
  return rows.length > 0;
}

export async function revokeFamily(db: Db, familyId: string, now: number): Promise<void> {
  await db.query('UPDATE user_session SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [
    familyId,
    at(now),
  ]);
}

export async function revokeUserSessions(db: Db, userId: number, now: number): Promise<void> {
  await db.query('UPDATE user_session SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [
    userId,
    at(now),
  ]);
}

/** Deletes the counters whose window has ended (a new attempt starts again from one anyway). */
export async function forgetEndedWindows(db: Db, now: number): Promise<void> {
  await db.query('DELETE FROM rate_limit WHERE window_ends_at <= $1', [at(now)]);
}

/**
 * Counts one attempt under `key` in fixed windows of `windowMs`; answers the count so far in
 * this window and when it ends (epoch ms). One statement, so concurrent processes count right.
 */
export async function countAttempt(
  db: Db,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ count: number; endsAt: number }> {
  const rows = await db.query<{ count: number; ends_at: number }>(
    `INSERT INTO rate_limit AS r (key, count, window_ends_at) VALUES ($1, 1, $3)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.window_ends_at <= $2 THEN 1 ELSE r.count + 1 END,
       window_ends_at = CASE WHEN r.window_ends_at <= $2 THEN $3 ELSE r.window_ends_at END
     RETURNING count, (extract(epoch FROM window_ends_at) * 1000)::int8 AS ends_at`,
    [key, at(now), at(now + windowMs)],
  );
  const row = rows[0] as { count: number; ends_at: number };
  return { count: row.count, endsAt: row.ends_at };
}

/** Adds a site role (spec §6: 1 Translate, 2 Admin, 3 VideoWall) to the account, once. */
export async function grantSiteRole(db: Db, userId: number, role: number): Promise<void> {
  await db.query(
    'UPDATE app_user SET roles = array_append(roles, $2::int2) WHERE user_id = $1 AND NOT ($2::int2 = ANY(roles))',
    [userId, role],
  );
}

/** Gives the account a role on a broadcaster (spec §6: 2 Admin, 3 Uploader, 4 Biller). */
export async function grantBroadcasterRole(db: Db, userId: number, broadcasterId: string, role: number): Promise<void> {
  await db.query(
    'INSERT INTO user_broadcaster_role (user_id, broadcaster_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [userId, broadcasterId.toLowerCase(), role],
  );
}
