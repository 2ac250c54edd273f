import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { BACKENDS, openTestDb, type TestDb } from '../test/test-db.ts';
import { JOB_NAMES, type JobHandlers } from './job-types.ts';
import { postgresJobListener } from './listener.ts';
import { claim, complete, enqueue, getJob, listJobs, purgeDone, release, retry, saveCheckpoint } from './queue.ts';
import { startWorker, type WorkerOptions } from './worker.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await sleep(10);
  }
}

/** Every handler throws unless the test gives its own: a test registers exactly what it uses. */
function handlers(given: Partial<JobHandlers>): JobHandlers {
  const unexpected = async () => {
    throw new Error('unexpected job');
  };
  return { ...Object.fromEntries(JOB_NAMES.map((n) => [n, unexpected])), ...given } as JobHandlers;
}

/** Fast settings so that leases, retries and polls happen within milliseconds. */
const FAST = {
  pollMs: 20,
  leaseMs: 1_000,
  heartbeatMs: 100,
  drainMs: 3_000,
  graceMs: 500,
  backoff: { baseMs: 40, maxMs: 400 },
} satisfies Partial<WorkerOptions>;

const payload = (sermonId = 'S1') => ({ sermonId, uploadId: randomUUID() });

describe.each(BACKENDS)('job queue on %s', (backend) => {
  let t: TestDb;
  let db: Db;
  beforeAll(async () => {
    t = await openTestDb(backend);
    db = t.db;
  }, 60_000);
  afterAll(() => t?.drop());
  beforeEach(async () => {
    await db.query('DELETE FROM job');
  });

  it('enqueues with the transaction: a rollback leaves no job, a commit leaves one', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, 'media.encode-audio', payload());
        throw new Error('the sermon insert failed');
      }),
    ).rejects.toThrow('the sermon insert failed');
    expect(await listJobs(db)).toEqual([]);

    const id = await db.transaction((tx) => enqueue(tx, 'media.encode-audio', payload('S2')));
    const job = await getJob(db, id as number);
    expect(job).toMatchObject({ name: 'media.encode-audio', state: 'queued', attempts: 0, maxAttempts: 5 });
    expect(job?.payload).toMatchObject({ sermonId: 'S2' });
  });

  it('validates payloads and deduplicates while a job with the same key is active', async () => {
    await expect(enqueue(db, 'media.encode-audio', { sermonId: 'S1', uploadId: 'not-a-uuid' })).rejects.toThrow();
    const p = payload();
    const first = await enqueue(db, 'media.encode-audio', p, { dedupeKey: `waveform:${p.uploadId}` });
    expect(first).toBeTypeOf('number');
    expect(await enqueue(db, 'media.encode-audio', p, { dedupeKey: `waveform:${p.uploadId}` })).toBeNull();
    await db.query(`UPDATE job SET state = 'done'`);
    expect(await enqueue(db, 'media.encode-audio', p, { dedupeKey: `waveform:${p.uploadId}` })).toBeTypeOf('number');
  });

  it('runs a job once', async () => {
    const runs: unknown[] = [];
    const id = await enqueue(db, 'media.encode-audio', payload('S7'));
    const worker = await startWorker({
      db,
      ...FAST,
      handlers: handlers({
        'media.encode-audio': async (p, ctx) => {
          runs.push({ p, attempt: ctx.attempt, id: ctx.id });
        },
      }),
    });
    try {
      await waitFor(async () => (await getJob(db, id as number))?.state === 'done');
      await sleep(100); // a few more polls: nothing runs it again
    } finally {
      await worker.stop();
    }
    expect(runs).toEqual([{ p: expect.objectContaining({ sermonId: 'S7' }), attempt: 1, id }]);
    expect(await getJob(db, id as number)).toMatchObject({
      state: 'done',
      attempts: 1,
      lockedBy: null,
      lastError: null,
    });
  });

  it('retries a failing job with growing delays, then fails it keeping payload and error; retry() runs it again', async () => {
    const p = { ...payload('S9') };
    const id = (await enqueue(db, 'media.encode-video', p, { maxAttempts: 3 })) as number;
    const calls: number[] = [];
    let succeed = false;
    const worker = await startWorker({
      db,
      ...FAST,
      handlers: handlers({
        'media.encode-video': async () => {
          calls.push(Date.now());
          if (!succeed) throw new Error('encoding error: ffmpeg exited with code 1');
        },
      }),
    });
    try {
      const failed = await waitFor(async () => {
        const job = await getJob(db, id);
        return job?.state === 'failed' && job;
      });
      expect(calls).toHaveLength(3);
      expect(failed).toMatchObject({ attempts: 3, maxAttempts: 3, payload: p, lockedBy: null });
      expect(failed.lastError).toBe('encoding error: ffmpeg exited with code 1');
      expect(failed.finishedAt).toBeInstanceOf(Date);
      // Backoff with equal jitter: at least half of 40 ms, then half of 80 ms.
      const [c0 = 0, c1 = 0, c2 = 0] = calls;
      expect(c1 - c0).toBeGreaterThanOrEqual(18);
      expect(c2 - c1).toBeGreaterThanOrEqual(38);

      succeed = true;
      expect(await retry(db, id)).toBe(true);
      expect(await retry(db, id)).toBe(false); // not failed any more
      await waitFor(async () => (await getJob(db, id))?.state === 'done');
      expect(calls).toHaveLength(4);
      expect(await getJob(db, id)).toMatchObject({ attempts: 1, lastError: null });
    } finally {
      await worker.stop();
    }
  });

  it('gives a run the checkpoint an earlier run saved with its work; a claim no longer held saves none', async () => {
    const id = (await enqueue(db, 'media.encode-audio', payload())) as number;
    const seen: unknown[] = [];
    const worker = await startWorker({
      db,
      ...FAST,
      handlers: handlers({
        'media.encode-audio': async (_p, ctx) => {
          seen.push(ctx.checkpoint);
          await db.transaction((tx) => ctx.saveCheckpoint(tx, { part: ctx.attempt }));
          if (ctx.attempt === 1) throw new Error('interrupted after part 1');
        },
      }),
    });
    try {
      await waitFor(async () => (await getJob(db, id))?.state === 'done');
    } finally {
      await worker.stop();
    }
    expect(seen).toEqual([null, { part: 1 }]);
    expect((await getJob(db, id))?.checkpoint).toEqual({ part: 2 });
    await db.query(`UPDATE job SET state = 'running', locked_by = 'w2#7' WHERE id = $1`, [id]);
    expect(await saveCheckpoint(db, id, 'w1#1', { part: 3 })).toBe(false);
    expect(await saveCheckpoint(db, id, 'w2#7', { part: 3 })).toBe(true);
    expect((await getJob(db, id))?.checkpoint).toEqual({ part: 3 });
  });

  it('re-claims a job whose worker claimed it and vanished, once its lease runs out', async () => {
    const id = (await enqueue(db, 'media.encode-audio', payload())) as number;
    // A worker claims it and is killed (-9): no heartbeat, no result.
    const crashed = await claim(db, JOB_NAMES, 'crashed-worker#1', 800);
    expect(crashed?.id).toBe(id);
    const attempts: number[] = [];
    const worker = await startWorker({
      db,
      ...FAST,
      handlers: handlers({ 'media.encode-audio': async (_p, ctx) => void attempts.push(ctx.attempt) }),
    });
    try {
      await sleep(150);
      expect(attempts).toEqual([]); // the lease still holds
      await waitFor(async () => (await getJob(db, id))?.state === 'done');
      expect(attempts).toEqual([2]);
      // The vanished worker coming back cannot record a result on a claim that is no longer its own.
      expect(await complete(db, id, 'crashed-worker#1')).toBe(false);
    } finally {
      await worker.stop();
    }
  });

  it('fails a job for good when its last attempt was lost to a crash', async () => {
    const id = (await enqueue(db, 'media.encode-audio', payload(), { maxAttempts: 1 })) as number;
    await claim(db, JOB_NAMES, 'crashed-worker#1', 50);
    const worker = await startWorker({ db, ...FAST, handlers: handlers({}) });
    try {
      const job = await waitFor(async () => {
        const j = await getJob(db, id);
        return j?.state === 'failed' && j;
      });
      expect(job.lastError).toMatch(/lease expired: worker crashed-worker#1/);
    } finally {
      await worker.stop();
    }
  });

  it('fails a job whose stored payload no longer matches its schema, without retrying', async () => {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO job (name, payload) VALUES ('media.encode-audio', '{"sermonId": 7}') RETURNING id`,
    );
    const id = rows[0]?.id as number;
    const worker = await startWorker({ db, ...FAST, handlers: handlers({}) });
    try {
      const job = await waitFor(async () => {
        const j = await getJob(db, id);
        return j?.state === 'failed' && j;
      });
      expect(job.attempts).toBe(1);
      expect(job.lastError).toMatch(/^invalid payload/);
    } finally {
      await worker.stop();
    }
  });

  it('graceful stop waits for the running job to finish and record its result', async () => {
    const id = (await enqueue(db, 'media.encode-video', payload())) as number;
    let started = false;
    let finished = false;
    const worker = await startWorker({
      db,
      ...FAST,
      concurrency: 1,
      handlers: handlers({
        'media.encode-video': async () => {
          started = true;
          await sleep(300);
          finished = true;
        },
      }),
    });
    await waitFor(async () => started);
    const later = (await enqueue(db, 'media.encode-video', payload())) as number;
    await worker.stop();
    expect(finished).toBe(true);
    expect((await getJob(db, id))?.state).toBe('done');
    expect((await getJob(db, later))?.state).toBe('queued'); // no new claims once stopping
  });

  it('graceful stop hands a job whose handler ends on the abort back at once: the next worker takes it without waiting for the lease', async () => {
    const id = (await enqueue(db, 'media.encode-audio', payload())) as number;
    let started = false;
    const worker1 = await startWorker({
      db,
      ...FAST,
      leaseMs: 60_000,
      drainMs: 50,
      handlers: handlers({
        'media.encode-audio': (_p, ctx) => {
          started = true;
          // ffmpeg killed by the signal: the handler throws once it is aborted.
          return new Promise((_resolve, reject) =>
            ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)),
          );
        },
      }),
    });
    await waitFor(async () => started);
    await worker1.stop();
    // Back in the queue, the stopped run not counted as an attempt nor as a failure.
    expect(await getJob(db, id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null, lockedUntil: null });

    const attempts: number[] = [];
    const worker2 = await startWorker({
      db,
      ...FAST,
      handlers: handlers({ 'media.encode-audio': async (_p, ctx) => void attempts.push(ctx.attempt) }),
    });
    try {
      // Well within the 60 s lease the stopped worker had.
      await waitFor(async () => (await getJob(db, id))?.state === 'done', 3_000);
    } finally {
      await worker2.stop();
    }
    expect(attempts).toEqual([1]);
  });

  it('hands back only the claim it holds, once, keeping the checkpoint', async () => {
    const id = (await enqueue(db, 'media.encode-audio', payload())) as number;
    await claim(db, JOB_NAMES, 'w1#1', 60_000);
    await saveCheckpoint(db, id, 'w1#1', { part: 2 });
    expect(await release(db, id, 'w2#1')).toBe(false);
    expect(await getJob(db, id)).toMatchObject({ state: 'running', lockedBy: 'w1#1', attempts: 1 });
    expect(await release(db, id, 'w1#1')).toBe(true);
    expect(await getJob(db, id)).toMatchObject({
      state: 'queued',
      lockedBy: null,
      attempts: 0,
      checkpoint: { part: 2 },
    });
    expect(await release(db, id, 'w1#1')).toBe(false); // no longer running: a late second release does nothing
    const next = await claim(db, JOB_NAMES, 'w2#1', 60_000);
    expect(next).toMatchObject({ id, attempts: 1, checkpoint: { part: 2 } });
  });

  it('keeps a job that runs longer than its lease with the worker that heartbeats, and never runs a job twice at once', async () => {
    const ids = new Set<number>();
    for (let i = 0; i < 24; i++) ids.add((await enqueue(db, 'media.encode-audio', payload(`S${i}`))) as number);
    const active = new Set<number>();
    const runs = new Map<number, number>();
    const overlaps: number[] = [];
    const run = async (_p: unknown, ctx: { id: number }) => {
      if (active.has(ctx.id)) overlaps.push(ctx.id);
      active.add(ctx.id);
      runs.set(ctx.id, (runs.get(ctx.id) ?? 0) + 1);
      // Some jobs outlive the 1 s lease: only the heartbeat keeps them. (The lease leaves room
      // for event-loop stalls of a loaded machine: pauses over 500 ms were seen here.)
      await sleep(ctx.id % 6 === 0 ? 1_500 : Math.floor(Math.random() * 30));
      active.delete(ctx.id);
    };
    const options = { db, ...FAST, leaseMs: 1_000, heartbeatMs: 100, concurrency: 3 };
    const workers = await Promise.all([
      startWorker({ ...options, id: 'w1', handlers: handlers({ 'media.encode-audio': run }) }),
      startWorker({ ...options, id: 'w2', handlers: handlers({ 'media.encode-audio': run }) }),
    ]);
    try {
      await waitFor(async () => {
        const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM job WHERE state = 'done'`);
        return row?.n === ids.size;
      }, 15_000);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect(overlaps).toEqual([]);
    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const reruns = await db.query(`SELECT id FROM job WHERE attempts <> 1`);
    expect(reruns).toEqual([]);
  });

  it('survives a restart: a job left running by a stopped worker finishes under a new one on the same database', async () => {
    // PGlite: a data directory closed and opened again; PostgreSQL: a second pool on the same database.
    let dir: string | undefined;
    let first: Db;
    let reopen: () => Promise<Db>;
    if (backend === 'pglite') {
      const d = mkdtempSync(path.join(tmpdir(), 'kerygma-jobs-'));
      dir = d;
      first = await openPglite(d);
      await migrate(first);
      reopen = () => openPglite(d);
    } else {
      const url = await databaseUrl(db);
      first = openPostgres(url, 2);
      reopen = async () => openPostgres(url, 2);
    }
    let second: Db | undefined;
    try {
      const id = (await db.transaction(async () => enqueue(first, 'media.encode-audio', { ...payload() }))) as number;
      let started = false;
      const worker1 = await startWorker({
        db: first,
        ...FAST,
        drainMs: 50,
        graceMs: 50,
        handlers: handlers({
          'media.encode-audio': async () => {
            started = true;
            await new Promise(() => {}); // ffmpeg still encoding when the process goes down
          },
        }),
      });
      await waitFor(async () => started);
      // Gives up after 50 ms and 50 more after the abort, which the handler ignores: its job is
      // not handed back (it would run twice at once), it stays running until the lease runs out.
      await worker1.stop();
      await first.close();

      second = await reopen();
      expect((await getJob(second, id))?.state).toBe('running');
      const attempts: number[] = [];
      const worker2 = await startWorker({
        db: second,
        ...FAST,
        handlers: handlers({ 'media.encode-audio': async (_p, ctx) => void attempts.push(ctx.attempt) }),
      });
      try {
        await waitFor(async () => (await getJob(second as Db, id))?.state === 'done');
      } finally {
        await worker2.stop();
      }
      expect(attempts).toEqual([2]);
    } finally {
      await second?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000); // PGlite opens its data directory twice here: slow on a busy machine

  it.runIf(backend === 'postgres')('wakes at once on LISTEN/NOTIFY instead of waiting for the next poll', async () => {
    const url = await databaseUrl(db);
    const worker = await startWorker({
      db,
      ...FAST,
      pollMs: 60_000,
      listener: postgresJobListener(url),
      handlers: handlers({ 'media.encode-audio': async () => {} }),
    });
    try {
      await sleep(50); // past the worker's first (empty) poll
      const started = Date.now();
      const id = (await db.transaction((tx) => enqueue(tx, 'media.encode-audio', payload()))) as number;
      await waitFor(async () => (await getJob(db, id))?.state === 'done', 3_000);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await worker.stop();
    }
  });

  it('parks the jobs whose program the worker lacks, untouched, and runs them under a worker that has it', async () => {
    const audio = (await enqueue(db, 'media.encode-audio', payload('P1'))) as number;
    const demo = (await enqueue(db, 'demo.media', {
      sermons: [{ sermonId: 'P2', video: false, title: 'Demo' }],
      cacheDir: '/tmp/demo-cache',
    })) as number;
    const cleanup = (await enqueue(db, 'media.delete-files', { sermonId: 'P3', keys: ['P3/r/old'] })) as number;
    const ran: string[] = [];
    const record = (name: string) => async () => void ran.push(name);
    const given = handlers({
      'media.encode-audio': record('audio'),
      'demo.media': record('demo'),
      'media.delete-files': record('cleanup'),
    });
    const without = await startWorker({ db, ...FAST, handlers: given, missingTools: ['ffmpeg'] });
    try {
      await waitFor(async () => (await getJob(db, cleanup))?.state === 'done');
      await sleep(5 * FAST.pollMs); // several more polls: the parked jobs stay as they were
    } finally {
      await without.stop();
    }
    expect(ran).toEqual(['cleanup']);
    for (const id of [audio, demo]) {
      expect(await getJob(db, id)).toMatchObject({ state: 'queued', attempts: 0, lastError: null });
    }

    const withFfmpeg = await startWorker({ db, ...FAST, handlers: given });
    try {
      await waitFor(
        async () => (await getJob(db, audio))?.state === 'done' && (await getJob(db, demo))?.state === 'done',
      );
    } finally {
      await withFfmpeg.stop();
    }
    expect(ran.sort()).toEqual(['audio', 'cleanup', 'demo']);
  });

  it('lists jobs for the tracker by sermon and state, newest first, in pages; purges old done jobs', async () => {
    const a1 = (await enqueue(db, 'media.encode-audio', payload('A'))) as number;
    const b1 = (await enqueue(db, 'media.encode-audio', payload('B'))) as number;
    const a2 = (await enqueue(db, 'media.encode-video', payload('A'))) as number;
    const a3 = (await enqueue(db, 'media.encode-video', payload('A'))) as number;
    await db.query(`UPDATE job SET state = 'failed' WHERE id = $1`, [a2]);

    expect((await listJobs(db, { sermonId: 'A' })).map((j) => j.id)).toEqual([a3, a2, a1]);
    expect((await listJobs(db, { sermonId: 'A', limit: 2 })).map((j) => j.id)).toEqual([a3, a2]);
    expect((await listJobs(db, { sermonId: 'A', beforeId: a2 })).map((j) => j.id)).toEqual([a1]);
    expect((await listJobs(db, { state: 'failed' })).map((j) => j.id)).toEqual([a2]);
    expect((await listJobs(db, { name: 'media.encode-audio' })).map((j) => j.id)).toEqual([b1, a1]);

    await db.query(
      `UPDATE job SET state = 'done', finished_at = now() - CASE WHEN id = $1 THEN interval '8 days' ELSE interval '1 hour' END
        WHERE id IN ($1, $2)`,
      [a1, b1],
    );
    expect(await purgeDone(db, 7 * 86_400_000)).toBe(1);
    expect(await getJob(db, a1)).toBeNull();
    expect(await getJob(db, b1)).not.toBeNull();
  });
});

/** The URL of the test's own PostgreSQL database (TEST_DATABASE_URL names the server). */
async function databaseUrl(db: Db): Promise<string> {
  const [row] = await db.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${row?.name}`;
  return url.toString();
}
