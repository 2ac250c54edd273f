import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { ensureReferenceData } from '../reference/reference-data.ts';

/**
 * The database backends every `*.db.test.ts` runs against: embedded PGlite always, and
 * PostgreSQL too when TEST_DATABASE_URL is set (each test file gets a database of its own).
 */
export const BACKENDS: readonly ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * Where the run's migrated template is (db-template.setup.ts, Vitest's global set-up): a PGlite
 * data directory's dump, a PostgreSQL database's name. Without them a test database migrates.
 */
export const TEMPLATE_ENV = { pglite: 'KERYGMA_TEST_PGLITE_TEMPLATE', postgres: 'KERYGMA_TEST_PG_TEMPLATE' } as const;

/** The PGlite template, read once per test worker. */
let pgliteTemplate: Promise<Blob> | undefined;
function pgliteFrom(): Promise<Blob> | undefined {
  const file = process.env[TEMPLATE_ENV.pglite];
  if (!file) return undefined;
  pgliteTemplate ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

/** `url`: the PostgreSQL database's address (undefined on PGlite). */
export type TestDb = { db: Db; url?: string; drop(): Promise<void> };

export async function openTestDb(backend: 'pglite' | 'postgres'): Promise<TestDb> {
  let db: Db;
  let dbUrl: string | undefined;
  let drop = async () => {};
  let fromTemplate = false;
  if (backend === 'pglite') {
    const from = await pgliteFrom();
    fromTemplate = from !== undefined;
    db = await openPglite(undefined, from);
  } else {
    const copyOf = process.env[TEMPLATE_ENV.postgres];
    fromTemplate = copyOf !== undefined;
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const name = `kerygma_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}${copyOf ? ` TEMPLATE ${copyOf}` : ''}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
    db = openPostgres(dbUrl, 4);
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  if (!fromTemplate) {
    await migrate(db);
    await ensureReferenceData(db);
  }
  return {
    db,
    url: dbUrl,
    async drop() {
      await db.close();
      await drop();
    },
  };
}
