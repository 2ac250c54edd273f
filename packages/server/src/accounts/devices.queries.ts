import type { Db } from '../db/db.ts';
import { at } from './accounts.queries.ts';

export type DeviceState = 'pending' | 'approved' | 'denied' | 'used';

export type DeviceRow = {
  state: DeviceState;
  user_id: number | null;
  expired: boolean;
  interval_seconds: number;
  /** Epoch ms of the last poll, null before the first. */
  last_polled_at: number | null;
};

export async function insertDevice(
  db: Db,
  d: { deviceHash: Buffer; userHash: Buffer; expiresAt: number; intervalSeconds: number; now: number },
): Promise<boolean> {
  // Activations ended a day ago are of no use to anyone: they go as new ones come.
  await db.query('DELETE FROM device_authorization WHERE expires_at <= $1', [at(d.now - 24 * 3600_000)]);
  const rows = await db.query(
    `INSERT INTO device_authorization (device_code_hash, user_code_hash, expires_at, interval_seconds)
     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1`,
    [d.deviceHash, d.userHash, at(d.expiresAt), d.intervalSeconds],
  );
  return rows.length > 0;
}

/** A signed-in user approves or refuses a pending, unexpired activation; false when there is none. */
export async function decideDevice(
  db: Db,
  userHash: Buffer,
  decision: { userId: number; approve: boolean },
  now: number,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE device_authorization SET state = $2, user_id = $3
     WHERE user_code_hash = $1 AND state = 'pending' AND expires_at > $4 RETURNING 1`,
    [userHash, decision.approve ? 'approved' : 'denied', decision.userId, at(now)],
  );
  return rows.length > 0;
}

/** The activation a device polls for, locked until the transaction ends. */
export async function lockedDevice(tx: Db, deviceHash: Buffer, now: number): Promise<DeviceRow | undefined> {
  const rows = await tx.query<DeviceRow>(
    `SELECT state, user_id, expires_at <= $2 AS expired, interval_seconds,
       (extract(epoch FROM last_polled_at) * 1000)::int8 AS last_polled_at
     FROM device_authorization WHERE device_code_hash = $1 FOR UPDATE`,
    [deviceHash, at(now)],
  );
  return rows[0];
}

/** Records a poll; `slowDown` adds 5 s to the interval (RFC 8628 §3.5); `used` marks its token pair issued. */
export async function recordPoll(
  tx: Db,
  deviceHash: Buffer,
  poll: { now: number; slowDown?: boolean; used?: boolean },
): Promise<void> {
  await tx.query(
    `UPDATE device_authorization SET last_polled_at = $2,
       interval_seconds = interval_seconds + CASE WHEN $3::boolean THEN 5 ELSE 0 END,
       state = CASE WHEN $4::boolean THEN 'used' ELSE state END
     WHERE device_code_hash = $1`,
    [deviceHash, at(poll.now), poll.slowDown ?? false, poll.used ?? false],
  );
}
