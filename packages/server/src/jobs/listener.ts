import { listenPostgres } from '../db/postgres-listen.ts';
import { JOB_CHANNEL } from './queue.ts';
import type { WorkerLog } from './worker.ts';

/** Tells a worker that jobs were enqueued, so it claims them now rather than at its next poll. */
export type JobListener = {
  /** Starts listening; resolves with a function that stops. Never rejects: polling still works. */
  subscribe(onJob: () => void): Promise<() => Promise<void>>;
};

/**
 * Wakes the worker on PostgreSQL's notifications of new jobs (db/postgres-listen.ts). While the
 * connection is down the worker's polling picks jobs up, only later; on reconnect it wakes the
 * worker once, since notifications sent while it was away are lost.
 */
export function postgresJobListener(url: string, log?: WorkerLog, reconnectMs = 2_000): JobListener {
  return {
    subscribe: (onJob) =>
      listenPostgres(url, JOB_CHANNEL, { onMessage: onJob, onConnected: onJob }, { log, reconnectMs }),
  };
}
