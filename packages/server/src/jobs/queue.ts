import type { Db } from '../db/db.ts';
import { type JobName, type JobPayload, type JobState, jobSchemas } from './job-types.ts';

/**
 * The durable job queue: one `job` table (migration 0003), plain SQL that runs the same on
 * PostgreSQL and PGlite. Times come from the database clock (now()), never from the caller's,
 * so workers on several machines agree on leases and due times.
 */

/** NOTIFY channel: enqueue signals it (delivered on commit) so listening workers wake at once. */
export const JOB_CHANNEL = 'kerygma_job';

export type EnqueueOptions = {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Total runs allowed, crashes included (default 5). */
  maxAttempts?: number;
  /** While a job with this key is queued or running, enqueueing another one does nothing. */
  dedupeKey?: string;
  /** Lower runs first (default 0); among equals the earliest due. */
  priority?: number;
};

export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * Adds a job. Call it with the transaction that writes the row the job is about, so the job
 * exists exactly when that row does. The payload is validated against the job's schema.
 * Returns the new job's id, or null when `dedupeKey` matched a queued or running job.
 */
export async function enqueue<N extends JobName>(
  tx: Db,
  name: N,
  payload: JobPayload<N>,
  options: EnqueueOptions = {},
): Promise<number | null> {
  const schema = jobSchemas[name];
  if (!schema) throw new Error(`Unknown job name: ${name}`);
  const data = schema.parse(payload);
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`maxAttempts must be >= 1: ${maxAttempts}`);
  const rows = await tx.query<{ id: number }>(
    `WITH inserted AS (
       INSERT INTO job (name, payload, max_attempts, run_at, dedupe_key, priority)
       VALUES ($1, $2::jsonb, $3, COALESCE($4::timestamptz, now()), $5, $6)
       ON CONFLICT (dedupe_key) WHERE state IN ('queued', 'running') DO NOTHING
       RETURNING id
     )
     SELECT id, pg_notify('${JOB_CHANNEL}', '') AS notified FROM inserted`,
    [
      name,
      JSON.stringify(data),
      maxAttempts,
      options.runAt?.toISOString() ?? null,
      options.dedupeKey ?? null,
      options.priority ?? 0,
    ],
    { prepare: true },
  );
  return rows[0]?.id ?? null;
}

/**
 * Moves the queued job of `dedupeKey`, if any, up to `priority` (never down), with `payload`'s
 * fields added to its own; answers whether one was queued.
 */
export async function raisePriority(
  db: Db,
  dedupeKey: string,
  priority: number,
  payload: Record<string, unknown> = {},
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE job SET priority = least(priority, $2), payload = payload || $3::jsonb, updated_at = now()
      WHERE dedupe_key = $1 AND state = 'queued' RETURNING id`,
    [dedupeKey, priority, JSON.stringify(payload)],
  );
  return rows.length > 0;
}

/** A job as a worker holds it after claiming it. `lockedBy` is the claim's fencing token. */
export type ClaimedJob = {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  lockedBy: string;
  /** What an earlier run saved with saveCheckpoint; null on a first run. */
  checkpoint: unknown;
};

/**
 * Claims the oldest due queued job whose name is in `names`, for `leaseMs`. `token` must be
 * unique per claim: complete, fail and renewLease only act while the job still carries it, so a
 * worker whose lease ran out (and whose job another worker re-claimed) cannot touch it again.
 */
export async function claim(
  db: Db,
  names: readonly string[],
  token: string,
  leaseMs: number,
): Promise<ClaimedJob | null> {
  const rows = await db.query<ClaimedJob>(
    `UPDATE job
        SET state = 'running', attempts = attempts + 1, locked_by = $1,
            locked_until = now() + $2 * interval '1 millisecond', updated_at = now()
      WHERE id = (
        SELECT id FROM job
         WHERE state = 'queued' AND run_at <= now() AND name = ANY($3::text[])
         ORDER BY priority, run_at, id
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
        AND state = 'queued'
      RETURNING id, name, payload, attempts, max_attempts AS "maxAttempts", locked_by AS "lockedBy", checkpoint`,
    [token, leaseMs, names],
    { prepare: true },
  );
  return rows[0] ?? null;
}

/** Extends the lease of a running job. False when the claim is no longer ours. */
export async function renewLease(db: Db, id: number, token: string, leaseMs: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE job SET locked_until = now() + $3 * interval '1 millisecond', updated_at = now()
      WHERE id = $1 AND locked_by = $2 AND state = 'running'
      RETURNING id`,
    [id, token, leaseMs],
    { prepare: true },
  );
  return rows.length > 0;
}

/**
 * Saves where a running job has got to. Call it with the transaction that did that part of the
 * work: the work and its checkpoint commit together. False when the claim is no longer ours
 * (the caller should then roll back: another worker may be doing the same part).
 */
export async function saveCheckpoint(db: Db, id: number, token: string, checkpoint: unknown): Promise<boolean> {
  const rows = await db.query(
    `UPDATE job SET checkpoint = $3::jsonb, updated_at = now()
      WHERE id = $1 AND locked_by = $2 AND state = 'running'
      RETURNING id`,
    [id, token, JSON.stringify(checkpoint)],
    { prepare: true },
  );
  return rows.length > 0;
}

/** Marks a claimed job done. False when the claim is no longer ours. */
export async function complete(db: Db, id: number, token: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE job
        SET state = 'done', locked_by = NULL, locked_until = NULL, last_error = NULL,
            finished_at = now(), updated_at = now()
      WHERE id = $1 AND locked_by = $2 AND state = 'running'
      RETURNING id`,
    [id, token],
    { prepare: true },
  );
  return rows.length > 0;
}

/**
 * Records a failed run: back to the queue after `retryInMs`, or `failed` for good when the
 * attempts are used up or `permanent` (a payload that no longer parses). The payload stays.
 * Returns the new state, or null when the claim is no longer ours.
 */
export async function fail(
  db: Db,
  id: number,
  token: string,
  error: string,
  retryInMs: number,
  permanent = false,
): Promise<'queued' | 'failed' | null> {
  const rows = await db.query<{ state: 'queued' | 'failed' }>(
    `UPDATE job
        SET state = CASE WHEN $5 OR attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
            run_at = CASE WHEN $5 OR attempts >= max_attempts THEN run_at
                          ELSE now() + $4 * interval '1 millisecond' END,
            finished_at = CASE WHEN $5 OR attempts >= max_attempts THEN now() END,
            last_error = $3, locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE id = $1 AND locked_by = $2 AND state = 'running'
      RETURNING state`,
    [id, token, error, retryInMs, permanent],
    { prepare: true },
  );
  return rows[0]?.state ?? null;
}

/**
 * Hands a claimed job back to the queue at once, for a worker that stops before the job is done:
 * the run is not counted as an attempt, the checkpoint stays, and the job keeps its place (its
 * run_at), so the next worker goes on from the checkpoint within a poll (at once when listening).
 * Only for a run that has ended: another worker may claim the job the moment this commits.
 * False when the claim is no longer ours.
 */
export async function release(db: Db, id: number, token: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE job
        SET state = 'queued', attempts = greatest(attempts - 1, 0), locked_by = NULL, locked_until = NULL,
            updated_at = now()
      WHERE id = $1 AND locked_by = $2 AND state = 'running'
      RETURNING id, pg_notify('${JOB_CHANNEL}', '') AS notified`,
    [id, token],
    { prepare: true },
  );
  return rows.length > 0;
}

/**
 * Puts running jobs whose lease has run out (their worker was killed or hung) back in the
 * queue, or fails them when that run was their last attempt. Returns how many it touched.
 */
export async function releaseExpiredLeases(db: Db, limit = 100): Promise<number> {
  const rows = await db.query(
    `UPDATE job
        SET state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
            finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
            run_at = now(),
            last_error = 'lease expired: worker ' || coalesce(locked_by, '?') || ' stopped or hung while running the job',
            locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE id IN (
        SELECT id FROM job
         WHERE state = 'running' AND locked_until < now()
         LIMIT $1
         FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [limit],
    { prepare: true },
  );
  return rows.length;
}

/**
 * Queues a failed job again with a fresh set of attempts, now. Its last error stays until it
 * succeeds, and its checkpoint, so it goes on from there. False when the job is not failed, or
 * another job with its dedupe key is active.
 */
export async function retry(db: Db, id: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE job
        SET state = 'queued', attempts = 0, run_at = now(), finished_at = NULL, updated_at = now()
      WHERE id = $1 AND state = 'failed'
        AND (dedupe_key IS NULL OR NOT EXISTS (
          SELECT 1 FROM job other
           WHERE other.dedupe_key = job.dedupe_key AND other.state IN ('queued', 'running')))
      RETURNING id, pg_notify('${JOB_CHANNEL}', '') AS notified`,
    [id],
  );
  return rows.length > 0;
}

/** Deletes done jobs that finished more than `olderThanMs` ago, `limit` at a time. */
export async function purgeDone(db: Db, olderThanMs: number, limit = 1000): Promise<number> {
  const rows = await db.query(
    `DELETE FROM job WHERE id IN (
       SELECT id FROM job
        WHERE state = 'done' AND finished_at < now() - $1 * interval '1 millisecond'
        LIMIT $2)
     RETURNING id`,
    [olderThanMs, limit],
  );
  return rows.length;
}

/** How many jobs of `names` wait in the queue. */
export async function countQueued(db: Db, names: readonly JobName[]): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM job WHERE state = 'queued' AND name = ANY($1::text[])`,
    [names],
  );
  return row?.count ?? 0;
}

/** A job as the tracker and the admin screens see it. */
export type JobRecord = {
  id: number;
  name: JobName;
  payload: unknown;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  dedupeKey: string | null;
  lockedBy: string | null;
  lockedUntil: Date | null;
  lastError: string | null;
  checkpoint: unknown;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
};

const RECORD_COLUMNS = `id, name, payload, state, attempts, max_attempts AS "maxAttempts", run_at AS "runAt",
  dedupe_key AS "dedupeKey", locked_by AS "lockedBy", locked_until AS "lockedUntil", last_error AS "lastError",
  checkpoint, created_at AS "createdAt", updated_at AS "updatedAt", finished_at AS "finishedAt"`;

export async function getJob(db: Db, id: number): Promise<JobRecord | null> {
  const rows = await db.query<JobRecord>(`SELECT ${RECORD_COLUMNS} FROM job WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export type JobFilter = {
  state?: JobState;
  name?: JobName;
  /** Jobs whose payload has this sermonId (the media tracker). */
  sermonId?: string;
  /** Keyset paging: only jobs with a smaller id (pass the last id of the previous page). */
  beforeId?: number;
  /** Default 50, at most 500. */
  limit?: number;
};

/** Jobs newest first, filtered; each filter has an index behind it. */
export async function listJobs(db: Db, filter: JobFilter = {}): Promise<JobRecord[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.state) add('state = ?', filter.state);
  if (filter.name) add('name = ?', filter.name);
  if (filter.sermonId) add(`payload ->> 'sermonId' = ?`, filter.sermonId);
  if (filter.beforeId !== undefined) add('id < ?', filter.beforeId);
  params.push(Math.min(Math.max(filter.limit ?? 50, 1), 500));
  return db.query<JobRecord>(
    `SELECT ${RECORD_COLUMNS} FROM job ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY id DESC LIMIT $${params.length}`,
    params,
  );
}

/**
 * Delay before the next try after `attempt` failed runs: exponential from `baseMs`, capped at
 * `maxMs`, with "equal jitter" (between half and all of it) so that jobs failing together (the
 * media store was down) do not all come back at the same moment.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random) {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}
