import { createHash } from 'node:crypto';
import pg from 'pg';
import { ApiError } from '../errors.ts';
import { type Db, PG_TYPES, parseDate, parseInt8, parseInt8Array, parseNumeric, type QueryOptions } from './db.ts';

const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === PG_TYPES.INT8) return parseInt8;
    if (oid === PG_TYPES.NUMERIC) return parseNumeric;
    if (oid === PG_TYPES.DATE) return parseDate;
    if (oid === PG_TYPES.INT8_ARRAY) return parseInt8Array;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** A prepared statement's name: the same text always gets the same name. */
const statementNames = new Map<string, string>();
function statement(text: string, params: readonly unknown[] | undefined, options: QueryOptions | undefined) {
  let name: string | undefined;
  if (options?.prepare) {
    name = statementNames.get(text);
    if (!name) {
      name = `k_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
      statementNames.set(text, name);
    }
  }
  return { name, text, values: params as unknown[] | undefined, types };
}

/** PostgreSQL's code for a statement cancelled, here by statement_timeout. */
const QUERY_CANCELED = '57014';

/**
 * A statement that ran out of its time is the request's answer: 503 in the API's shape, with no
 * SQL in it (the timeout guards the database from requests that would cost too much).
 */
function timedOut(error: unknown): unknown {
  return (error as { code?: string }).code === QUERY_CANCELED
    ? new ApiError(503, 'query_timeout', { error: { key: 'error.queryTimeout' } })
    : error;
}

type Runner = Pick<pg.Pool | pg.PoolClient, 'query'>;

async function run(runner: Runner, config: pg.QueryConfig, limited: boolean) {
  try {
    return await runner.query(config);
  } catch (error) {
    throw limited ? timedOut(error) : error;
  }
}

function clientDb(client: pg.PoolClient, close: () => Promise<void>, limited: boolean): Db {
  const db: Db = {
    kind: 'postgres',
    async query<T>(text: string, params?: readonly unknown[], options?: QueryOptions) {
      const result = await run(client, statement(text, params, options), limited);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await run(client, { text: sql }, limited);
    },
    transaction: (fn) => fn(db), // nested: join the open transaction
    close,
  };
  return db;
}

/**
 * A pooled PostgreSQL connection (production and CI). With `statementTimeoutMs` every
 * statement on it is cancelled after that long (PostgreSQL's statement_timeout, set as each
 * connection opens), and answers 503 'query_timeout' instead of its error: the requests' pool.
 */
export function openPostgres(
  url: string,
  max: number,
  onIdleError: (error: Error) => void = () => {},
  { statementTimeoutMs = 0 }: { statementTimeoutMs?: number } = {},
): Db {
  const limited = statementTimeoutMs > 0;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(limited ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // An idle connection that dies (database restart, failover) must not take the process down:
  // the pool drops that client and the next query opens a new one.
  pool.on('error', onIdleError);
  return {
    kind: 'postgres',
    async query<T>(text: string, params?: readonly unknown[], options?: QueryOptions) {
      const result = await run(pool, statement(text, params, options), limited);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await run(pool, { text: sql }, limited);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientDb(client, async () => {}, limited));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
