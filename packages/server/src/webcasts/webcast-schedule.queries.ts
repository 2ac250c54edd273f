import { type KeyColumn, keyColumns, keysetCondition } from '../catalogue/keyset.ts';
import type { Db } from '../db/db.ts';

/** SQL of scheduled webcasts (migration 0058): a broadcaster's announced webcasts, upcoming by time. */

export type ScheduleRow = {
  schedule_id: number;
  broadcaster_id: string;
  broadcaster_name: string;
  title: string;
  description: string;
  /** Epoch seconds. */
  starts_at: number;
  expected_minutes: number | null;
};

export type ScheduleFields = {
  title: string;
  description: string;
  /** Epoch ms. */
  startsAt: number;
  expectedMinutes: number | null;
};

const COLUMNS = `s.schedule_id::int8 AS schedule_id, s.broadcaster_id, b.display_name AS broadcaster_name, s.title,
  s.description, floor(extract(epoch FROM s.starts_at))::int8 AS starts_at, s.expected_minutes`;
const FROM = 'FROM webcast_schedule s JOIN broadcaster b ON b.broadcaster_id = s.broadcaster_id';

/** Soonest first; the index webcast_schedule_start (and _broadcaster after its id) walks it. */
export const SCHEDULE_ORDER: KeyColumn[] = [
  { expr: 's.starts_at', type: 'timestamptz', dir: 'ASC' },
  { expr: 's.schedule_id', type: 'int8', dir: 'ASC' },
];

const at = (ms: number) => new Date(ms).toISOString();

/**
 * One page (`limit` rows) of the upcoming schedules, of one broadcaster or all, after the
 * cursor's keys: those starting after `sinceMs` (now less the grace), of broadcasters that may webcast.
 */
export async function upcomingPage(
  db: Db,
  page: { broadcasterId?: string | undefined; sinceMs: number; limit: number; after?: readonly string[] | undefined },
): Promise<(ScheduleRow & { k0: string; k1: string })[]> {
  const params: unknown[] = [at(page.sinceMs), page.limit];
  // A broadcaster no longer allowed to webcast (or disabled) announces nothing.
  const conditions = ['s.starts_at > $1::timestamptz', 'b.can_webcast', 'NOT b.disabled'];
  if (page.broadcasterId !== undefined) {
    params.push(page.broadcasterId);
    conditions.push(`s.broadcaster_id = $${params.length}`);
  }
  if (page.after) conditions.push(keysetCondition(SCHEDULE_ORDER, page.after, params));
  return db.query(
    `SELECT ${COLUMNS}, ${keyColumns(SCHEDULE_ORDER)} ${FROM}
      WHERE ${conditions.join(' AND ')}
      ORDER BY ${SCHEDULE_ORDER.map((c) => `${c.expr} ${c.dir}`).join(', ')}
      LIMIT $2`,
    params,
  );
}

export async function scheduleById(db: Db, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await db.query<ScheduleRow>(`SELECT ${COLUMNS} ${FROM} WHERE s.schedule_id = $1`, [id]);
  return row;
}

export async function insertSchedule(tx: Db, broadcasterId: string, f: ScheduleFields): Promise<number> {
  const [row] = await tx.query<{ schedule_id: number }>(
    `INSERT INTO webcast_schedule (broadcaster_id, title, description, starts_at, expected_minutes)
     VALUES ($1, $2, $3, $4::timestamptz, $5) RETURNING schedule_id::int8 AS schedule_id`,
    [broadcasterId, f.title, f.description, at(f.startsAt), f.expectedMinutes],
  );
  return Number(row?.schedule_id);
}

export async function updateSchedule(tx: Db, id: number, f: ScheduleFields): Promise<void> {
  await tx.query(
    `UPDATE webcast_schedule SET title = $2, description = $3, starts_at = $4::timestamptz, expected_minutes = $5,
            updated_at = now()
      WHERE schedule_id = $1`,
    [id, f.title, f.description, at(f.startsAt), f.expectedMinutes],
  );
}

export async function deleteSchedule(tx: Db, id: number): Promise<boolean> {
  const gone = await tx.query(`DELETE FROM webcast_schedule WHERE schedule_id = $1 RETURNING schedule_id`, [id]);
  return gone.length > 0;
}

export async function canWebcast(db: Db, broadcasterId: string): Promise<boolean> {
  const [row] = await db.query<{ can_webcast: boolean }>(
    'SELECT can_webcast FROM broadcaster WHERE broadcaster_id = $1',
    [broadcasterId],
  );
  return row?.can_webcast ?? false;
}
