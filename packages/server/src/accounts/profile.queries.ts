import type { Db } from '../db/db.ts';
import { at, USER_COLUMNS, type UserRow } from './accounts.queries.ts';

/** Profile fields PATCH site/users may set, by column. */
export type ProfileChanges = Partial<{
  display_name: string;
  display_location: string;
  gender: 'male' | 'female' | null;
  birth_year: number | null;
  church_leader: boolean;
  newsletter_opt_in: boolean;
  notify_email: boolean;
  notify_webcast_email: boolean;
  notify_mobile: boolean;
  my_church_broadcaster_id: string | null;
  /** JSON text of the merged preferences. */
  web_preferences: string;
}>;

const PROFILE_COLUMNS: readonly (keyof ProfileChanges)[] = [
  'display_name',
  'display_location',
  'gender',
  'birth_year',
  'church_leader',
  'newsletter_opt_in',
  'notify_email',
  'notify_webcast_email',
  'notify_mobile',
  'my_church_broadcaster_id',
  'web_preferences',
];

/** The stored web preferences (JSON text), the row locked until the transaction ends. */
export async function lockedPreferences(tx: Db, userId: number): Promise<string> {
  const rows = await tx.query<{ web_preferences: string }>(
    'SELECT web_preferences::text AS web_preferences FROM app_user WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  return rows[0]?.web_preferences ?? '{}';
}

/** Sets the given profile columns (only the known ones) and answers the account. */
export async function updateProfile(db: Db, userId: number, changes: ProfileChanges): Promise<UserRow> {
  const columns = PROFILE_COLUMNS.filter((c) => changes[c] !== undefined);
  const sets = columns.map((c, i) => `${c} = $${i + 2}${c === 'web_preferences' ? '::jsonb' : ''}`);
  if (sets.length) {
    await db.query(`UPDATE app_user SET ${sets.join(', ')} WHERE user_id = $1`, [
      userId,
      ...columns.map((c) => changes[c]),
    ]);
  }
  return (await userRow(db, userId)) as UserRow;
}

async function userRow(db: Db, userId: number): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM app_user u WHERE u.user_id = $1`, [userId]);
  return rows[0];
}

/** The broadcaster's id as stored (ids are lower case), or undefined when there is none. */
export async function broadcasterId(db: Db, id: string): Promise<string | undefined> {
  const rows = await db.query<{ broadcaster_id: string }>(
    'SELECT broadcaster_id FROM broadcaster WHERE broadcaster_id = lower($1)',
    [id],
  );
  return rows[0]?.broadcaster_id;
}

export async function setPendingEmail(db: Db, userId: number, email: string | null): Promise<void> {
  await db.query('UPDATE app_user SET pending_email = $2 WHERE user_id = $1', [userId, email]);
}

/**
 * Makes the waiting address the account's (verified, as its code proved it): answers the old
 * and the new address; undefined when none was waiting, or when another account took the
 * address meanwhile (`taken`).
 */
export async function applyPendingEmail(
  db: Db,
  userId: number,
): Promise<{ old_email: string; email: string } | 'taken' | undefined> {
  const rows = await db.query<{ old_email: string; email: string; taken: boolean }>(
    `SELECT u.email AS old_email, u.pending_email AS email,
       EXISTS (SELECT 1 FROM app_user o WHERE lower(o.email) = lower(u.pending_email) AND o.user_id <> u.user_id) AS taken
     FROM app_user u WHERE u.user_id = $1 AND u.pending_email IS NOT NULL FOR UPDATE`,
    [userId],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.taken) return 'taken';
  await db.query(
    'UPDATE app_user SET email = pending_email, pending_email = NULL, verified = true WHERE user_id = $1',
    [userId],
  );
  return { old_email: row.old_email, email: row.email };
}

/** A profile picture upload slot for the user, valid until `expiresAt`; answers its guid. */
export async function insertPictureUpload(db: Db, userId: number, expiresAt: number, now: number): Promise<string> {
  // The user's ended slots go as new ones come.
  await db.query('DELETE FROM user_picture_upload WHERE user_id = $1 AND expires_at <= $2', [userId, at(now)]);
  const rows = await db.query<{ guid: string }>(
    'INSERT INTO user_picture_upload (user_id, expires_at) VALUES ($1, $2) RETURNING guid::text AS guid',
    [userId, at(expiresAt)],
  );
  return (rows[0] as { guid: string }).guid;
}

/** The user of a live upload slot, or undefined (unknown, used or expired). */
export async function pictureUploadUser(db: Db, guid: string, now: number): Promise<number | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(guid)) return undefined;
  const rows = await db.query<{ user_id: number }>(
    'SELECT user_id FROM user_picture_upload WHERE guid = $1 AND expires_at > $2',
    [guid, at(now)],
  );
  return rows[0]?.user_id;
}

/** Uses a live upload slot once: its user, or undefined when it was used meanwhile. */
export async function takePictureUpload(db: Db, guid: string, now: number): Promise<number | undefined> {
  const rows = await db.query<{ user_id: number }>(
    'DELETE FROM user_picture_upload WHERE guid = $1 AND expires_at > $2 RETURNING user_id',
    [guid, at(now)],
  );
  return rows[0]?.user_id;
}

/** Sets (or with null clears) the picture's storage key; answers the key it replaced. */
export async function replaceProfilePicture(db: Db, userId: number, key: string | null): Promise<string | null> {
  const rows = await db.query<{ old: string | null }>(
    `UPDATE app_user u SET profile_picture = $2 FROM app_user before
     WHERE u.user_id = $1 AND before.user_id = u.user_id RETURNING before.profile_picture AS old`,
    [userId, key],
  );
  return rows[0]?.old ?? null;
}

/**
 * Deletes the account; its sessions, codes, roles, upload slots, device activations and every
 * other row that references it go with it (ON DELETE CASCADE). Answers its picture's key.
 */
export async function deleteUser(db: Db, userId: number): Promise<{ profile_picture: string | null } | undefined> {
  const rows = await db.query<{ profile_picture: string | null }>(
    'DELETE FROM app_user WHERE user_id = $1 RETURNING profile_picture',
    [userId],
  );
  return rows[0];
}
