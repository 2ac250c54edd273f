import pg from 'pg';
import { JOB_CHANNEL } from './queue.ts';
import type { WorkerLog } from './worker.ts';

/** Tells a worker that jobs were enqueued, so it claims them now rather than at its next poll. */
export type JobListener = {
  /** Starts listening; resolves with a function that stops. Never rejects: polling still works. */
  subscribe(onJob: () => void): Promise<() => Promise<void>>;
};

/**
 * LISTEN on PostgreSQL through one dedicated connection (outside the pool: a pooled connection
 * cannot hold a LISTEN). When the connection drops it reconnects after `reconnectMs`; in the
 * meantime the worker's polling picks jobs up, only later. On reconnect it wakes the worker
 * once, since notifications sent while it was away are lost.
 */
export function postgresJobListener(url: string, log?: WorkerLog, reconnectMs = 2_000): JobListener {
  return {
    async subscribe(onJob) {
      let closed = false;
      let client: pg.Client | undefined;
      let retryTimer: NodeJS.Timeout | undefined;

      const connect = async () => {
        if (closed) return;
        const c = new pg.Client({ connectionString: url });
        client = c;
        let lost = false;
        const onLost = (error?: Error) => {
          if (lost || closed) return;
          lost = true;
          log?.warn({ err: error }, 'job listener connection lost; polling until it reconnects');
          c.end().catch(() => {});
          retryTimer = setTimeout(() => void connect(), reconnectMs);
          retryTimer.unref();
        };
        c.on('error', onLost);
        c.on('end', () => onLost());
        c.on('notification', (message) => {
          if (message.channel === JOB_CHANNEL) onJob();
        });
        try {
          await c.connect();
          await c.query(`LISTEN ${JOB_CHANNEL}`);
          onJob();
        } catch (error) {
          onLost(error as Error);
        }
      };

      await connect();
      return async () => {
        closed = true;
        clearTimeout(retryTimer);
        await client?.end().catch(() => {});
      };
    },
  };
}
