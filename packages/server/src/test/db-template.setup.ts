import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { ensureReferenceData } from '../reference/reference-data.ts';
import { TEMPLATE_ENV } from './test-db.ts';

/**
 * Vitest's global set-up: the migrated database with its reference data is made once per run,
 * and every test database starts as a copy of it (test-db.ts) instead of migrating afresh:
 * a PGlite data directory dumped to a file, and on PostgreSQL a template database. Migrating
 * PGlite took 5-15 s a test file; loading the copy takes a fraction of that (bench/README.md).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const prepare = async (db: Db) => {
    await migrate(db);
    await ensureReferenceData(db);
  };
  const embedded = await openPglite(undefined);
  await prepare(embedded);
  const file = path.join(tmpdir(), `kerygma-test-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await (await embedded.dump()).arrayBuffer()));
  await embedded.close();
  process.env[TEMPLATE_ENV.pglite] = file;

  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `kerygma_test_template_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  if (adminUrl) {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    const db = openPostgres(url.toString(), 1);
    await prepare(db);
    await db.close();
    process.env[TEMPLATE_ENV.postgres] = name;
  }
  return async () => {
    rmSync(file, { force: true });
    if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
