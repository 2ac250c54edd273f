import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { JOB_NAMES, type JobContext, type JobHandlers } from '../jobs/job-types.ts';
import { type ClaimedJob, claim, complete, getJob, listJobs, releaseExpiredLeases } from '../jobs/queue.ts';
import { claimContext, startWorker, type WorkerOptions } from '../jobs/worker.ts';
import { loadFixture } from '../test/fixture.ts';
import { BACKENDS, openTestDb, type TestDb } from '../test/test-db.ts';
import { refreshSermonVectors, type SermonVectorsDeps } from './sermon-vectors.jobs.ts';
import { enqueueSermonVectorRefresh, recomputeBatch, SERMON_VECTORS_MAX_ATTEMPTS } from './sermon-vectors.ts';

/**
 * Migration 0024 and the 'search.sermon-vectors' job, on the fixture (test/fixture.ts): 61
 * sermons in a series (1000..1059 and the draft 1902), 2 without (1900, 1901).
 */

const JOB = 'search.sermon-vectors';
const IN_SERIES = 61;

/** The search trigger's function as migration 0001 defined it: every vector has the broadcaster's names. */
const RULE_BEFORE_0024 = (() => {
  const sql = readFileSync(new URL('../db/migrations/0001_catalogue.sql', import.meta.url), 'utf8');
  const fn = /CREATE OR REPLACE FUNCTION sermon_search_vector_refresh\(\)[\s\S]*?END \$\$;/.exec(sql)?.[0];
  if (!fn) throw new Error('sermon_search_vector_refresh not found in 0001');
  return fn;
})();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type LogLine = { msg: string } & Record<string, unknown>;

describe.each(BACKENDS)('sermon search vectors on %s', (backend) => {
  let t: TestDb;
  let db: Db;
  let jobsOnNewDatabase: unknown[];
  beforeAll(async () => {
    t = await openTestDb(backend);
    db = t.db;
    jobsOnNewDatabase = await listJobs(db);
    await loadFixture(db);
  }, 60_000);
  afterAll(() => t?.drop());
  beforeEach(async () => {
    await db.query('DELETE FROM job');
  });

  /** Brings the database back to before 0024 (and 0025): the old rule in the trigger and in every vector; later migrations stay. */
  async function beforeMigration0024() {
    await db.exec(`${RULE_BEFORE_0024}
      UPDATE sermon SET full_title = full_title;
      DELETE FROM schema_migration WHERE name IN ('0024_sermon_search_broadcaster_without_series.sql', '0025_job_checkpoint.sql');
      ALTER TABLE job DROP COLUMN checkpoint`);
  }

  /** Sermons whose vector has their broadcaster's short name, in a series and without one. */
  async function withBroadcasterNames() {
    const [row] = await db.query<{ in_series: number; without: number }>(
      `SELECT count(*) FILTER (WHERE s.series_id IS NOT NULL)::int AS in_series,
              count(*) FILTER (WHERE s.series_id IS NULL)::int AS without
         FROM sermon s JOIN broadcaster b USING (broadcaster_id)
        WHERE s.search_vector @@ plainto_tsquery('simple', immutable_unaccent(b.short_name))`,
    );
    return row;
  }

  /** Sermons whose vector differs from what the trigger computes now (compared, then rolled back). */
  async function unlikeTrigger(): Promise<string[]> {
    const rollback = new Error('rollback');
    let ids: string[] = [];
    await db
      .transaction(async (tx) => {
        const rows = await tx.query<{ sermon_id: string }>(
          `WITH kept AS (SELECT sermon_id, search_vector FROM sermon),
                redone AS (UPDATE sermon s SET full_title = s.full_title RETURNING s.sermon_id, s.search_vector)
           SELECT r.sermon_id FROM redone r JOIN kept k USING (sermon_id)
            WHERE r.search_vector <> k.search_vector ORDER BY r.sermon_id`,
        );
        ids = rows.map((r) => r.sermon_id);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    return ids;
  }

  /** A worker that runs only this job, in the order queued, logging into `lines`. */
  function vectorWorker(deps: Omit<SermonVectorsDeps, 'db'>, lines: LogLine[], options: Partial<WorkerOptions> = {}) {
    const unexpected = async () => {
      throw new Error('unexpected job');
    };
    const handlers = {
      ...Object.fromEntries(JOB_NAMES.map((n) => [n, unexpected])),
      [JOB]: refreshSermonVectors({ db, ...deps }),
    } as JobHandlers;
    const keep = (obj: object, msg: string) => void lines.push({ ...obj, msg });
    return startWorker({
      db,
      handlers,
      concurrency: 1,
      pollMs: 20,
      log: { debug() {}, info: keep, warn: keep, error: keep },
      ...options,
    });
  }

  /** Runs the queued jobs with a worker until none is left; returns what the handler logged. */
  async function runJobs(batchSize: number): Promise<LogLine[]> {
    const lines: LogLine[] = [];
    const worker = await vectorWorker({ batchSize }, lines);
    try {
      for (const until = Date.now() + 20_000; ; await sleep(20)) {
        const [left] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM job WHERE state IN ('queued', 'running')`,
        );
        if (!left?.n) break;
        if (Date.now() > until) throw new Error('jobs still queued or running');
      }
    } finally {
      await worker.stop();
    }
    expect(await db.query(`SELECT id FROM job WHERE state <> 'done'`)).toEqual([]);
    return lines.filter((l) => l.msg.startsWith('sermon search vectors'));
  }

  /**
   * A claim's context as the worker makes it, keeping what each batch saves; `afterSave` gets
   * the number saved so far and the controller of the context's signal.
   */
  function claimRun(job: ClaimedJob, afterSave: (count: number, controller: AbortController) => void = () => {}) {
    const saved: { after: string; done: number; total: number }[] = [];
    const controller = new AbortController();
    const claimed = claimContext<typeof JOB>(job, controller.signal, { info() {} });
    const ctx: JobContext<typeof JOB> = {
      ...claimed,
      async saveCheckpoint(tx, checkpoint) {
        await claimed.saveCheckpoint(tx, checkpoint);
        saved.push(checkpoint as (typeof saved)[number]);
        afterSave(saved.length, controller);
      },
    };
    return { saved, ctx };
  }

  it('a new database gets no job: it has no sermons to rewrite', () => {
    expect(jobsOnNewDatabase).toEqual([]);
  });

  it('after 0024 a sermon in a series matches its broadcaster’s names until the job rewrites it, then no more', async () => {
    await beforeMigration0024();
    expect(await withBroadcasterNames()).toEqual({ in_series: IN_SERIES, without: 2 });

    expect(await migrate(db)).toEqual(['0024_sermon_search_broadcaster_without_series.sql', '0025_job_checkpoint.sql']);
    // The migration only queued the rewrite: the vectors are the old rule's.
    const [job] = await listJobs(db);
    expect(job).toMatchObject({
      name: JOB,
      payload: { sermons: { of: 'any-series' } },
      state: 'queued',
      maxAttempts: SERMON_VECTORS_MAX_ATTEMPTS,
      checkpoint: null,
    });
    expect(await withBroadcasterNames()).toEqual({ in_series: IN_SERIES, without: 2 });
    expect((await unlikeTrigger()).length).toBe(IN_SERIES);

    const log = await runJobs(7);
    expect(await withBroadcasterNames()).toEqual({ in_series: 0, without: 2 });
    expect(await unlikeTrigger()).toEqual([]);
    expect((await getJob(db, job?.id as number))?.checkpoint).toEqual({
      after: '1902',
      done: IN_SERIES,
      total: IN_SERIES,
    });
    expect(log.map((l) => l.msg)).toEqual(['sermon search vectors: recomputing', 'sermon search vectors: recomputed']);
    expect(log[1]).toMatchObject({ done: IN_SERIES, total: IN_SERIES, jobId: job?.id });
  });

  it('a database that ran 0024 when it rewrote the vectors itself only gets the checkpoint column: no job', async () => {
    await db.exec(`DELETE FROM schema_migration WHERE name = '0025_job_checkpoint.sql';
      ALTER TABLE job DROP COLUMN checkpoint`);
    expect(await migrate(db)).toEqual(['0025_job_checkpoint.sql']);
    expect(await listJobs(db)).toEqual([]);
    expect(await unlikeTrigger()).toEqual([]);
  });

  it('goes through its sermons in batches, each committed with its checkpoint, and after a stop goes on from there', async () => {
    await beforeMigration0024();
    await migrate(db);
    const handler = refreshSermonVectors({ db, batchSize: 5 });
    const payload = { sermons: { of: 'any-series' } } as const;

    /** Stops after `stopAfter` batches. */
    const run = (job: ClaimedJob, stopAfter = Number.POSITIVE_INFINITY) => {
      const { saved, ctx } = claimRun(job, (count, controller) => {
        if (count === stopAfter) controller.abort(new Error('worker stopping'));
      });
      return { saved, ctx, done: handler(payload, ctx) };
    };

    const first = (await claim(db, [JOB], 'w1#1', 60_000)) as ClaimedJob;
    const stopped = run(first, 3);
    await expect(stopped.done).rejects.toThrow('worker stopping');
    expect(stopped.saved.map((c) => c.done)).toEqual([5, 10, 15]);
    const checkpoint = { after: '1014', done: 15, total: IN_SERIES };
    expect((await getJob(db, first.id))?.checkpoint).toEqual(checkpoint);
    // Sermons up to the checkpoint have the new rule, the others still the old one.
    expect(await withBroadcasterNames()).toEqual({ in_series: IN_SERIES - 15, without: 2 });
    expect((await unlikeTrigger()).every((id) => id > '1014')).toBe(true);

    // The process died: the lease runs out and another worker claims the job with the checkpoint.
    await db.query(`UPDATE job SET locked_until = now() - interval '1 second' WHERE id = $1`, [first.id]);
    expect(await releaseExpiredLeases(db)).toBe(1);
    const second = (await claim(db, [JOB], 'w2#1', 60_000)) as ClaimedJob;
    expect(second).toMatchObject({ id: first.id, attempts: 2, checkpoint });
    // A batch of the first claim, were it still running, rolls back: the claim is no longer its.
    await expect(
      db.transaction(async (tx) => {
        const batch = await recomputeBatch(tx, payload.sermons, checkpoint.after, 5);
        await stopped.ctx.saveCheckpoint(tx, { ...checkpoint, after: batch.last, done: 20 });
      }),
    ).rejects.toThrow('job lease lost');
    expect(await withBroadcasterNames()).toEqual({ in_series: IN_SERIES - 15, without: 2 });

    const resumed = run(second);
    await resumed.done;
    // 46 sermons left: nine batches of 5 and one of 1, starting after the checkpoint.
    expect(resumed.saved.map((c) => c.done)).toEqual([20, 25, 30, 35, 40, 45, 50, 55, 60, 61]);
    expect(resumed.saved.at(-1)).toEqual({ after: '1902', done: IN_SERIES, total: IN_SERIES });
    expect(await complete(db, second.id, 'w2#1')).toBe(true);
    expect(await withBroadcasterNames()).toEqual({ in_series: 0, without: 2 });
    expect(await unlikeTrigger()).toEqual([]);
  });

  it('a worker that stops hands the job back with its checkpoint, and the next worker goes on from there at once', async () => {
    await beforeMigration0024();
    await migrate(db);
    const [job] = await listJobs(db);
    const id = job?.id as number;
    const lines: LogLine[] = [];
    // A lease far longer than the test: only the hand-back lets the second worker in.
    const first = await vectorWorker({ batchSize: 5, pauseMs: 50 }, lines, { leaseMs: 60_000, drainMs: 0 });
    let saved: { done: number } | null = null;
    try {
      for (const until = Date.now() + 10_000; !saved; await sleep(10)) {
        const checkpoint = (await getJob(db, id))?.checkpoint as { done: number } | null;
        if (checkpoint && checkpoint.done >= 10) saved = checkpoint;
        else if (Date.now() > until) throw new Error('no checkpoint saved');
      }
    } finally {
      await first.stop(); // SIGTERM: the handler is aborted in its pause between batches
    }
    const stopped = await getJob(db, id);
    expect(stopped).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    const at = stopped?.checkpoint as { after: string; done: number };
    expect(at.done).toBeLessThan(IN_SERIES);
    expect(await withBroadcasterNames()).toEqual({ in_series: IN_SERIES - at.done, without: 2 });

    const log = await runJobs(5);
    expect(log.find((l) => l.msg === 'sermon search vectors: going on from the checkpoint')).toMatchObject({
      done: at.done,
      after: at.after,
    });
    expect(await getJob(db, id)).toMatchObject({ attempts: 1, checkpoint: { done: IN_SERIES, total: IN_SERIES } });
    expect(await withBroadcasterNames()).toEqual({ in_series: 0, without: 2 });
    expect(lines.some((l) => l.msg === 'job handed back to the queue' && l.released === true)).toBe(true);
  });

  it('rests pauseMs between batches, and an abort cuts the rest short', async () => {
    await beforeMigration0024();
    await migrate(db);
    const payload = { sermons: { of: 'any-series' } } as const;
    const job = (await claim(db, [JOB], 'w1#1', 60_000)) as ClaimedJob;

    // 61 sermons in batches of 20: four batches, three rests between them.
    let started = Date.now();
    await refreshSermonVectors({ db, batchSize: 20, pauseMs: 300 })(payload, claimRun(job).ctx);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 300);

    // A minute's rest after the first batch, aborted 100 ms into it: the handler stops then.
    const { ctx } = claimRun(job, (_count, controller) => {
      setTimeout(() => controller.abort(new Error('worker stopping')), 100);
    });
    started = Date.now();
    await expect(refreshSermonVectors({ db, batchSize: 20, pauseMs: 60_000 })(payload, ctx)).rejects.toThrow(
      'worker stopping',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await getJob(db, job.id))?.checkpoint).toMatchObject({ done: 20 });
  });

  it('recomputes the sermons of one series, speaker or broadcaster: what renaming one needs', async () => {
    const matching = async (words: string) =>
      (
        await db.query<{ sermon_id: string }>(
          `SELECT sermon_id FROM sermon WHERE search_vector @@ plainto_tsquery('simple', immutable_unaccent($1))
            ORDER BY sermon_id`,
          [words],
        )
      ).map((r) => r.sermon_id);
    const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => String(from + k));
    try {
      // A sermon without a series, whose vector has its broadcaster's names.
      await db.exec(`UPDATE sermon SET series_id = NULL WHERE sermon_id = '1055'`);
      // Renames change no sermon row, so the trigger leaves the vectors as they were.
      await db.transaction(async (tx) => {
        await tx.exec(`UPDATE series SET title = 'Epistle to the Hebrews' WHERE series_id = 12;
          UPDATE speaker SET display_name = 'María Gómez' WHERE speaker_id = 3;
          UPDATE broadcaster SET short_name = 'Vida FM' WHERE broadcaster_id = 'radiovida'`);
        await enqueueSermonVectorRefresh(tx, { of: 'series', seriesId: 12 });
        await enqueueSermonVectorRefresh(tx, { of: 'speaker', speakerId: 3 });
        await enqueueSermonVectorRefresh(tx, { of: 'broadcaster', broadcasterId: 'radiovida' });
      });
      expect(await matching('epistle')).toEqual([]);
      expect(await matching('gomez')).toEqual([]);
      expect(await matching('fm')).toEqual([]);

      const log = await runJobs(3);
      expect(await matching('epistle')).toEqual(ids(1030, 1050));
      expect(await matching('gomez')).toEqual(ids(1050, 1060));
      // Only the sermon without a series has its broadcaster's names.
      expect(await matching('fm')).toEqual(['1055']);
      expect(await unlikeTrigger()).toEqual([]);
      expect(log.filter((l) => l.msg === 'sermon search vectors: recomputed').map((l) => [l.sermons, l.done])).toEqual([
        [{ of: 'series', seriesId: 12 }, 20],
        [{ of: 'speaker', speakerId: 3 }, 10],
        [{ of: 'broadcaster', broadcasterId: 'radiovida' }, 10],
      ]);
    } finally {
      await db.exec(`UPDATE series SET title = 'Hebrews' WHERE series_id = 12;
        UPDATE speaker SET display_name = 'María López' WHERE speaker_id = 3;
        UPDATE sermon SET series_id = 13 WHERE sermon_id = '1055';
        UPDATE broadcaster SET short_name = 'Radio Vida' WHERE broadcaster_id = 'radiovida';
        UPDATE sermon SET full_title = full_title`);
    }
  });
});
