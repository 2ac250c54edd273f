import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/db.ts';
import {
  type JobContext,
  type JobHandlers,
  type JobLog,
  type JobName,
  type JobTool,
  jobSchemas,
  jobsNeeding,
} from './job-types.ts';
import type { JobListener } from './listener.ts';
import {
  backoffDelay,
  type ClaimedJob,
  claim,
  complete,
  fail,
  purgeDone,
  release,
  releaseExpiredLeases,
  renewLease,
  saveCheckpoint,
} from './queue.ts';

/** The part of a pino logger the worker uses. */
export type WorkerLog = {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type WorkerOptions = {
  db: Db;
  handlers: JobHandlers;
  /** Jobs run at once by this worker (default 2). */
  concurrency?: number;
  /** Look for due jobs (and expired leases) this often (default 1000 ms). */
  pollMs?: number;
  /** A claim lasts this long without a heartbeat (default 30 s). */
  leaseMs?: number;
  /** Renew leases this often (default leaseMs / 3). */
  heartbeatMs?: number;
  /** stop() waits this long for running handlers to finish on their own (default 6 s). */
  drainMs?: number;
  /** Then it aborts their signal and waits this long for them to end (default 2 s: a vector batch in flight). */
  graceMs?: number;
  /** Retry delay: baseMs * 2^(attempt-1), capped at maxMs, with jitter (default 5 s, 1 h). */
  backoff?: { baseMs: number; maxMs: number };
  /** Delete done jobs after this long (default 7 days); checked hourly. 0 keeps them. */
  keepDoneMs?: number;
  /**
   * Programs this process lacks (job-types.ts JOB_TOOLS): the jobs that need one are left queued,
   * parked, for a worker that has it.
   */
  missingTools?: readonly JobTool[];
  /** Wakes the worker when a job is enqueued (PostgreSQL LISTEN); without it, it polls. */
  listener?: JobListener;
  log?: WorkerLog;
  /** Shown in `job.locked_by` (default host:pid:random). */
  id?: string;
};

export type Worker = {
  readonly id: string;
  /**
   * Stops claiming, waits up to `drainMs` for running handlers to finish and record their
   * result, then aborts the signal of those still running and waits up to `graceMs` for them
   * to end: a job whose handler ended so is handed back to the queue at once, its run not
   * counted. Handlers still running after that are left alone: their jobs go back to the queue
   * when their leases run out.
   */
  stop(): Promise<void>;
};

const silent: WorkerLog = { debug() {}, info() {}, warn() {}, error() {} };
const PURGE_EVERY_MS = 3_600_000;
const MAX_ERROR_LENGTH = 4_000;

type Running = { job: ClaimedJob; done: Promise<void>; controller: AbortController };

/**
 * Runs jobs from the queue until stopped. Claims only the job names it has handlers for (all
 * of them: the map is exhaustive), so during a rolling deploy an older worker leaves a newer
 * job kind to the newer workers, and of those only the ones whose programs it has.
 */
export async function startWorker(options: WorkerOptions): Promise<Worker> {
  const { db, handlers } = options;
  const concurrency = options.concurrency ?? 2;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1, Math.floor(leaseMs / 3));
  const drainMs = options.drainMs ?? 6_000;
  const graceMs = options.graceMs ?? 2_000;
  const backoff = options.backoff ?? { baseMs: 5_000, maxMs: 3_600_000 };
  const keepDoneMs = options.keepDoneMs ?? 7 * 86_400_000;
  const log = options.log ?? silent;
  const id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const parked = jobsNeeding(options.missingTools ?? []);
  const names = Object.keys(handlers).filter((name) => name in jobSchemas && !parked.includes(name as JobName));

  const running = new Map<number, Running>();
  let claims = 0;
  let stopping = false;
  /** Set when stop() gave up waiting: from then on nothing touches the database. */
  let abandoned = false;
  let lastPurge = 0;
  let lastReap = 0;

  // Wake-ups (a notification, a free slot, stop) that arrive while the loop is busy are kept.
  let woken = false;
  let wakeLoop: (() => void) | undefined;
  const wake = () => {
    woken = true;
    wakeLoop?.();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeLoop = undefined;
        resolve();
      }
      wakeLoop = done;
    });

  async function runJob(job: ClaimedJob, controller: AbortController) {
    const name = job.name as JobName;
    const started = Date.now();
    let active = true;
    let leaseLost = false;
    let heartbeat: NodeJS.Timeout | undefined;
    const beat = () => {
      if (!active || abandoned) return;
      heartbeat = setTimeout(async () => {
        if (!active || abandoned) return;
        try {
          const ours = await renewLease(db, job.id, job.lockedBy, leaseMs);
          if (ours) return beat();
          if (!active || abandoned) return;
          leaseLost = true;
          log.warn({ jobId: job.id, job: name }, 'job lease lost; another worker may run it');
          controller.abort(new Error('job lease lost'));
        } catch (error) {
          if (!active || abandoned) return;
          log.warn({ err: error, jobId: job.id }, 'job lease renewal failed; retrying');
          beat();
        }
      }, heartbeatMs);
    };
    beat();
    try {
      const parsed = jobSchemas[name].safeParse(job.payload);
      if (!parsed.success) {
        const message = `invalid payload: ${parsed.error.message}`.slice(0, MAX_ERROR_LENGTH);
        await fail(db, job.id, job.lockedBy, message, 0, true);
        log.error({ jobId: job.id, job: name }, 'job payload does not match its schema; failed');
        return;
      }
      const ctx = claimContext(job, controller.signal, {
        info: (obj, msg) => log.info({ jobId: job.id, job: name, ...obj }, msg),
      });
      let error: unknown;
      let ok = false;
      try {
        await (handlers[name] as (payload: unknown, ctx: JobContext) => Promise<void>)(parsed.data, ctx);
        ok = true;
      } catch (e) {
        error = e;
      }
      active = false;
      clearTimeout(heartbeat);
      // Abandoned by stop(), or the lease went to another worker: the result is not ours to record.
      if (abandoned || leaseLost) return;
      if (ok) {
        const recorded = await complete(db, job.id, job.lockedBy);
        log.info({ jobId: job.id, job: name, ms: Date.now() - started, recorded }, 'job done');
      } else if (controller.signal.aborted) {
        // Aborted by stop() (a lost lease returned above) and the handler has ended: nothing of
        // this run writes any more, so the next worker can start at once from the checkpoint.
        const released = await release(db, job.id, job.lockedBy);
        log.info({ jobId: job.id, job: name, ms: Date.now() - started, released }, 'job handed back to the queue');
      } else {
        const message = errorMessage(error).slice(0, MAX_ERROR_LENGTH);
        const delay = backoffDelay(job.attempts, backoff.baseMs, backoff.maxMs);
        const state = await fail(db, job.id, job.lockedBy, message, delay);
        const failed = state === 'failed';
        log[failed ? 'error' : 'warn'](
          { err: error, jobId: job.id, job: name, attempt: job.attempts, of: job.maxAttempts, state, retryInMs: delay },
          failed ? 'job failed' : 'job failed; will retry',
        );
      }
    } catch (error) {
      // The database was unreachable while recording the result: the lease runs out and the job
      // runs again (handlers are safe to run twice).
      if (!abandoned) log.error({ err: error, jobId: job.id, job: name }, 'could not record job result');
    } finally {
      active = false;
      clearTimeout(heartbeat);
    }
  }

  function start(job: ClaimedJob) {
    const controller = new AbortController();
    const entry: Running = { job, controller, done: Promise.resolve() };
    entry.done = runJob(job, controller).finally(() => {
      running.delete(job.id);
      wake();
    });
    running.set(job.id, entry);
  }

  async function maintain() {
    // Leases are checked a few times per lease, not on every poll.
    if (Date.now() - lastReap < Math.min(leaseMs / 4, 5_000)) return;
    lastReap = Date.now();
    const released = await releaseExpiredLeases(db);
    if (released) log.warn({ released }, 'jobs with expired leases put back');
    if (keepDoneMs > 0 && Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now();
      const purged = await purgeDone(db, keepDoneMs);
      if (purged) log.info({ purged }, 'old done jobs deleted');
    }
  }

  async function loop() {
    while (!stopping) {
      woken = false;
      try {
        await maintain();
        while (!stopping && running.size < concurrency) {
          const job = await claim(db, names, `${id}#${++claims}`, leaseMs);
          if (!job) break;
          start(job);
        }
      } catch (error) {
        log.error({ err: error }, 'job queue unreachable; trying again');
      }
      await sleep(pollMs);
    }
  }

  /** True when every running handler has ended (and recorded its result) within `ms`. */
  async function allEnded(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      Promise.all([...running.values()].map((r) => r.done)).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
    clearTimeout(timer);
    return ended;
  }

  const unsubscribe = options.listener ? await options.listener.subscribe(wake) : undefined;
  const looping = loop();
  log.info({ worker: id, concurrency, jobs: names.length, parked }, 'job worker started');

  let stopped: Promise<void> | undefined;
  return {
    id,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        wake();
        await unsubscribe?.();
        await looping;
        if (running.size) {
          log.info({ running: running.size }, 'job worker draining');
          if (!(await allEnded(drainMs))) {
            for (const r of running.values()) r.controller.abort(new Error('worker stopping'));
            // A handler that ends within the grace time hands its job back (runJob). One that
            // ignores the abort is not released: it may still be writing, and a released job is
            // claimed by the next worker at once, which would run it twice concurrently. Its
            // heartbeat stops, so its lease runs out (a process that exits ends it meanwhile).
            if (!(await allEnded(graceMs))) {
              abandoned = true;
              log.warn(
                { jobs: [...running.values()].map((r) => r.job.id) },
                'job worker stopped with jobs running; they run again after their leases',
              );
            }
          }
        }
        log.info({ worker: id }, 'job worker stopped');
      })();
      return stopped;
    },
  };
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** What a handler gets for one claim of `job`: its checkpoint saves are fenced by the claim. */
export function claimContext<N extends JobName>(job: ClaimedJob, signal: AbortSignal, log: JobLog): JobContext<N> {
  return {
    id: job.id,
    name: job.name as N,
    attempt: job.attempts,
    maxAttempts: job.maxAttempts,
    signal,
    checkpoint: job.checkpoint,
    async saveCheckpoint(tx, checkpoint) {
      if (!(await saveCheckpoint(tx, job.id, job.lockedBy, checkpoint))) throw new Error('job lease lost');
    },
    log,
  };
}
