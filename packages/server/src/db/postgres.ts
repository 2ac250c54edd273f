import { createHash } from 'node:crypto';
import pg from 'pg';
import { type Db, PG_TYPES, parseDate, parseInt8, parseNumeric, type QueryOptions } from './db.ts';

const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === PG_TYPES.INT8) return parseInt8;
    if (oid === PG_TYPES.NUMERIC) return parseNumeric;
    if (oid === PG_TYPES.DATE) return parseDate;
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

function clientDb(client: pg.PoolClient, close: () => Promise<void>): Db {
  const db: Db = {
    kind: 'postgres',
    async query<T>(text: string, params?: readonly unknown[], options?: QueryOptions) {
      const result = await client.query(statement(text, params, options));
      return result.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    transaction: (fn) => fn(db), // nested: join the open transaction
    close,
  };
  return db;
}

/** A pooled PostgreSQL connection (production and CI). */
export function openPostgres(url: string, max: number, onIdleError: (error: Error) => void = () => {}): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection that dies (database restart, failover) must not take the process down:
  // the pool drops that client and the next query opens a new one.
  pool.on('error', onIdleError);
  return {
    kind: 'postgres',
    async query<T>(text: string, params?: readonly unknown[], options?: QueryOptions) {
      const result = await pool.query(statement(text, params, options));
      return result.rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientDb(client, async () => {}));
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
