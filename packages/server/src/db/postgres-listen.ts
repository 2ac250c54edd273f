import pg from 'pg';

export type ListenLog = { warn(obj: object, msg: string): void };

/**
 * LISTEN on a PostgreSQL channel through one dedicated connection (outside the pool: a pooled
 * connection cannot hold a LISTEN). `onMessage` gets each notification's payload. When the
 * connection drops it reconnects after `reconnectMs`; notifications sent meanwhile are lost, so
 * `onConnected` runs after every (re)connection for the caller to catch up. Resolves, never
 * rejects, with the function that stops.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  handlers: { onMessage: (payload: string) => void; onConnected?: () => void },
  options: { log?: ListenLog | undefined; reconnectMs?: number } = {},
): Promise<() => Promise<void>> {
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
      options.log?.warn({ err: error, channel }, 'LISTEN connection lost; reconnecting');
      c.end().catch(() => {});
      retryTimer = setTimeout(() => void connect(), options.reconnectMs ?? 2_000);
      retryTimer.unref();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      handlers.onConnected?.();
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
}
