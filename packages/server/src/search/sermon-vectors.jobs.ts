import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Db } from '../db/db.ts';
import type { JobHandler } from '../jobs/job-types.ts';
import { countSermons, recomputeBatch } from './sermon-vectors.ts';

/**
 * Sermons per batch, each batch one transaction that holds their row locks while it runs (an
 * edit of one of them waits for it). Measured at 210,000 sermons on a loaded 2-core machine,
 * batches of 250, 1,000 and 4,000 rewrote about as many rows a second (800 to 1,200), and the
 * longest batch took 0.4-0.7, 1.3-1.6 and 3.8-4.5 s: 500 keeps an edit's wait near a second.
 */
const BATCH_SIZE = 500;
/** Progress goes to the log at most this often. */
const PROGRESS_EVERY_MS = 10_000;
/**
 * From this many rewritten vectors the job ends with new statistics for the search vectors:
 * the planner's estimates of words' matches, which can stand for a search's total
 * (sermons.queries.ts), move with them. Fewer are left to autovacuum's analyze.
 */
const ANALYZE_FROM = 10_000;

/** Saved after every batch: the next batch starts after `after`; `done` counts vectors rewritten. */
const checkpointSchema = z.object({
  after: z.string(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

export type SermonVectorsDeps = {
  db: Db;
  batchSize?: number;
  /** A rest between batches (SEARCH_REFRESH_PAUSE_MS), leaving the database to the site's requests. */
  pauseMs?: number;
};

/**
 * The 'search.sermon-vectors' job: goes through its set of sermons in batches of short
 * transactions, each saving the job's checkpoint with its vectors, so a run after a restart
 * or a failure goes on from the last batch that committed. Searches work throughout: a
 * sermon's vector is the old one until its batch commits.
 */
export function refreshSermonVectors({
  db,
  batchSize = BATCH_SIZE,
  pauseMs = 0,
}: SermonVectorsDeps): JobHandler<'search.sermon-vectors'> {
  return async ({ sermons }, ctx) => {
    const saved = ctx.checkpoint === null ? null : checkpointSchema.parse(ctx.checkpoint);
    let { after, done, total } = saved ?? { after: '', done: 0, total: await countSermons(db, sermons) };
    ctx.log.info(
      { sermons, done, total, after: saved ? after : null },
      saved ? 'sermon search vectors: going on from the checkpoint' : 'sermon search vectors: recomputing',
    );
    const started = Date.now();
    const doneBefore = done;
    const rate = () => Math.round((done - doneBefore) / Math.max((Date.now() - started) / 1000, 0.001));
    let logged = started;
    for (;;) {
      ctx.signal.throwIfAborted(); // stopping: the next run goes on from the checkpoint
      const batch = await db.transaction(async (tx) => {
        const b = await recomputeBatch(tx, sermons, after, batchSize);
        await ctx.saveCheckpoint(tx, { after: b.last ?? after, done: done + b.recomputed, total });
        return b;
      });
      after = batch.last ?? after;
      done += batch.recomputed;
      if (batch.scanned < batchSize) break;
      if (Date.now() - logged >= PROGRESS_EVERY_MS) {
        logged = Date.now();
        const rowsPerSecond = rate();
        ctx.log.info(
          {
            sermons,
            done,
            total,
            percent: total ? Math.min(100, Math.floor((done / total) * 100)) : 100,
            rowsPerSecond,
            secondsLeft: rowsPerSecond ? Math.max(0, Math.round((total - done) / rowsPerSecond)) : null,
          },
          'sermon search vectors: progress',
        );
      }
      // Cut short when the job is aborted (its only rejection): the check at the top then throws.
      if (pauseMs > 0) await sleep(pauseMs, undefined, { signal: ctx.signal }).catch(() => {});
    }
    const finished = { seconds: Math.round((Date.now() - started) / 1000), rowsPerSecond: rate() };
    const analyzed = done >= ANALYZE_FROM;
    if (analyzed) await db.exec('ANALYZE sermon (search_vector)');
    ctx.log.info({ sermons, done, total, ...finished, analyzed }, 'sermon search vectors: recomputed');
  };
}
