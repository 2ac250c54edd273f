/**
 * Fills a PostgreSQL database with catalogue data at SermonAudio scale for the benchmarks:
 * 2,100,000 sermons, 60,000 speakers, 20,000 broadcasters, 150,000 series (see bench/README.md).
 *
 *   pnpm bench:data [--reset] [--scale 0.05] [--chunk 100000]
 *
 * Target: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/kerygma_bench), created
 * when missing. All rows are generated inside PostgreSQL with set-based SQL; Node only sends
 * statements. Without --reset an already loaded database is brought to the current schema
 * (migrations newer than its load) and described; its rows are left alone.
 */
import { parseArgs } from 'node:util';
import { refreshCatalogueCounts } from '../packages/server/src/catalogue/counts.ts';
import type { Db } from '../packages/server/src/db/db.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { openPostgres } from '../packages/server/src/db/postgres.ts';
import { ensureReferenceData } from '../packages/server/src/reference/reference-data.ts';
import {
  broadcasterPlanSql,
  broadcastersSql,
  chapterSlotsSql,
  placesSql,
  type Sizes,
  scaledSizes,
  seriesSql,
  sermonChunkSql,
  setupSql,
  speakersSql,
} from './lib/generate.ts';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/kerygma_bench';
/** Tables whose secondary indexes are dropped during the load and rebuilt afterwards. */
const LOADED_TABLES = ['broadcaster', 'speaker', 'broadcaster_primary_speaker', 'series', 'sermon', 'sermon_scripture'];
const SEARCH_TRIGGER = 'sermon_search_vector';
/** Session settings for every connection of the load (bulk work; tables stay logged). */
const SESSION_OPTIONS = [
  'maintenance_work_mem=1GB',
  'max_parallel_maintenance_workers=2',
  'work_mem=256MB',
  'synchronous_commit=off',
  'jit=off',
];

const fmt = (n: number) => n.toLocaleString('en-US');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Options = { reset: boolean; scale: number; chunk: number; url: URL };

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      scale: { type: 'string', default: '1' },
      chunk: { type: 'string', default: '100000' },
    },
  });
  const scale = Number(values.scale);
  const chunk = Number(values.chunk);
  if (!(scale > 0 && scale <= 10)) throw new Error(`--scale must be a number in (0, 10], got ${values.scale}`);
  if (!(Number.isInteger(chunk) && chunk >= 1000)) throw new Error(`--chunk must be an integer >= 1000`);
  const url = new URL(process.env.BENCH_DATABASE_URL || DEFAULT_URL);
  return { reset: values.reset ?? false, scale, chunk, url };
}

function withSessionOptions(url: URL): string {
  const u = new URL(url);
  const existing = u.searchParams.get('options');
  const ours = SESSION_OPTIONS.map((o) => `-c ${o}`).join(' ');
  u.searchParams.set('options', existing ? `${existing} ${ours}` : ours);
  return u.toString();
}

const timings: [string, number][] = [];
async function phase<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  console.log(`\n== ${name}`);
  const result = await fn();
  const ms = performance.now() - start;
  timings.push([name, ms]);
  console.log(`   ${name}: ${secs(ms)}`);
  return result;
}

/** Creates (or with reset, recreates) the target database; returns whether it existed before. */
async function prepareDatabase(opts: Options): Promise<boolean> {
  const name = decodeURIComponent(opts.url.pathname.slice(1));
  if (!name) throw new Error('BENCH_DATABASE_URL names no database');
  if (name === 'postgres') throw new Error('refusing to load scale data into the postgres database');
  const adminUrl = new URL(opts.url);
  adminUrl.pathname = '/postgres';
  const admin = openPostgres(adminUrl.toString(), 1);
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).length > 0;
    if (exists && opts.reset) {
      console.log(`dropping database ${name}`);
      await admin.exec(`DROP DATABASE ${quoteIdent(name)} WITH (FORCE)`);
    }
    if (!exists || opts.reset) {
      console.log(`creating database ${name}`);
      await admin.exec(`CREATE DATABASE ${quoteIdent(name)}`);
    }
    return exists && !opts.reset;
  } finally {
    await admin.close();
  }
}

async function count(db: Db, table: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM ${table}`);
  return row?.n ?? 0;
}

async function printContents(db: Db): Promise<void> {
  console.log('\nrows:');
  for (const table of [...LOADED_TABLES, 'hashtag', 'language', 'event_type', 'bible_book']) {
    console.log(`  ${table.padEnd(28)} ${fmt(await count(db, table)).padStart(12)}`);
  }
  const [size] = await db.query<{ db: string; sermon: string; scripture: string }>(
    `SELECT pg_size_pretty(pg_database_size(current_database())) AS db,
            pg_size_pretty(pg_total_relation_size('sermon')) AS sermon,
            pg_size_pretty(pg_total_relation_size('sermon_scripture')) AS scripture`,
  );
  console.log(`database size ${size?.db} (sermon ${size?.sermon}, sermon_scripture ${size?.scripture})`);
}

/** Existing data: migrate, describe it and stop. Returns true when the caller should exit. */
async function alreadyLoaded(db: Db): Promise<boolean> {
  const [state] = await db.query<{ gen: boolean; sermon: boolean }>(
    `SELECT to_regnamespace('scale_gen') IS NOT NULL AS gen, to_regclass('public.sermon') IS NOT NULL AS sermon`,
  );
  if (state?.gen) {
    console.error('an earlier load did not finish (schema scale_gen is still there); run with --reset');
    process.exitCode = 1;
    return true;
  }
  if (state?.sermon && (await count(db, 'sermon')) > 0) {
    await migrate(db);
    console.log('the database already holds data (use --reset to rebuild it):');
    await printContents(db);
    return true;
  }
  return false;
}

/** Saves the definitions of the secondary indexes and the search trigger, then drops them. */
async function dropSecondaryIndexes(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO scale_gen.saved_index (name, table_name, def)
     SELECT ix.indexname, ix.tablename, ix.indexdef FROM pg_indexes ix
      WHERE ix.schemaname = 'public' AND ix.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                         WHERE c.conindid = format('%I.%I', ix.schemaname, ix.indexname)::regclass)`,
    [LOADED_TABLES],
  );
  await db.query(
    `INSERT INTO scale_gen.saved_trigger (name, table_name, def)
     SELECT t.tgname, c.relname, pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND c.relname = ANY($1)`,
    [LOADED_TABLES],
  );
  const indexes = await db.query<{ name: string }>('SELECT name FROM scale_gen.saved_index ORDER BY name');
  const triggers = await db.query<{ name: string; table_name: string }>('SELECT * FROM scale_gen.saved_trigger');
  if (!triggers.some((t) => t.name === SEARCH_TRIGGER)) throw new Error(`trigger ${SEARCH_TRIGGER} not found`);
  for (const t of triggers) await db.exec(`DROP TRIGGER ${quoteIdent(t.name)} ON ${quoteIdent(t.table_name)}`);
  for (const ix of indexes) await db.exec(`DROP INDEX ${quoteIdent(ix.name)}`);
  console.log(
    `   dropped ${indexes.length} indexes and ${triggers.length} trigger(s): ${indexes.map((i) => i.name).join(', ')}`,
  );
}

/** Runs `tasks` on `workers` connections of the pool at once. */
async function runParallel<T>(items: readonly T[], workers: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, items.length) }, worker));
}

async function loadSermons(db: Db, sizes: Sizes, chunk: number): Promise<void> {
  const [slots] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM scale_gen.chap');
  const sql = sermonChunkSql(sizes, slots?.n ?? 0);
  const chunks: [number, number][] = [];
  for (let lo = 1; lo <= sizes.sermons; lo += chunk) chunks.push([lo, Math.min(sizes.sermons, lo + chunk - 1)]);
  const start = performance.now();
  let done = 0;
  await runParallel(chunks, 2, async ([lo, hi]) => {
    await db.query(sql, [lo, hi]);
    done += hi - lo + 1;
    const ms = performance.now() - start;
    console.log(
      `   sermons ${fmt(done).padStart(9)} / ${fmt(sizes.sermons)} (${Math.round((done / sizes.sermons) * 100)}%)  ${secs(ms)}  ${fmt(Math.round(done / (ms / 1000)))} rows/s`,
    );
  });
}

/** Recreates the saved indexes (largest first, two at a time) and the trigger, exactly as saved. */
async function recreateIndexes(db: Db): Promise<void> {
  const saved = await db.query<{ name: string; table_name: string; def: string }>(
    `SELECT name, table_name, def FROM scale_gen.saved_index
      ORDER BY def LIKE '%USING gin%' DESC, pg_relation_size(table_name::regclass) DESC, name`,
  );
  await runParallel(saved, 2, async (ix) => {
    const start = performance.now();
    await db.exec(ix.def);
    console.log(`   ${ix.name.padEnd(40)} ${secs(performance.now() - start)}`);
  });
  const triggers = await db.query<{ def: string }>('SELECT def FROM scale_gen.saved_trigger');
  for (const t of triggers) await db.exec(t.def);
}

/** Checks that the rebuilt schema objects and the generated rows hold what the schema promises. */
async function check(db: Db): Promise<void> {
  const [indexes] = await db.query<{ missing: number; changed: number }>(
    `SELECT count(*) FILTER (WHERE ix.indexname IS NULL)::int AS missing,
            count(*) FILTER (WHERE ix.indexdef <> s.def)::int AS changed
       FROM scale_gen.saved_index s LEFT JOIN pg_indexes ix ON ix.schemaname = 'public' AND ix.indexname = s.name`,
  );
  const [triggers] = await db.query<{ bad: number }>(
    `SELECT count(*)::int AS bad FROM scale_gen.saved_trigger s
      WHERE NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgname = s.name AND pg_get_triggerdef(t.oid) = s.def)`,
  );
  if (indexes?.missing || indexes?.changed || triggers?.bad)
    throw new Error(`rebuilt schema differs: ${JSON.stringify({ ...indexes, ...triggers })}`);
  console.log('   indexes and trigger identical to the migration');

  // search_vector as loaded equals what the trigger computes: rewrite a sample and compare.
  let vectors: { n: number; same: number } | undefined;
  const rollback = new Error('rollback');
  await db
    .transaction(async (tx) => {
      [vectors] = await tx.query<{ n: number; same: number }>(
        `WITH sample AS (SELECT sermon_id, search_vector FROM sermon TABLESAMPLE SYSTEM (1) REPEATABLE (7) LIMIT 2000),
              redone AS (UPDATE sermon s SET full_title = s.full_title FROM sample WHERE s.sermon_id = sample.sermon_id
                         RETURNING s.sermon_id, s.search_vector)
         SELECT count(*)::int AS n, count(*) FILTER (WHERE r.search_vector = sample.search_vector)::int AS same
           FROM redone r JOIN sample USING (sermon_id)`,
      );
      throw rollback; // the rewrite was only for comparing
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  if (!vectors || vectors.n === 0 || vectors.same !== vectors.n)
    throw new Error(
      `search_vector differs from the trigger's for ${vectors ? vectors.n - vectors.same : '?'} sampled sermons`,
    );
  console.log(`   search_vector identical to the trigger's on ${vectors.n} sampled sermons`);

  // Primary speakers' names as the triggers keep them (loaded with the triggers off).
  const [names] = await db.query<{ bad: number }>(
    `SELECT count(*)::int AS bad FROM broadcaster
      WHERE primary_speaker_names <> broadcaster_primary_speaker_names(broadcaster_id)`,
  );
  if (names?.bad) throw new Error(`primary speakers' names differ from the trigger's on ${names.bad} broadcasters`);
  console.log("   broadcasters' primary speakers' names identical to the trigger's");

  const [scripture] = await db.query<{ bad_first: number; no_refs: number; bad_date: number; bad_sort: number }>(
    `SELECT (SELECT count(*) FROM (SELECT 1 FROM sermon_scripture GROUP BY sermon_id, book_index
                                   HAVING count(*) FILTER (WHERE first_in_book) <> 1) x)::int AS bad_first,
            (SELECT count(*) FROM sermon s WHERE NOT EXISTS
               (SELECT 1 FROM sermon_scripture r WHERE r.sermon_id = s.sermon_id AND r.first_in_book))::int AS no_refs,
            (SELECT count(*) FROM sermon_scripture r JOIN sermon s USING (sermon_id) WHERE r.preach_date <> s.preach_date)::int AS bad_date,
            (SELECT count(*) FROM sermon WHERE bible_sort IS NULL OR bible_text IS NULL)::int AS bad_sort`,
  );
  if (scripture?.bad_first || scripture?.no_refs || scripture?.bad_date || scripture?.bad_sort)
    throw new Error(`sermon_scripture inconsistent: ${JSON.stringify(scripture)}`);
  console.log('   sermon_scripture: one first_in_book per sermon/book, dates copied, every sermon referenced');
}

async function report(db: Db): Promise<void> {
  const q = <T>(sql: string) => db.query<T>(sql);
  const top = await q<{ name: string; n: number }>(
    'SELECT display_name AS name, sermon_count AS n FROM broadcaster ORDER BY sermon_count DESC LIMIT 5',
  );
  const [b] = await q<{ over10k: number; over1k: number; under10: number; median: number }>(
    `SELECT count(*) FILTER (WHERE sermon_count >= 10000)::int AS over10k, count(*) FILTER (WHERE sermon_count >= 1000)::int AS over1k,
            count(*) FILTER (WHERE sermon_count < 10)::int AS under10,
            percentile_disc(0.5) WITHIN GROUP (ORDER BY sermon_count) AS median FROM broadcaster`,
  );
  console.log(
    `\nbroadcasters: ${b?.over10k} with >= 10k sermons, ${b?.over1k} with >= 1k, ${b?.under10} with < 10, median ${b?.median}; largest: ${top.map((t) => `${t.name} ${fmt(t.n)}`).join('; ')}`,
  );
  const topSpeakers = await q<{ name: string; n: number }>(
    'SELECT display_name AS name, sermon_count AS n FROM speaker ORDER BY sermon_count DESC LIMIT 6',
  );
  const [sp] = await q<{ over10k: number; over1k: number }>(
    `SELECT count(*) FILTER (WHERE sermon_count >= 10000)::int AS over10k, count(*) FILTER (WHERE sermon_count >= 1000)::int AS over1k FROM speaker`,
  );
  console.log(
    `speakers: ${sp?.over10k} with >= 10k sermons, ${sp?.over1k} with >= 1k; largest: ${topSpeakers.map((t) => `${t.name} ${fmt(t.n)}`).join('; ')}`,
  );
  const langs = await q<{ code: string; pct: number }>(
    `SELECT language_code AS code, round(100.0 * count(*) / sum(count(*)) OVER (), 2)::float8 AS pct
       FROM sermon GROUP BY 1 ORDER BY 2 DESC`,
  );
  console.log(`languages (${langs.length}): ${langs.map((l) => `${l.code} ${l.pct}%`).join(', ')}`);
  const [s] = await q<Record<string, number>>(
    `SELECT round(100.0 * count(*) FILTER (WHERE has_video) / count(*), 2)::float8 AS video_pct,
            round(100.0 * count(*) FILTER (WHERE pick_date IS NOT NULL) / count(*), 2)::float8 AS pick_pct,
            count(*) FILTER (WHERE publish_timestamp IS NULL)::int AS drafts,
            count(*) FILTER (WHERE publish_timestamp > now())::int AS scheduled,
            count(*) FILTER (WHERE series_id IS NOT NULL)::int AS in_series,
            count(*) FILTER (WHERE preach_date >= DATE '2016-01-01')::int AS since2016,
            count(*) FILTER (WHERE preach_date < DATE '2000-01-01')::int AS before2000,
            count(*) FILTER (WHERE bible_text LIKE '%;%')::int AS two_refs
       FROM sermon`,
  );
  console.log(
    `sermons: ${s?.video_pct}% video, ${s?.pick_pct}% staff picks, ${s?.drafts} drafts, ${s?.scheduled} scheduled, ${fmt(s?.in_series ?? 0)} in a series, ${fmt(s?.since2016 ?? 0)} preached since 2016, ${fmt(s?.before2000 ?? 0)} before 2000, ${fmt(s?.two_refs ?? 0)} with two references`,
  );
  const books = await q<{ name: string; n: number }>(
    `SELECT b.name, count(*)::int AS n FROM sermon_scripture r JOIN bible_book b USING (book_index)
      WHERE r.first_in_book GROUP BY b.name ORDER BY n DESC LIMIT 6`,
  );
  console.log(`books: ${books.map((x) => `${x.name} ${fmt(x.n)}`).join(', ')}`);
  const words = await q<{ word: string; n: number }>(
    `SELECT w AS word, (SELECT count(*) FROM sermon WHERE search_vector @@ to_tsquery('simple', w))::int AS n
       FROM unnest(ARRAY['god', 'grace', 'faith', 'romans', 'melchizedek', 'propitiation', 'mephibosheth']) AS w`,
  );
  console.log(`full-text matches: ${words.map((w) => `${w.word} ${fmt(w.n)}`).join(', ')}`);
}

async function main(): Promise<void> {
  const opts = parseOptions();
  const sizes = scaledSizes(opts.scale);
  const started = performance.now();
  console.log(
    `scale ${opts.scale}: ${fmt(sizes.sermons)} sermons, ${fmt(sizes.speakers)} speakers, ${fmt(sizes.broadcasters)} broadcasters, ${fmt(sizes.series)} series -> ${opts.url.host}${opts.url.pathname}`,
  );
  const existed = await prepareDatabase(opts);
  const db = openPostgres(withSessionOptions(opts.url), 2);
  try {
    if (existed && (await alreadyLoaded(db))) return;
    await phase('migrations and reference data', async () => {
      await migrate(db);
      await ensureReferenceData(db);
    });
    await phase('prepare (helpers, plan tables, drop secondary indexes)', async () => {
      await db.exec(setupSql(sizes));
      await db.exec(chapterSlotsSql());
      await db.exec(placesSql());
      await dropSecondaryIndexes(db);
    });
    await phase('speakers, broadcasters, series', async () => {
      await db.exec(broadcasterPlanSql(sizes));
      await db.exec(speakersSql(sizes));
      await db.exec(broadcastersSql());
      await db.exec(seriesSql());
      console.log(
        `   ${fmt(await count(db, 'speaker'))} speakers, ${fmt(await count(db, 'broadcaster'))} broadcasters, ${fmt(await count(db, 'series'))} series`,
      );
    });
    await phase('sermons and sermon_scripture', () => loadSermons(db, sizes, opts.chunk));
    await phase('catalogue counts (refreshCatalogueCounts)', () => refreshCatalogueCounts(db));
    await phase('recreate indexes and trigger', () => recreateIndexes(db));
    await phase('checks', () => check(db));
    await phase('vacuum analyze', async () => {
      await db.exec('DROP SCHEMA scale_gen CASCADE');
      await Promise.all([db.exec('VACUUM (ANALYZE) sermon'), db.exec('VACUUM (ANALYZE) sermon_scripture')]);
      // The catalogue counts rewrote every broadcaster, speaker and series row once, leaving the
      // first half of each table empty pages: compacted, as a restored database would be (a
      // search side list's seq scan read 1,500 empty pages for 'church': 1.6 ms, 0.16 ms compact).
      await db.exec('VACUUM (FULL, ANALYZE) broadcaster, speaker, series');
      await db.exec('VACUUM (ANALYZE)');
    });
    await report(db);
    await printContents(db);
    const total = performance.now() - started;
    console.log('\ntimings:');
    for (const [name, ms] of timings) console.log(`  ${name.padEnd(56)} ${secs(ms).padStart(9)}`);
    console.log(`  ${'total'.padEnd(56)} ${secs(total).padStart(9)}`);
  } finally {
    await db.close();
  }
}

await main();
