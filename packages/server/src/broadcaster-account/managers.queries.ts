import type { InviteState } from '@kerygma/domain/broadcaster-account-values';
import type { Db } from '../db/db.ts';

export type ManagerRow = { user_id: number; username: string; display_name: string; email: string; roles: number[] };

export async function managersOf(db: Db, id: string): Promise<ManagerRow[]> {
  return db.query<ManagerRow>(
    `SELECT u.user_id::int4 AS user_id, u.username, u.display_name, u.email,
            array_agg(r.role::int4 ORDER BY r.role) AS roles
       FROM user_broadcaster_role r JOIN app_user u USING (user_id)
      WHERE r.broadcaster_id = $1
      GROUP BY u.user_id ORDER BY lower(u.username)`,
    [id],
  );
}

/** Locks the broadcaster's role rows, so that two changes cannot both leave it without an Admin. */
export async function lockRoles(db: Db, id: string): Promise<void> {
  await db.query('SELECT 1 FROM broadcaster WHERE broadcaster_id = $1 FOR UPDATE', [id]);
}

export async function setRoles(db: Db, id: string, userId: number, roles: readonly number[]): Promise<void> {
  await db.query('DELETE FROM user_broadcaster_role WHERE broadcaster_id = $1 AND user_id = $2', [id, userId]);
  await db.query(
    `INSERT INTO user_broadcaster_role (user_id, broadcaster_id, role)
     SELECT $2, $1, unnest($3::int4[]) ON CONFLICT DO NOTHING`,
    [id, userId, roles],
  );
}

/** Adds roles to what the user holds on the broadcaster. */
export async function addRoles(db: Db, id: string, userId: number, roles: readonly number[]): Promise<void> {
  await db.query(
    `INSERT INTO user_broadcaster_role (user_id, broadcaster_id, role)
     SELECT $2, $1, unnest($3::int4[]) ON CONFLICT DO NOTHING`,
    [id, userId, roles],
  );
}

export type InviteRow = {
  invite_id: number;
  broadcaster_id: string;
  broadcaster_name: string;
  email: string;
  roles: number[];
  state: InviteState;
  invited_by: string;
  created: number;
  last_sent: number;
  expires: number;
};

const INVITE_COLUMNS = `i.invite_id::int4 AS invite_id, i.broadcaster_id, b.display_name AS broadcaster_name, i.email,
  i.roles::int4[] AS roles,
  CASE WHEN i.state = 'pending' AND i.expires_at <= now() THEN 'expired' ELSE i.state END AS state,
  coalesce(nullif(u.display_name, ''), u.username, '') AS invited_by,
  extract(epoch FROM i.created_at)::int8 AS created, extract(epoch FROM i.last_sent_at)::int8 AS last_sent,
  extract(epoch FROM i.expires_at)::int8 AS expires`;
const INVITE_FROM = `broadcaster_invite i JOIN broadcaster b USING (broadcaster_id)
  LEFT JOIN app_user u ON u.user_id = i.invited_by`;

export async function invitesOf(db: Db, id: string): Promise<InviteRow[]> {
  return db.query<InviteRow>(
    `SELECT ${INVITE_COLUMNS} FROM ${INVITE_FROM}
      WHERE i.broadcaster_id = $1 AND i.state = 'pending' ORDER BY i.created_at DESC, i.invite_id DESC LIMIT 200`,
    [id],
  );
}

export async function inviteById(db: Db, id: string, inviteId: number): Promise<InviteRow | undefined> {
  const [row] = await db.query<InviteRow>(
    `SELECT ${INVITE_COLUMNS} FROM ${INVITE_FROM} WHERE i.broadcaster_id = $1 AND i.invite_id = $2`,
    [id, inviteId],
  );
  return row;
}

export async function inviteByCode(db: Db, codeHash: string, lock = false): Promise<InviteRow | undefined> {
  const [row] = await db.query<InviteRow>(
    `SELECT ${INVITE_COLUMNS} FROM ${INVITE_FROM} WHERE i.code_hash = $1${lock ? ' FOR UPDATE OF i' : ''}`,
    [codeHash],
  );
  return row;
}

/** Whether a user with this address already holds a role on the broadcaster. */
export async function addressManages(db: Db, id: string, email: string): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM user_broadcaster_role r JOIN app_user u USING (user_id)
                     WHERE r.broadcaster_id = $1 AND lower(u.email) = lower($2)) AS found`,
    [id, email],
  );
  return row?.found ?? false;
}

export async function accountWithAddress(db: Db, email: string): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM app_user WHERE lower(email) = lower($1)) AS found',
    [email],
  );
  return row?.found ?? false;
}

/** Expired pending invites to the address stop holding its place. */
export async function retireExpiredInvites(db: Db, id: string, email: string): Promise<void> {
  await db.query(
    `UPDATE broadcaster_invite SET state = 'revoked'
      WHERE broadcaster_id = $1 AND lower(email) = lower($2) AND state = 'pending' AND expires_at <= now()`,
    [id, email],
  );
}

/** Inserts a pending invite; undefined when the address has one pending already. */
export async function insertInvite(
  db: Db,
  i: {
    broadcasterId: string;
    email: string;
    roles: readonly number[];
    codeHash: string;
    invitedBy: number;
    days: number;
  },
): Promise<number | undefined> {
  const [row] = await db.query<{ invite_id: number }>(
    `INSERT INTO broadcaster_invite (broadcaster_id, email, roles, code_hash, invited_by, expires_at)
     VALUES ($1, $2, $3::int4[]::smallint[], $4, $5, now() + make_interval(days => $6))
     ON CONFLICT DO NOTHING RETURNING invite_id::int4 AS invite_id`,
    [i.broadcasterId, i.email, i.roles, i.codeHash, i.invitedBy, i.days],
  );
  return row?.invite_id;
}

export async function renewInvite(db: Db, inviteId: number, codeHash: string, days: number): Promise<void> {
  await db.query(
    `UPDATE broadcaster_invite SET code_hash = $2, last_sent_at = now(), expires_at = now() + make_interval(days => $3)
      WHERE invite_id = $1`,
    [inviteId, codeHash, days],
  );
}

export async function setInviteState(
  db: Db,
  inviteId: number,
  state: 'accepted' | 'revoked',
  userId: number | null = null,
): Promise<void> {
  await db.query('UPDATE broadcaster_invite SET state = $2, accepted_by = $3 WHERE invite_id = $1', [
    inviteId,
    state,
    userId,
  ]);
}
