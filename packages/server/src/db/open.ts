import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** PostgreSQL when DATABASE_URL is set, else PGlite under `<data dir>/pglite`. */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'dataDir'>,
  onIdleError?: (error: Error) => void,
): Promise<Db> {
  if (config.databaseUrl) {
    return Promise.resolve(openPostgres(config.databaseUrl, config.databasePoolSize, onIdleError));
  }
  return openPglite(path.join(config.dataDir, 'pglite'));
}
