import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import type { Db } from '../packages/server/src/db/db.ts';
import { openPostgres } from '../packages/server/src/db/postgres.ts';
import { type LoadResult, summarise } from './lib/load.ts';
import { startServer } from './lib/serve.ts';

/**
 * The listener's library under load (packages/server/src/library/), against the scale database
 * (pnpm bench:data): signed-in users who each follow 200 things (50 broadcasters, 100 speakers,
 * 50 series, popular ones likelier) and 200 sermons, with 500 sermons of play history, call the
 * follow-state, history, feed and list calls through the real server process, 10 concurrent
 * clients by default, each request as the next user (Bearer tokens). Prints p50/p95/p99 in ms
 * and the feed query's plan for one user. The users are made straight in the tables (sessions
 * with known tokens: signing 50 people in through argon2 would measure argon2) and deleted at
 * the end.
 *
 *   node bench/library-calls.ts [--seconds 10] [--connections 10] [--users 50]
 */
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    users: { type: 'string', default: '50' },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const USERS = Number(args.users);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kerygma_bench';
const PORT = 4398;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PREFIX = 'benchlibrary';

type Bench = { token: string; userId: number; sermons: string[]; history: string[] };

/** The users, each with a session whose access token we know, and what they follow. */
async function makeUsers(db: Db): Promise<Bench[]> {
  await db.query(`DELETE FROM app_user WHERE username LIKE '${PREFIX}%'`);
  const users: Bench[] = [];
  for (let i = 0; i < USERS; i++) {
    const [row] = await db.query<{ user_id: number }>(
      `INSERT INTO app_user (username, email, password_hash, verified) VALUES ($1, $2, 'x', true) RETURNING user_id`,
      [`${PREFIX}${i}`, `${PREFIX}${i}@example.org`],
    );
    const userId = row?.user_id as number;
    const token = randomBytes(32).toString('base64url');
    const digest = (t: string) => createHash('sha256').update(t).digest();
    await db.query(
      `INSERT INTO user_session (family_id, user_id, access_hash, access_expires_at, refresh_hash, refresh_expires_at, remember, created_at)
       VALUES ($1, $2, $3, now() + interval '1 day', $4, now() + interval '1 day', false, now())`,
      [randomUUID(), userId, digest(token), digest(randomBytes(32).toString('base64url'))],
    );
    // Popular things likelier: a random pick among the top by sermon count, weighted to the top.
    await db.query(
      `INSERT INTO follow_broadcaster SELECT $1, broadcaster_id, now() - random() * interval '1 year'
       FROM (SELECT broadcaster_id FROM broadcaster ORDER BY sermon_count DESC LIMIT 2000) b ORDER BY random() LIMIT 50`,
      [userId],
    );
    await db.query(
      `INSERT INTO follow_speaker SELECT $1, speaker_id, now() - random() * interval '1 year'
       FROM (SELECT speaker_id FROM speaker WHERE NOT placeholder ORDER BY sermon_count DESC LIMIT 5000) s ORDER BY random() LIMIT 100`,
      [userId],
    );
    await db.query(
      `INSERT INTO follow_series SELECT $1, series_id, now() - random() * interval '1 year'
       FROM (SELECT series_id FROM series TABLESAMPLE SYSTEM (1) LIMIT 500) s ORDER BY random() LIMIT 50`,
      [userId],
    );
    const sample = await db.query<{ sermon_id: string }>(
      'SELECT sermon_id FROM sermon TABLESAMPLE SYSTEM (0.1) WHERE publish_timestamp <= now() LIMIT 700',
    );
    const ids = sample.map((r) => r.sermon_id);
    const sermons = ids.slice(0, 200);
    const history = ids.slice(200, 700);
    await db.query(
      `INSERT INTO follow_sermon SELECT $1, id, now() - random() * interval '1 year' FROM unnest($2::text[]) id ON CONFLICT DO NOTHING`,
      [userId, sermons],
    );
    await db.query(
      `INSERT INTO play_history SELECT $1, id, random() * 3000, now() - random() * interval '1 year' FROM unnest($2::text[]) id
       ON CONFLICT DO NOTHING`,
      [userId, history],
    );
    users.push({ token, userId, sermons, history });
  }
  // As autovacuum would have: statistics, and the visibility map that lets the key reads be index-only.
  await db.query('VACUUM (ANALYZE) follow_broadcaster, follow_speaker, follow_series, follow_sermon, play_history');
  return users;
}

type Request = { method: 'GET' | 'POST'; path: string; token: string; body?: string };

/** `connections` keep-alive clients, each request the next one of `requests`, for `seconds`. */
async function load(requests: Request[], connections: number, seconds: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  const send = (r: Request) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        `${ORIGIN}${r.path}`,
        {
          method: r.method,
          agent,
          headers: {
            authorization: `Bearer ${r.token}`,
            ...(r.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(r.body) } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(r.body);
    });
  const worker = async () => {
    while (performance.now() < deadline) {
      const r = requests[next++ % requests.length] as Request;
      const start = performance.now();
      const status = await send(r);
      const ms = performance.now() - start;
      if (status === 200) latencies.push(ms);
      else errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return summarise(latencies, errors, (performance.now() - started) / 1000);
}

const pick = <T>(list: T[], i: number) => list[i % list.length] as T;

async function main() {
  // The first start on a database without migration 0040 builds its three sermon indexes.
  const server = await startServer({
    port: PORT,
    databaseUrl: DATABASE_URL,
    args: ['--role', 'web'],
    timeoutMs: 900_000,
  });
  const db = openPostgres(DATABASE_URL, 2);
  try {
    const [sermons] = await db.query<{ n: number }>("SELECT reltuples::int8 n FROM pg_class WHERE relname = 'sermon'");
    console.log(`Database: ${DATABASE_URL} (~${(sermons?.n ?? 0).toLocaleString('en')} sermons)`);
    const users = await makeUsers(db);
    console.log(
      `${USERS} users, each following 50 broadcasters, 100 speakers, 50 series and 200 sermons, 500 sermons of history`,
    );
    const [reach] = await db.query<{ n: number }>(
      `SELECT count(DISTINCT s.sermon_id)::int8 n FROM sermon s WHERE s.broadcaster_id IN (SELECT broadcaster_id FROM follow_broadcaster WHERE user_id = $1)
         OR s.speaker_id IN (SELECT speaker_id FROM follow_speaker WHERE user_id = $1)
         OR s.series_id IN (SELECT series_id FROM follow_series WHERE user_id = $1)`,
      [users[0]?.userId],
    );
    console.log(`The first user's feed reaches ${(reach?.n ?? 0).toLocaleString('en')} sermons`);

    // The feed's second page: its cursor from each user's first page.
    const secondPages: Request[] = [];
    for (const u of users.slice(0, 20)) {
      const res = await fetch(`${ORIGIN}/api/v2/site/users/feeds`, { headers: { authorization: `Bearer ${u.token}` } });
      const next = ((await res.json()) as { next: string | null }).next;
      if (next)
        secondPages.push({ method: 'GET', path: new URL(next).pathname + new URL(next).search, token: u.token });
    }

    const api = '/api/v2/site';
    const many = (make: (u: Bench, i: number) => Request) =>
      Array.from({ length: USERS * 4 }, (_, i) => make(users[i % USERS] as Bench, i));
    const scenarios: [string, Request[]][] = [
      [
        'follow state, all at once (GET users/follows)',
        many((u) => ({ method: 'GET', path: `${api}/users/follows`, token: u.token })),
      ],
      [
        'follow state, one sermon (GET sermons/{id}/followed)',
        many((u, i) => ({ method: 'GET', path: `${api}/sermons/${pick(u.sermons, i * 7)}/followed`, token: u.token })),
      ],
      [
        'play position (GET history/sermons/{id})',
        many((u, i) => ({ method: 'GET', path: `${api}/history/sermons/${pick(u.history, i * 13)}`, token: u.token })),
      ],
      [
        'record play (POST history/sermons/{id})',
        many((u, i) => ({
          method: 'POST',
          path: `${api}/history/sermons/${pick(u.history, i * 13)}`,
          token: u.token,
          body: JSON.stringify({ play_position: i % 3000 }),
        })),
      ],
      [
        'history, first page (GET history/sermons)',
        many((u) => ({ method: 'GET', path: `${api}/history/sermons`, token: u.token })),
      ],
      [
        'feed, first page (GET users/feeds)',
        many((u) => ({ method: 'GET', path: `${api}/users/feeds`, token: u.token })),
      ],
      ['feed, second page (cursor)', secondPages],
      [
        'followed broadcasters (GET users/broadcasters)',
        many((u) => ({ method: 'GET', path: `${api}/users/broadcasters`, token: u.token })),
      ],
      [
        'followed sermons (GET users/sermons)',
        many((u) => ({ method: 'GET', path: `${api}/users/sermons`, token: u.token })),
      ],
    ];
    console.log(`\n${CONNECTIONS} concurrent clients, ${SECONDS} s per call; latencies in ms\n`);
    console.log(
      `${'call'.padEnd(54)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'req/s'.padStart(7)} errors`,
    );
    for (const [name, requests] of scenarios) {
      await load(requests.slice(0, 20), CONNECTIONS, 1); // warm the plans and the pool
      const r = await load(requests, CONNECTIONS, SECONDS);
      console.log(
        `${name.padEnd(54)} ${r.p50.toFixed(2).padStart(7)} ${r.p95.toFixed(2).padStart(7)} ${r.p99.toFixed(2).padStart(7)} ${(r.requests / r.seconds).toFixed(0).padStart(7)} ${r.errors}`,
      );
    }

    // What each call's statements read, for one user: buffers do not depend on how busy the machine is.
    const q = await import('../packages/server/src/library/library.queries.ts');
    const u = users[0] as Bench;
    const explained = async (name: string, run: (db: Db) => Promise<unknown>) => {
      const lines: string[] = [];
      const explaining = {
        ...db,
        query: async (sql: string, params?: unknown[]) => {
          const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
          lines.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
          return [];
        },
      } as unknown as Db;
      await run(explaining).catch(() => {});
      const sum = (re: RegExp) =>
        lines.reduce((n, plan) => n + Number(re.exec(plan.split('\n').find((l) => re.test(l)) ?? '')?.[1] ?? 0), 0);
      console.log(
        `${name.padEnd(54)} ${String(sum(/^ *Buffers: shared hit=(\d+)/)).padStart(8)} ${sum(/Planning Time: ([\d.]+)/)
          .toFixed(2)
          .padStart(9)} ${sum(/Execution Time: ([\d.]+)/)
          .toFixed(2)
          .padStart(9)}`,
      );
    };
    console.log(`\nStatements of one call for user ${u.userId} (EXPLAIN ANALYZE, second run)`);
    console.log(`${'call'.padEnd(54)} ${'buffers'.padStart(8)} ${'plan ms'.padStart(9)} ${'exec ms'.padStart(9)}`);
    const calls: [string, (d: Db) => Promise<unknown>][] = [
      ['follow state, all at once', (d) => q.userFollows(d, u.userId)],
      ['follow state, one sermon', (d) => q.followState(d, 'sermon', u.userId, u.sermons[0] as string)],
      ['play position', (d) => q.playPosition(d, u.userId, u.history[0] as string)],
      ['history, first page', (d) => q.listPage(d, 'history', u.userId, { after: undefined, offset: 0, pageSize: 25 })],
      ['feed, first page', (d) => q.feedPage(d, u.userId, { limit: 26 })],
    ];
    for (const [name, run] of calls) {
      await run(db); // warm
      await explained(name, run);
    }
  } finally {
    await db.query(`DELETE FROM app_user WHERE username LIKE '${PREFIX}%'`);
    await db.close();
    await server.stop();
  }
}

await main();
