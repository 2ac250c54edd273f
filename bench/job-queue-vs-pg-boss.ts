import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openPostgres } from '../packages/server/src/db/postgres.ts';
import type { JobHandlers } from '../packages/server/src/jobs/job-types.ts';
import { enqueue } from '../packages/server/src/jobs/queue.ts';
import { startWorker } from '../packages/server/src/jobs/worker.ts';

/**
 * The project's job table against pg-boss on PostgreSQL, each on a fresh scratch database per
 * run: enqueue 1,000 jobs one statement each, then drain them with one worker whose handler does
 * nothing; prints the times and the objects each creates. pg-boss is not a dependency: install
 * it in a scratch folder (`npm install pg-boss`) and pass its package folder.
 *
 *   node bench/job-queue-vs-pg-boss.ts <pg-boss package folder> [runs=3] [job table concurrency=1]
 */
const [bossDir, runsArg = '3', concurrencyArg = '1'] = process.argv.slice(2);
if (!bossDir) {
  console.error('Usage: node bench/job-queue-vs-pg-boss.ts <pg-boss package folder> [runs] [concurrency]');
  process.exit(2);
}
const { PgBoss } = await import(pathToFileURL(path.join(bossDir, 'dist/index.js')).href);
const SERVER = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const JOBS = 1000;
const QUEUE = 'media.encode-audio';
const MIGRATIONS = new URL('../packages/server/src/db/migrations/', import.meta.url);
const payload = (i: number) => ({ sermonId: `s${i}`, uploadId: '00000000-0000-4000-8000-000000000001' });

async function onServer(sql: string) {
  const admin = openPostgres(`${SERVER}/postgres`, 1);
  await admin.query(sql);
  await admin.close();
}

async function scratch(name: string) {
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${name}`);
  return `${SERVER}/${name}`;
}

/** Waits until `sql` (a count) reaches JOBS, polling on a connection of its own. */
async function waitFor(url: string, sql: string) {
  const db = openPostgres(url, 1);
  while ((await db.query<{ n: number }>(sql))[0]?.n !== JOBS) await new Promise((r) => setTimeout(r, 20));
  await db.close();
}

async function objects(url: string, schema: string) {
  const db = openPostgres(url, 1);
  const rel = await db.query<{ relkind: string; n: number }>(
    `SELECT c.relkind, count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
      WHERE s.nspname = $1 GROUP BY 1 ORDER BY 1`,
    [schema],
  );
  const [fn] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_proc p JOIN pg_namespace s ON s.oid = p.pronamespace WHERE s.nspname = $1',
    [schema],
  );
  await db.close();
  const kinds: Record<string, string> = {
    r: 'tables',
    p: 'partitioned tables',
    i: 'indexes',
    I: 'partitioned indexes',
    S: 'sequences',
  };
  return `${rel.map((r) => `${r.n} ${kinds[r.relkind] ?? r.relkind}`).join(', ')}, ${fn?.n ?? 0} functions`;
}

async function jobTable(run: number) {
  const name = `bench_jobtable_${process.pid}_${run}`;
  const url = await scratch(name);
  const db = openPostgres(url, 10);
  for (const file of ['0003_jobs.sql', '0025_job_checkpoint.sql'])
    await db.exec(readFileSync(new URL(file, MIGRATIONS), 'utf8'));
  let t = performance.now();
  for (let i = 0; i < JOBS; i++) await enqueue(db, QUEUE, payload(i));
  const enqueueMs = performance.now() - t;
  t = performance.now();
  const handlers = { [QUEUE]: async () => {} } as unknown as JobHandlers;
  const worker = await startWorker({ db, handlers, concurrency: Number(concurrencyArg) });
  await waitFor(url, `SELECT count(*)::int AS n FROM job WHERE state = 'done'`);
  const drainMs = performance.now() - t;
  await worker.stop();
  const made = await objects(url, 'public');
  await db.close();
  await onServer(`DROP DATABASE ${name} WITH (FORCE)`);
  return { enqueueMs, drainMs, made };
}

async function pgBoss(run: number) {
  const name = `bench_pgboss_${process.pid}_${run}`;
  const url = await scratch(name);
  const boss = new PgBoss({ connectionString: url, max: 10 });
  boss.on('error', (e: Error) => console.error('pg-boss:', e.message));
  await boss.start();
  await boss.createQueue(QUEUE);
  let t = performance.now();
  for (let i = 0; i < JOBS; i++) await boss.send(QUEUE, payload(i));
  const enqueueMs = performance.now() - t;
  t = performance.now();
  // batchSize 1 would fetch one job per polling interval (2 s): burst mode needs full batches of 2+.
  await boss.work(QUEUE, { batchSize: 2, pollingIntervalSeconds: 1, burstWhenBatchFull: true }, async () => {});
  await waitFor(url, `SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'completed'`);
  const drainMs = performance.now() - t;
  await boss.stop({ graceful: true, wait: true });
  const made = await objects(url, 'pgboss');
  await onServer(`DROP DATABASE ${name} WITH (FORCE)`);
  return { enqueueMs, drainMs, made };
}

const s = (ms: number) => (ms / 1000).toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const table: Awaited<ReturnType<typeof jobTable>>[] = [];
const boss: Awaited<ReturnType<typeof pgBoss>>[] = [];
for (let run = 0; run < Number(runsArg); run++) {
  const a = await jobTable(run);
  const b = await pgBoss(run);
  table.push(a);
  boss.push(b);
  console.log(
    `run ${run + 1}: job table enqueue ${s(a.enqueueMs)} s, drain ${s(a.drainMs)} s | pg-boss enqueue ${s(b.enqueueMs)} s, drain ${s(b.drainMs)} s`,
  );
}
for (const [label, rows] of [
  ['job table', table],
  ['pg-boss', boss],
] as const) {
  console.log(
    `${label}: median enqueue ${s(median(rows.map((r) => r.enqueueMs)))} s, drain ${s(median(rows.map((r) => r.drainMs)))} s; creates ${rows[0]?.made}`,
  );
}
