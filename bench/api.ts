import { parseArgs } from 'node:util';
import { NUMBERED_ROWS, type SermonSort } from '../packages/domain/src/query.ts';
import { type EntityCache, entityCache } from '../packages/server/src/catalogue/entity-cache.ts';
import { listTotal } from '../packages/server/src/catalogue/totals.ts';
import type { Db } from '../packages/server/src/db/db.ts';
import { openPostgres } from '../packages/server/src/db/postgres.ts';
import {
  listSermons,
  type SermonFilters,
  searchTerms,
  sermonById,
  sermonFrom,
} from '../packages/server/src/sermons/sermons.queries.ts';
import { callLoad, httpLoad, type LoadResult } from './lib/load.ts';
import { startServer } from './lib/serve.ts';

/**
 * API benchmark against the scale database (pnpm bench:data): p50/p95 latency and throughput
 * of the catalogue's hot requests through the real server process (HTTP, 10 concurrent
 * clients), beside the bare SQL of the same queries (the server's own query functions, called
 * directly with the same concurrency).
 *
 *   pnpm bench:api [--seconds 10] [--connections 10]
 */
const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kerygma_bench';
const PORT = 4399;
const ORIGIN = `http://127.0.0.1:${PORT}`;

type Scenario = { name: string; target: string; paths: string[]; sql: (() => Promise<unknown>)[] };

async function pickParameters(db: Db) {
  const one = async <T>(sql: string) => (await db.query<T>(sql))[0] as T;
  const big = await one<{ broadcaster_id: string; sermon_count: number }>(
    'SELECT broadcaster_id, sermon_count FROM broadcaster ORDER BY sermon_count DESC LIMIT 1',
  );
  const mid = await one<{ broadcaster_id: string }>(
    'SELECT broadcaster_id FROM broadcaster WHERE sermon_count BETWEEN 200 AND 2000 ORDER BY broadcaster_id LIMIT 1',
  );
  const speaker = await one<{ speaker_id: number; sermon_count: number }>(
    'SELECT speaker_id, sermon_count FROM speaker WHERE NOT placeholder ORDER BY sermon_count DESC LIMIT 1',
  );
  const ids = (
    await db.query<{ sermon_id: string }>(
      'SELECT sermon_id FROM sermon TABLESAMPLE SYSTEM (0.05) WHERE publish_timestamp <= now() LIMIT 500',
    )
  ).map((r) => r.sermon_id);
  // A rare word: in about one sermon of a 1% sample, so a few hundred in all.
  const rare = await one<{ word: string }>(
    `SELECT word FROM ts_stat('SELECT search_vector FROM sermon TABLESAMPLE SYSTEM (1)')
      WHERE ndoc = 1 AND length(word) > 5 AND word ~ '^[a-z]+$' ORDER BY word LIMIT 1`,
  );
  return { big, mid, speaker, ids, rare: rare?.word ?? 'melchizedek' };
}

/**
 * The SQL the server runs for a list: the page query, and for searches the capped count (lists
 * filtered by one thing read a kept total instead: one primary-key lookup, left out here).
 */
function listCall(db: Db, entities: EntityCache, f: SermonFilters, sort: SermonSort = 'newest') {
  return async () => {
    const params: unknown[] = [];
    const from = sermonFrom(f, params);
    await Promise.all([
      listSermons(db, entities, f, sort, 25, 0, undefined),
      // Totals no kept count holds are counted with the page (searches, staff picks, featured).
      f.search || f.staffPick || f.featured
        ? listTotal(db, { matching: { from, params }, page: 1, pageSize: 25, rows: 25, search: searchTerms(f) })
        : undefined,
    ]);
  };
}

const fmt = (r: LoadResult) =>
  `${r.p50.toFixed(2).padStart(7)} ${r.p95.toFixed(2).padStart(7)} ${(r.requests / r.seconds).toFixed(0).padStart(7)}`;

async function main() {
  const db = openPostgres(DATABASE_URL, CONNECTIONS);
  const [sermons] = await db.query<{ n: number }>("SELECT reltuples::int8 n FROM pg_class WHERE relname = 'sermon'");
  const n = sermons?.n ?? 0;
  const p = await pickParameters(db);
  const entities = entityCache(db);
  console.log(`Database: ${DATABASE_URL} (~${n.toLocaleString('en')} sermons)`);
  console.log(
    `Largest broadcaster ${p.big.broadcaster_id} (${p.big.sermon_count} sermons), top speaker ${p.speaker.speaker_id} (${p.speaker.sermon_count}), rare word '${p.rare}'`,
  );
  console.log(`${CONNECTIONS} concurrent clients, ${SECONDS} s per scenario; latencies in ms\n`);

  const api = '/api/v2/node';
  const lastPage = Math.floor(n / 25);
  // Pages by number reach NUMBERED_ROWS deep (catalogue/keyset.ts); deeper, lists go on by cursor.
  const lastNumbered = Math.min(lastPage, Math.floor(NUMBERED_ROWS / 25));
  const deepPages = Array.from({ length: 50 }, (_, i) => Math.max(1, Math.round(((i + 0.5) / 50) * lastNumbered)));
  const scenarios: Scenario[] = [
    {
      name: 'sermons newest',
      target: 'list',
      paths: [`${api}/sermons?sortBy=newest&lite=true`],
      sql: [listCall(db, entities, {})],
    },
    {
      name: 'sermons by broadcaster',
      target: 'list',
      paths: [`${api}/sermons?broadcasterID=${p.big.broadcaster_id}&sortBy=newest&lite=true`],
      sql: [listCall(db, entities, { broadcasterId: p.big.broadcaster_id })],
    },
    {
      name: 'sermons by speaker',
      target: 'list',
      paths: [`${api}/sermons?speakerID=${p.speaker.speaker_id}&sortBy=newest&lite=true`],
      sql: [listCall(db, entities, { speakerId: p.speaker.speaker_id })],
    },
    {
      name: 'sermons by book (Romans)',
      target: 'list',
      paths: [`${api}/sermons?book=ROM&sortBy=newest&lite=true`],
      sql: [listCall(db, entities, { bookIndex: 44 })],
    },
    {
      name: 'sermons by language (es)',
      target: 'list',
      paths: [`${api}/sermons?languageCode=es&sortBy=newest&lite=true`],
      sql: [listCall(db, entities, { languageCode: 'es' })],
    },
    {
      name: 'sermon detail (full)',
      target: 'list',
      paths: p.ids.map((id) => `${api}/sermons/${id}`),
      sql: p.ids.map((id) => () => sermonById(db, entities, id)),
    },
    {
      name: "search common ('grace')",
      target: 'search',
      paths: [`${api}/search?query=grace&types=sermon`],
      sql: [listCall(db, entities, { search: { text: 'grace', languageCode: 'en' } }, 'relevance')],
    },
    {
      name: `search rare ('${p.rare}')`,
      target: 'search',
      paths: [`${api}/search?query=${encodeURIComponent(p.rare)}&types=sermon`],
      sql: [listCall(db, entities, { search: { text: p.rare, languageCode: 'en' } }, 'relevance')],
    },
    // The home page shows the first five of each (migration 0021).
    {
      name: 'staff picks',
      target: 'list',
      paths: [`${api}/sermons?staffPick=true&sortBy=pickdate&pageSize=5&lite=true`],
      sql: [listCall(db, entities, { staffPick: true }, 'pickdate')],
    },
    {
      name: 'featured sermons',
      target: 'list',
      paths: [`${api}/sermons?featured=true&sortBy=newest&pageSize=5&lite=true`],
      sql: [listCall(db, entities, { featured: true })],
    },
    ...(['series', 'bible', 'lastplayed', 'audioplays', 'videoplays', 'commentcount'] as const).map((sort) => ({
      name: `sermons sorted by ${sort}`,
      target: 'list',
      paths: [`${api}/sermons?sortBy=${sort}&lite=true`],
      sql: [listCall(db, entities, {}, sort)],
    })),
    {
      // Page numbers alone, as the site's page links and search engines ask: 50 spread over the
      // pages a number may open, from the anchors the warm-up read (the first reading is timed above).
      name: 'sermons, deep pages by number',
      target: 'list',
      paths: deepPages.map((page) => `${api}/sermons?sortBy=newest&lite=true&page=${page}`),
      sql: [],
    },
    { name: 'broadcaster detail', target: 'list', paths: [`${api}/broadcasters/${p.mid.broadcaster_id}`], sql: [] },
    {
      name: 'broadcaster series',
      target: 'list',
      paths: [`${api}/broadcasters/${p.big.broadcaster_id}/series`],
      sql: [],
    },
  ];

  const server = await startServer({ port: PORT, databaseUrl: DATABASE_URL, timeoutMs: 60_000 });
  try {
    // Steady state: the server computes its catalogue totals in the background on start.
    await fetch(`${ORIGIN}/api/v2/node/discover/sastats`);
    // The first deep page of a list reads its anchors (catalogue/page-anchors.ts); the next are
    // quick. Past NUMBERED_ROWS a number is refused (400), cheaply: the list goes on by `next`.
    for (const [label, list] of [
      ['newest', `${api}/sermons?sortBy=newest&lite=true`],
      ['English, by series', `${api}/sermons?sortBy=series&languageCode=en&lite=true`],
    ]) {
      const times: string[] = [];
      for (const page of [lastNumbered, lastNumbered - 1, Math.round(lastNumbered / 2), Math.round(lastPage / 2)]) {
        const started = performance.now();
        const res = await fetch(`${ORIGIN}${list}&page=${page}`);
        await res.arrayBuffer();
        times.push(`page ${page} ${res.status} ${(performance.now() - started).toFixed(0)} ms`);
      }
      console.log(`Deep pages by number, ${label}: ${times.join(', ')}`);
    }
    // Show that searches report a total (exact up to 10,000, estimated above).
    for (const s of scenarios.filter((x) => x.target === 'search')) {
      const body = (await (await fetch(`${ORIGIN}${s.paths[0]}`)).json()) as { totalCount: number };
      console.log(`${s.name}: totalCount ${body.totalCount}`);
    }
    // Targets: the HTTP p95 at most twice the same query's SQL p95 at the
    // same concurrency, and the rare word's search SQL no slower than the common word's.
    console.log(
      `\n${'scenario'.padEnd(30)}  HTTP p50     p95   req/s |  SQL p50     p95   req/s | SQL alone p50 | HTTP/SQL p95 | target`,
    );
    const searchSql: Record<string, number> = {};
    for (const s of scenarios) {
      await httpLoad(ORIGIN, s.paths, CONNECTIONS, 1); // warm up
      const http = await httpLoad(ORIGIN, s.paths, CONNECTIONS, SECONDS);
      const sql = s.sql.length ? await callLoad(s.sql, CONNECTIONS, Math.min(SECONDS, 5)) : undefined;
      // One client at a time: what the queries cost without queueing behind each other.
      const alone = s.sql.length ? await callLoad(s.sql, 1, 2) : undefined;
      if (s.target === 'search' && sql) searchSql[s.name] = sql.p95;
      const ratio = sql ? http.p95 / sql.p95 : undefined;
      const row = [
        s.name.padEnd(30),
        fmt(http),
        '|',
        sql ? fmt(sql) : '      -       -       -',
        '|',
        (alone ? alone.p50.toFixed(2) : '-').padStart(13),
        '|',
        (ratio === undefined ? '-' : `${ratio.toFixed(2)}x`).padStart(12),
        '|',
        `${ratio === undefined ? '-' : ratio <= 2 ? 'ok (≤ 2x)' : 'MISSED (≤ 2x)'}${http.errors ? ` errors ${http.errors}` : ''}`,
      ].join(' ');
      console.log(row);
    }
    const [common, rare] = Object.values(searchSql);
    if (common !== undefined && rare !== undefined) {
      console.log(
        `\nSearch SQL p95: rare word ${rare.toFixed(2)} ms, common word ${common.toFixed(2)} ms: ${rare <= common ? 'ok' : 'MISSED'} (rare no slower than common)`,
      );
    }
  } finally {
    await server.stop();
    await db.close();
  }
}

await main();
