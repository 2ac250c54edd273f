import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LOCALES } from '../packages/i18n/src/locales.ts';
import type { Db } from '../packages/server/src/db/db.ts';
import { openPostgres } from '../packages/server/src/db/postgres.ts';
import { loadAverage, run, type Server, startServer } from './lib/serve.ts';

/**
 * Site page benchmark against the scale database (pnpm bench:data): server render of each public
 * page type (home, sermon, speaker, broadcaster, series, sermon lists, search), measured with wrk
 * on loopback, each over many different rows (bench/lib/rotate.lua rotates through a list of
 * paths), and the site's layout around a static index with no data (/sermons/date: what the
 * chrome alone costs), beside a bare Astro page in the same run: bench/bare-site, a separate tiny Astro
 * project rendering a static 25-row list, built with the same adapter and mounted by the same
 * Fastify application (bench/lib/site-server.ts, which also serves the benchmark's own build
 * of site/ from bench/.site). Then the hot pages with the in-process page
 * cache on.
 *
 *   pnpm bench:pages [--seconds 10] [--connections 10] [--skip-build] [--only sermon,search]
 *                    [--accept-encoding br]
 *
 * Renders are requested without Accept-Encoding (the pages' own cost) unless --accept-encoding
 * is given: browsers send 'gzip, deflate, br', and compressing a fresh page costs CPU too.
 */
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    'skip-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    'accept-encoding': { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const RENDER_HEADERS = args['accept-encoding'] ? [`Accept-Encoding: ${args['accept-encoding']}`] : undefined;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kerygma_bench';
const ROOT = path.resolve(import.meta.dirname, '..');
const LUA = path.join(ROOT, 'bench/lib/rotate.lua');
/** The benchmark's own build of site/ (dist/ may be rebuilt by someone else mid-run). */
const SITE_BUILD = path.join(ROOT, 'bench/.site');
const BARE_BUILD = path.join(ROOT, 'bench/bare-site');
const SERVER = 'bench/lib/site-server.ts';
/**
 * Targets as ratios to the bare page in the same run (absolute figures move with the machine):
 * a page type's p95 at most 4 times the bare page's (search 5 times), cached hot pages at
 * least 10 times its req/s.
 */
const TARGET_P95_RATIO = 4;
const TARGET_SEARCH_P95_RATIO = 5;
const TARGET_CACHED_RATIO = 10;

type Scenario = {
  name: string;
  paths: string[];
  server: 'bare' | 'site';
  headers?: string[] | undefined;
  /** wrk connections when not --connections. */
  connections?: number;
};
type WrkResult = {
  requests: number;
  durationUs: number;
  bytes: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: Record<'connect' | 'read' | 'write' | 'status' | 'timeout', number>;
};
/** `cpuMs`: the server process's CPU milliseconds (user + system) per answer during the run. */
type Row = { scenario: Scenario; result: WrkResult; load: string; cpuMs: number };

/** CPU time of a process so far, in ms (Linux: utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const shuffle = <T>(items: T[]) => {
  // Deterministic order (same run, same sequence), not sorted by id.
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
};

async function pickPaths(db: Db) {
  const ids = async (sql: string) => (await db.query<{ id: string }>(sql)).map((r) => encodeURIComponent(r.id));
  const sermons = await ids(
    `SELECT sermon_id::text id FROM sermon TABLESAMPLE SYSTEM (0.2) WHERE publish_timestamp <= now() LIMIT 2000`,
  );
  // Speakers, broadcasters and series weighted towards those with sermons (what people open).
  const speakers = await ids(
    `SELECT speaker_id::text id FROM speaker WHERE NOT placeholder AND sermon_count > 0
      ORDER BY hashint4(speaker_id::int4) LIMIT 500`,
  );
  const broadcasters = await ids(
    `SELECT broadcaster_id id FROM broadcaster WHERE sermon_count > 0 ORDER BY hashtext(broadcaster_id) LIMIT 500`,
  );
  const series = await ids(
    `SELECT series_id::text id FROM series WHERE sermon_count > 0 ORDER BY hashint8(series_id) LIMIT 500`,
  );
  // The scale data's twelve largest languages (bench/lib/vocab.ts LANGUAGE_SHARE).
  const languages = ['en', 'es', 'pt', 'de', 'ko', 'fr', 'ro', 'ru', 'zh', 'nl', 'it', 'hu'];
  const books = ['GEN', 'PSA', 'ISA', 'MAT', 'JHN', 'ROM', 'EPH', 'HEB', 'REV', '1CO'];
  // Words of sermon titles: the 20 commonest (hundreds of thousands of matches), 10 of middle
  // frequency (about 4,000-30,000 matches: the costliest to search, bench/README.md) and 20 rare ones.
  const words = await db.query<{ word: string }>(
    `(SELECT word FROM ts_stat('SELECT search_vector FROM sermon TABLESAMPLE SYSTEM (0.5)')
       WHERE length(word) > 3 AND word ~ '^[a-z]+$' ORDER BY ndoc DESC LIMIT 20)
     UNION ALL
     (SELECT word FROM ts_stat('SELECT search_vector FROM sermon TABLESAMPLE SYSTEM (0.5)')
       WHERE ndoc BETWEEN 20 AND 150 AND length(word) > 4 AND word ~ '^[a-z]+$' ORDER BY word LIMIT 10)
     UNION ALL
     (SELECT word FROM ts_stat('SELECT search_vector FROM sermon TABLESAMPLE SYSTEM (0.5)')
       WHERE ndoc BETWEEN 2 AND 3 AND length(word) > 5 AND word ~ '^[a-z]+$' ORDER BY word LIMIT 20)`,
  );
  return {
    // The site's layout around a static index: no database at all (what the chrome alone costs).
    'no data (/sermons/date)': ['/sermons/date'],
    home: LOCALES.map((l) => l.prefix || '/'),
    sermon: sermons.map((id) => `/sermons/${id}`),
    speaker: speakers.map((id) => `/speakers/${id}`),
    broadcaster: broadcasters.map((id) => `/broadcasters/${id}`),
    series: series.map((id) => `/series/${id}`),
    sermons: ['/sermons', ...Array.from({ length: 9 }, (_, i) => `/sermons?page=${i + 2}`)],
    filtered: shuffle(
      languages.flatMap((code) => [`/sermons?languageCode=${code}`, ...books.map((b) => `/sermons?book=${b}`)]),
    ).slice(0, 60),
    search: shuffle(words.map((w) => `/search?q=${encodeURIComponent(w.word)}`)),
    // Passages as listeners type them: the most preached chapters and verses, in several languages.
    'search by passage': [
      'Romans 8',
      'John 3:16',
      'Psalm 23',
      'Romans 8:28-30',
      'Matthew 5-7',
      'Röm 8,28',
      'Juan 3:16',
      '요한복음 3:16',
      'grace Romans 8',
      'Ephesians 2:8-9',
    ].map((q) => `/search?q=${encodeURIComponent(q)}`),
  };
}

async function wrk(
  origin: string,
  file: string,
  seconds: number,
  headers: string[] = [],
  connections = CONNECTIONS,
): Promise<WrkResult> {
  const { stdout } = await run(
    'wrk',
    ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', LUA, origin, '--', file, ...headers],
    { maxBuffer: 1 << 20 },
  );
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as WrkResult;
}

const ms = (us: number) => (us / 1000).toFixed(1);
const rps = (r: WrkResult) => r.requests / (r.durationUs / 1e6);
const errors = (r: WrkResult) => Object.values(r.errors).reduce((a, b) => a + b, 0);

async function main() {
  if (!args['skip-build']) {
    console.log('Building the site and the bare page…');
    await run(path.join(ROOT, 'node_modules/.bin/astro'), ['build', '--outDir', path.join(SITE_BUILD, 'dist')], {
      cwd: ROOT,
    });
    await run(path.join(ROOT, 'node_modules/.bin/astro'), ['build', '--root', 'bench/bare-site'], { cwd: ROOT });
  }
  const db = openPostgres(DATABASE_URL, 2);
  const [count] = await db.query<{ n: number; buffers: string }>(
    "SELECT reltuples::int8 n, current_setting('shared_buffers') buffers FROM pg_class WHERE relname = 'sermon'",
  );
  const p = await pickPaths(db);
  await db.close();

  const dir = mkdtempSync(path.join(tmpdir(), 'kerygma-bench-pages-'));
  const fileOf = (s: Scenario) => {
    const file = path.join(dir, `${s.name.replace(/\W+/g, '-')}.txt`);
    writeFileSync(file, `${s.paths.join('\n')}\n`);
    return file;
  };

  const bare: Scenario = {
    name: 'bare Astro page (25 static rows)',
    paths: ['/'],
    server: 'bare',
    headers: RENDER_HEADERS,
  };
  const only = args.only?.split(',');
  const pages: Scenario[] = (
    [
      ['no data (/sermons/date)', p['no data (/sermons/date)']],
      ['home', p.home],
      ['sermon', p.sermon],
      ['speaker', p.speaker],
      ['broadcaster', p.broadcaster],
      ['series', p.series],
      ['sermons', p.sermons],
      ['filtered', p.filtered],
      ['search', p.search],
      ['search by passage', p['search by passage']],
    ] as const
  )
    .filter(([name]) => !only || only.includes(name))
    .map(([name, paths]) => ({ name, paths: [...paths], server: 'site' as const, headers: RENDER_HEADERS }));

  // The database's memory moves search figures by a quarter (bench/README.md, fourth search pass).
  console.log(
    `Database ${DATABASE_URL} (~${(count?.n ?? 0).toLocaleString('en')} sermons, shared_buffers ${count?.buffers})`,
  );
  console.log(
    `wrk -t1 -c${CONNECTIONS}, ${WARMUP} s warm-up + ${SECONDS} s per page type; latencies in ms; renders ${RENDER_HEADERS ? `with ${RENDER_HEADERS[0]}` : 'without Accept-Encoding'}\n`,
  );

  const servers: Server[] = [];
  const stopAll = () => Promise.all(servers.splice(0).map((s) => s.stop()));
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    const env = { PAGE_CACHE_MB: '0' };
    const [bareServer, site] = await Promise.all([
      startServer({ port: 4396, databaseUrl: DATABASE_URL, env: { ...env, SITE_ROOT: BARE_BUILD }, script: SERVER }),
      startServer({ port: 4398, databaseUrl: DATABASE_URL, env: { ...env, SITE_ROOT: SITE_BUILD }, script: SERVER }),
    ]);
    servers.push(bareServer, site);
    const serverOf = (s: Scenario) => (s.server === 'bare' ? bareServer : site);

    // Steady state: each server computes its catalogue totals in the background on start.
    await Promise.all([bareServer, site].map((s) => fetch(`${s.origin}/api/v2/node/discover/sastats`)));
    // Every list must answer 200 (a 404 page would be a fast, wrong measurement).
    for (const s of pages) {
      for (const sample of s.paths.slice(0, 3)) {
        const res = await fetch(`${site.origin}${sample}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${sample} answered ${res.status}`);
      }
    }

    const rows: Row[] = [];
    const measure = async (s: Scenario, server: Server) => {
      const file = fileOf(s);
      if (WARMUP > 0) await wrk(server.origin, file, WARMUP, s.headers, s.connections);
      const load = loadAverage();
      const cpuBefore = cpuTimeMs(server.pid);
      const result = await wrk(server.origin, file, SECONDS, s.headers, s.connections);
      const cpuMs = (cpuTimeMs(server.pid) - cpuBefore) / Math.max(1, result.requests);
      rows.push({ scenario: s, result, load, cpuMs });
      console.log(
        `  ${s.name.padEnd(36)} p50 ${ms(result.p50).padStart(6)}  p95 ${ms(result.p95).padStart(6)}  ${rps(result).toFixed(0).padStart(6)} req/s  ${cpuMs.toFixed(2)} CPU ms/answer  load ${load}`,
      );
    };
    console.log('Render (page cache off):');
    await measure(bare, bareServer);
    for (const s of pages) await measure(s, serverOf(s));
    await measure({ ...bare, name: `${bare.name}, again` }, bareServer);
    await stopAll();

    // Hot pages with the in-process cache on (its defaults): the pages people open most.
    const cached = await startServer({
      port: 4398,
      databaseUrl: DATABASE_URL,
      env: { SITE_ROOT: SITE_BUILD },
      script: SERVER,
    });
    servers.push(cached);
    await fetch(`${cached.origin}/api/v2/node/discover/sastats`);
    const hot = [
      ...p.home.slice(0, 3),
      '/sermons',
      ...p.sermon.slice(0, 10),
      ...p.speaker.slice(0, 3),
      '/search?q=grace',
    ];
    const hotRows: Row[] = [];
    const measureHot = async (s: Scenario) => {
      const before = rows.length;
      await measure(s, cached);
      hotRows.push(rows.splice(before, 1)[0] as Row);
    };
    console.log(`\nHot pages from the page cache (${hot.length} pages):`);
    await measureHot({ name: 'cached, no compression', paths: hot, server: 'site' });
    await measureHot({
      name: 'cached, Accept-Encoding: br',
      paths: hot,
      server: 'site',
      headers: ['Accept-Encoding: br'],
    });
    // As on a live site, hits arrive while other pages render: a hit waits for the main thread,
    // so what a render does there (compression was done there once) shows in the hits' latency.
    const beside: Scenario = {
      name: 'sermons rendered beside',
      paths: p.sermon,
      server: 'site',
      headers: ['Accept-Encoding: br'],
    };
    const [, renders] = await Promise.all([
      measureHot({
        name: 'cached, br, 2 connections, while 6 render sermons (br)',
        paths: hot,
        server: 'site',
        headers: ['Accept-Encoding: br'],
        connections: 2,
      }),
      wrk(cached.origin, fileOf(beside), WARMUP + SECONDS + 1, beside.headers, 6),
    ]);
    console.log(`    (the sermon renders beside it: ${rps(renders).toFixed(0)} req/s, p95 ${ms(renders.p95)} ms)`);
    await stopAll();

    printTable(rows, hotRows);
  } finally {
    await stopAll();
  }
}

function printTable(rows: Row[], hotRows: Row[]) {
  const bareRows = rows.filter((r) => r.scenario.server === 'bare');
  const mean = (f: (r: Row) => number) => bareRows.reduce((sum, r) => sum + f(r), 0) / Math.max(1, bareRows.length);
  const bareRps = mean((r) => rps(r.result));
  const bareP95 = mean((r) => r.result.p95);
  const bareCpu = mean((r) => r.cpuMs);
  console.log(
    `\nBare page: ${bareRps.toFixed(0)} req/s, p95 ${ms(bareP95)} ms, ${bareCpu.toFixed(2)} CPU ms per answer (mean of ${bareRows.length} runs).`,
  );
  console.log(
    `Targets: p95 at most ${TARGET_P95_RATIO}× the bare page's (search ${TARGET_SEARCH_P95_RATIO}×); cached hot pages at least ${TARGET_CACHED_RATIO}× its req/s.\n`,
  );
  console.log(
    '| page type | paths | p50 ms | p95 ms | p99 ms | req/s | × bare req/s | p95 × bare | CPU ms/render | CPU × bare | errors | load (1/5/15 min) | target |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  for (const { scenario: s, result: r, load, cpuMs } of rows) {
    const limit = s.name.startsWith('search') ? TARGET_SEARCH_P95_RATIO : TARGET_P95_RATIO;
    const p95Ratio = r.p95 / bareP95;
    const verdict = s.server === 'bare' ? '' : p95Ratio <= limit ? `ok (≤ ${limit}×)` : `**missed** (≤ ${limit}×)`;
    console.log(
      `| ${s.name} | ${s.paths.length} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${rps(r).toFixed(0)} | ${(rps(r) / bareRps).toFixed(2)} | ${p95Ratio.toFixed(1)} | ${cpuMs.toFixed(2)} | ${(cpuMs / bareCpu).toFixed(1)} | ${errors(r)} | ${load} | ${verdict} |`,
    );
  }
  console.log(
    '\n| cached hot pages | paths | p50 ms | p95 ms | req/s | × bare req/s | MB/s | errors | load | target |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  for (const { scenario: s, result: r, load } of hotRows) {
    const ratio = rps(r) / bareRps;
    const verdict = s.connections
      ? ''
      : `${ratio >= TARGET_CACHED_RATIO ? 'ok' : '**missed**'} (≥ ${TARGET_CACHED_RATIO}×)`;
    console.log(
      `| ${s.name} | ${s.paths.length} | ${ms(r.p50)} | ${ms(r.p95)} | ${rps(r).toFixed(0)} | ${ratio.toFixed(1)} | ${(r.bytes / 1e6 / (r.durationUs / 1e6)).toFixed(0)} | ${errors(r)} | ${load} | ${verdict} |`,
    );
  }
}

await main();
