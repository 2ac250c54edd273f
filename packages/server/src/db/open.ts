import path from 'node:path';
import type { Config } from '../config.ts';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite under `<data dir>/pglite`, which one process
 * at a time may open (db/data-dir-lock.ts): pass the `lock` this process holds, or the data dir
 * is locked here until the database closes (throwing DataDirBusyError when another process
 * holds it).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'dataDir'>,
  onIdleError?: (error: Error) => void,
  lock?: DataDirLock,
): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize, onIdleError);
  const held = lock ?? (await lockDataDir(config.dataDir, path.basename(process.argv[1] ?? 'a Node process')));
  let db: Db;
  try {
    db = await openPglite(path.join(config.dataDir, 'pglite'));
  } catch (error) {
    if (!lock) await held.release();
    throw error;
  }
  if (lock) return db;
  return {
    ...db,
    async close() {
      await db.close();
      await held.release();
    },
  };
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
