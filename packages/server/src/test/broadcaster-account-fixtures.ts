import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { testUser } from './users.ts';

/** Made in the database for the permission table's broadcaster-account rows, one per call. */

const unique = () => randomBytes(6).toString('hex');

/** A pending broadcaster sign-up by a new user; its id. */
export async function pendingSignup(db: Db): Promise<number> {
  const signer = await testUser(db, `signer${unique()}`, { verified: true });
  const [row] = await db.query<{ signup_id: number }>(
    `INSERT INTO broadcaster_signup (user_id, broadcaster_id, display_name, contact_email, articles_accepted_at)
     VALUES ($1, $2, 'A church', 'a@example.org', now()) RETURNING signup_id::int4 AS signup_id`,
    [signer.userId, `church${unique()}`],
  );
  return row?.signup_id ?? 0;
}

/** A new user holding `role` (3 Uploader by default) on gracechurch; their user id. */
export async function graceManager(db: Db): Promise<number> {
  return (await testUser(db, `helper${unique()}`, { broadcaster: [['gracechurch', 'uploader']] })).userId;
}

/** A pending invite to gracechurch: its id and the code its link carries. */
export async function graceInvite(db: Db): Promise<{ inviteId: number; code: string }> {
  const code = randomBytes(24).toString('base64url');
  const [row] = await db.query<{ invite_id: number }>(
    `INSERT INTO broadcaster_invite (broadcaster_id, email, roles, code_hash, expires_at)
     VALUES ('gracechurch', $1, '{3}', $2, now() + interval '1 day') RETURNING invite_id::int4 AS invite_id`,
    [`invitee${unique()}@example.org`, createHash('sha256').update(code).digest('hex')],
  );
  return { inviteId: row?.invite_id ?? 0, code };
}

/** A notice of gracechurch; its id. */
export async function graceNotice(db: Db): Promise<number> {
  const [row] = await db.query<{ notice_id: number }>(
    `INSERT INTO broadcaster_notice (broadcaster_id, title, body) VALUES ('gracechurch', 'A notice', 'Its text')
     RETURNING notice_id::int4 AS notice_id`,
  );
  return row?.notice_id ?? 0;
}

export const newChurchId = () => `church${unique()}`;
export const newAddress = () => `someone${unique()}@example.org`;
