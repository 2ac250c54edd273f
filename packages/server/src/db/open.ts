import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite under `<data dir>/pglite`: the connection of
 * migrations, the seed and background jobs, whose statements run as long as they need.
 */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'dataDir'>,
  onIdleError?: (error: Error) => void,
): Promise<Db> {
  if (config.databaseUrl) {
    return Promise.resolve(openPostgres(config.databaseUrl, config.databasePoolSize, onIdleError));
  }
  return openPglite(path.join(config.dataDir, 'pglite'));
}

/**
 * The database that requests use: on PostgreSQL a pool of its own whose statements stop after
 * DATABASE_TIMEOUT_MS (no request may tie up the database; the spec aims at 100 ms of
 * database time per request), else `db` itself (PGlite serves one process, and has no timeout).
 */
export function openRequestDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'databaseStatementTimeoutMs'>,
  db: Db,
  onIdleError?: (error: Error) => void,
): Db {
  if (!config.databaseUrl || config.databaseStatementTimeoutMs === 0) return db;
  return openPostgres(config.databaseUrl, config.databasePoolSize, onIdleError, {
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
}
