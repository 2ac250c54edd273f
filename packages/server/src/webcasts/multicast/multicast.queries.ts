import type { MulticastPlatform, MulticastStatus, RestreamEventKind } from '@kerygma/domain/contracts/multicast';
import type { Db } from '../../db/db.ts';

/** The SQL of restream destinations and their events (migration 0054). Addresses and keys stay sealed here. */

export type MulticastRow = {
  multicast_id: number;
  broadcaster_id: string;
  stream_platform: MulticastPlatform;
  stream_label: string;
  stream_url_sealed: string;
  stream_key_sealed: string;
  status: MulticastStatus;
  auto_start: boolean;
  disabled: boolean;
  system: boolean;
  last_event: { kind: RestreamEventKind; attempt: number; detail: string | null; time: number } | null;
};

const COLUMNS = `m.multicast_id, m.broadcaster_id, m.stream_platform, m.stream_label, m.stream_url_sealed,
  m.stream_key_sealed, m.status, m.auto_start, m.disabled, m.system,
  (SELECT json_build_object('kind', e.kind, 'attempt', e.attempt, 'detail', e.detail,
                            'time', extract(epoch FROM e.created_at)::int8)
     FROM multicast_event e WHERE e.multicast_id = m.multicast_id ORDER BY e.event_id DESC LIMIT 1) AS last_event`;

/** The broadcaster's destinations, oldest first (at most MULTICAST_MAX_PER_BROADCASTER of them). */
export function multicastsOf(db: Db, broadcasterId: string, includeSystem: boolean): Promise<MulticastRow[]> {
  return db.query<MulticastRow>(
    `SELECT ${COLUMNS} FROM multicast m
      WHERE m.broadcaster_id = $1 AND ($2 OR NOT m.system) ORDER BY m.multicast_id`,
    [broadcasterId, includeSystem],
  );
}

export async function multicastOf(
  db: Db,
  broadcasterId: string,
  multicastId: number,
): Promise<MulticastRow | undefined> {
  const [row] = await db.query<MulticastRow>(
    `SELECT ${COLUMNS} FROM multicast m WHERE m.broadcaster_id = $1 AND m.multicast_id = $2`,
    [broadcasterId, multicastId],
  );
  return row;
}

/** The broadcaster's destinations that start with its webcast. */
export function autoStartMulticasts(db: Db, broadcasterId: string): Promise<MulticastRow[]> {
  return db.query<MulticastRow>(
    `SELECT ${COLUMNS} FROM multicast m
      WHERE m.broadcaster_id = $1 AND m.auto_start AND NOT m.disabled ORDER BY m.multicast_id`,
    [broadcasterId],
  );
}

export async function countMulticasts(db: Db, broadcasterId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int4 AS n FROM multicast WHERE broadcaster_id = $1', [
    broadcasterId,
  ]);
  return row?.n ?? 0;
}

export type NewMulticastRow = Pick<
  MulticastRow,
  | 'broadcaster_id'
  | 'stream_platform'
  | 'stream_label'
  | 'stream_url_sealed'
  | 'stream_key_sealed'
  | 'auto_start'
  | 'disabled'
  | 'system'
>;

export async function insertMulticast(db: Db, m: NewMulticastRow): Promise<number> {
  const [row] = await db.query<{ multicast_id: number }>(
    `INSERT INTO multicast (broadcaster_id, stream_platform, stream_label, stream_url_sealed, stream_key_sealed,
                            auto_start, disabled, system)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING multicast_id`,
    [
      m.broadcaster_id,
      m.stream_platform,
      m.stream_label,
      m.stream_url_sealed,
      m.stream_key_sealed,
      m.auto_start,
      m.disabled,
      m.system,
    ],
  );
  return row?.multicast_id as number;
}

export type MulticastChangesRow = Partial<
  Pick<
    MulticastRow,
    'stream_platform' | 'stream_label' | 'stream_url_sealed' | 'stream_key_sealed' | 'auto_start' | 'disabled'
  >
>;

/** Writes the given columns (a column left out keeps its value). */
export async function updateMulticastRow(db: Db, multicastId: number, changes: MulticastChangesRow): Promise<void> {
  await db.query(
    `UPDATE multicast SET
        stream_platform = coalesce($2, stream_platform), stream_label = coalesce($3, stream_label),
        stream_url_sealed = coalesce($4, stream_url_sealed), stream_key_sealed = coalesce($5, stream_key_sealed),
        auto_start = coalesce($6, auto_start), disabled = coalesce($7, disabled), updated_at = now()
      WHERE multicast_id = $1`,
    [
      multicastId,
      changes.stream_platform ?? null,
      changes.stream_label ?? null,
      changes.stream_url_sealed ?? null,
      changes.stream_key_sealed ?? null,
      changes.auto_start ?? null,
      changes.disabled ?? null,
    ],
  );
}

export async function deleteMulticastRow(db: Db, multicastId: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM multicast WHERE multicast_id = $1 RETURNING multicast_id', [multicastId]);
  return rows.length > 0;
}

export async function setMulticastStatus(db: Db, multicastId: number, status: MulticastStatus): Promise<void> {
  await db.query('UPDATE multicast SET status = $2 WHERE multicast_id = $1', [multicastId, status]);
}

/** Marks the broadcaster's destinations stopped but those in `running` (left over from a process that ended). */
export async function stopStaleStatuses(db: Db, broadcasterId: string, running: readonly number[]): Promise<void> {
  await db.query(
    `UPDATE multicast SET status = 'stopped'
      WHERE broadcaster_id = $1 AND status <> 'stopped' AND NOT (multicast_id = ANY($2::int4[]))`,
    [broadcasterId, running],
  );
}

export async function insertRestreamEvent(
  db: Db,
  multicastId: number,
  e: { kind: RestreamEventKind; attempt: number; detail: string | null },
): Promise<void> {
  await db.query('INSERT INTO multicast_event (multicast_id, kind, attempt, detail) VALUES ($1, $2, $3, $4)', [
    multicastId,
    e.kind,
    e.attempt,
    e.detail,
  ]);
}

export type RestreamEventRow = {
  multicast_id: number;
  kind: RestreamEventKind;
  attempt: number;
  detail: string | null;
  /** Epoch seconds. */
  time: number;
};

/**
 * The broadcaster's restream events since `sinceEpochSeconds`, newest first (for a webcast's
 * stream health, spec §4: restream connect/fail/interrupt/reconnect).
 */
export async function restreamEventsOf(
  db: Db,
  broadcasterId: string,
  sinceEpochSeconds: number,
  limit = 100,
): Promise<RestreamEventRow[]> {
  const rows = await db.query<RestreamEventRow>(
    `SELECT e.multicast_id, e.kind, e.attempt, e.detail, extract(epoch FROM e.created_at)::int8 AS time
       FROM multicast m JOIN multicast_event e ON e.multicast_id = m.multicast_id
      WHERE m.broadcaster_id = $1 AND e.created_at >= to_timestamp($2)
      ORDER BY e.event_id DESC LIMIT $3`,
    [broadcasterId, sinceEpochSeconds, limit],
  );
  return rows.map((r) => ({ ...r, time: Number(r.time) }));
}
