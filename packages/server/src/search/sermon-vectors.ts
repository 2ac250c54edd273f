import type { Db } from '../db/db.ts';
import type { JobPayload } from '../jobs/job-types.ts';
import { enqueue } from '../jobs/queue.ts';

/**
 * Recomputing the search vectors of a set of sermons, a batch at a time: for a change the
 * search trigger (migration 0001, rule of 0024) does not see, because it fires only on a
 * change of the sermon's own columns. The job that goes through a set is sermon-vectors.jobs.ts.
 */

export type SermonSet = JobPayload<'search.sermon-vectors'>['sermons'];

/**
 * Runs allowed: a process that stops while the job runs (a deploy, a restart) uses one, and
 * the job goes on from its checkpoint, so more than the default. Migration 0024 enqueues with
 * the same number.
 */
export const SERMON_VECTORS_MAX_ATTEMPTS = 20;

/**
 * Queues the recomputation of the search vectors of `sermons`. Call it in the transaction that
 * changes what their vectors hold without touching the sermons themselves: a series' title, a
 * speaker's display name, a broadcaster's display or short name. Nothing in the app renames
 * those today.
 */
export function enqueueSermonVectorRefresh(tx: Db, sermons: SermonSet): Promise<number | null> {
  return enqueue(tx, 'search.sermon-vectors', { sermons }, { maxAttempts: SERMON_VECTORS_MAX_ATTEMPTS });
}

/** The set as a condition on `sermon s`, with its parameter (if any) as $n. */
function inSet(set: SermonSet, n: number): [sql: string, params: unknown[]] {
  switch (set.of) {
    case 'any-series':
      return ['s.series_id IS NOT NULL', []];
    case 'series':
      return [`s.series_id = $${n}`, [set.seriesId]];
    case 'speaker':
      return [`s.speaker_id = $${n}`, [set.speakerId]];
    case 'broadcaster':
      return [`s.broadcaster_id = $${n}`, [set.broadcasterId]];
  }
}

export async function countSermons(db: Db, set: SermonSet): Promise<number> {
  const [where, params] = inSet(set, 1);
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sermon s WHERE ${where}`, params);
  return row?.n ?? 0;
}

export type Batch = {
  /** Vectors rewritten (fewer than scanned when sermons were deleted meanwhile). */
  recomputed: number;
  /** Sermons of the set taken: fewer than asked means the set is done. */
  scanned: number;
  /** The last sermon id taken, where the next batch starts after; null when none was. */
  last: string | null;
};

/**
 * Recomputes the vectors of the next `limit` sermons of the set after `after` in sermon_id
 * order ('' for the first batch): keyset on the primary key, so each batch starts where the
 * last one stopped without scanning what came before. Setting full_title to itself fires the
 * search trigger, so each vector is the trigger's own, from the row as it is when locked
 * (an edit committed meanwhile included); measured as fast as the trigger's expression written
 * out here, since writing the row and its indexes is most of the cost.
 */
export async function recomputeBatch(db: Db, set: SermonSet, after: string, limit: number): Promise<Batch> {
  const [where, params] = inSet(set, 3);
  const [row] = await db.query<Batch>(
    `WITH batch AS (
       SELECT s.sermon_id FROM sermon s
        WHERE ${where} AND s.sermon_id > $1
        ORDER BY s.sermon_id
        LIMIT $2),
     recomputed AS (
       UPDATE sermon s SET full_title = s.full_title FROM batch WHERE s.sermon_id = batch.sermon_id RETURNING 1)
     SELECT (SELECT count(*) FROM recomputed)::int AS recomputed, (SELECT count(*) FROM batch)::int AS scanned,
            (SELECT max(sermon_id) FROM batch) AS last`,
    [after, limit, ...params],
  );
  return row as Batch;
}
