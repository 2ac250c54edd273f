import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { openPostgres } from '../packages/server/src/db/postgres.ts';
import { httpLoad } from './lib/load.ts';
import { startServer } from './lib/serve.ts';

/**
 * The dashboard's sermon list (GET node/broadcasters/{id}/legacy-sermon-list, sermon-editing/)
 * of the largest broadcaster of the scale database (pnpm bench:data: about 40,000 sermons)
 * against the public sermon list of the same broadcaster (GET node/sermons?broadcasterID=), in
 * the same run, through the real server: first pages, and pages at every depth down to the
 * last by their `next` cursors. Prints p50/p95/p99 in ms and the ratio of the p95s (target: at
 * most 2). The manager is made straight in the tables (a session with a known token) and
 * deleted at the end.
 *
 *   node bench/dashboard-sermon-list.ts [--seconds 10] [--connections 10]
 */
const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kerygma_bench';
const PORT = 4601;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const USERNAME = 'benchdashboard';
const PAGE_SIZE = 25;

/** Follows `next` from `first` to the end; the path of every page after the first. */
async function walk(first: string, headers: Record<string, string>): Promise<string[]> {
  const pages: string[] = [];
  let next: string | null = first;
  while (next) {
    const res: Response = await fetch(`${ORIGIN}${next}`, { headers });
    if (!res.ok) throw new Error(`${next}: ${res.status} ${await res.text()}`);
    const url: string | null = ((await res.json()) as { next: string | null }).next;
    next = url ? new URL(url).pathname + new URL(url).search : null;
    if (next) pages.push(next);
  }
  return pages;
}

async function main() {
  // The first start on a database without migration 0042 builds the dashboard's indexes.
  const server = await startServer({
    port: PORT,
    databaseUrl: DATABASE_URL,
    args: ['--role', 'web'],
    timeoutMs: 900_000,
  });
  const db = openPostgres(DATABASE_URL, 2);
  try {
    const [largest] = await db.query<{ broadcaster_id: string; n: number }>(
      'SELECT broadcaster_id, count(*)::int n FROM sermon GROUP BY broadcaster_id ORDER BY n DESC LIMIT 1',
    );
    const broadcasterId = largest?.broadcaster_id as string;
    await db.query('DELETE FROM app_user WHERE username = $1', [USERNAME]);
    const [user] = await db.query<{ user_id: number }>(
      `INSERT INTO app_user (username, email, password_hash, verified) VALUES ($1, $1 || '@example.org', 'x', true)
       RETURNING user_id`,
      [USERNAME],
    );
    const token = randomBytes(32).toString('base64url');
    const digest = (t: string) => createHash('sha256').update(t).digest();
    await db.query(
      `INSERT INTO user_session (family_id, user_id, access_hash, access_expires_at, refresh_hash, refresh_expires_at, remember, created_at)
       VALUES ($1, $2, $3, now() + interval '1 day', $4, now() + interval '1 day', false, now())`,
      [randomUUID(), user?.user_id, digest(token), digest(randomBytes(32).toString('base64url'))],
    );
    await db.query('INSERT INTO user_broadcaster_role (user_id, broadcaster_id, role) VALUES ($1, $2, 3)', [
      user?.user_id,
      broadcasterId,
    ]);
    const signedIn = { authorization: `Bearer ${token}` };
    console.log(`Database: ${DATABASE_URL}; broadcaster ${broadcasterId}, ${largest?.n.toLocaleString('en')} sermons`);

    const dashboard = `/api/v2/node/broadcasters/${broadcasterId}/legacy-sermon-list?pageSize=${PAGE_SIZE}`;
    const publicList = `/api/v2/node/sermons?broadcasterID=${broadcasterId}&pageSize=${PAGE_SIZE}`;
    const started = performance.now();
    const dashboardPages = await walk(dashboard, signedIn);
    const publicPages = await walk(publicList, {});
    console.log(
      `Walked ${dashboardPages.length + 1} dashboard pages and ${publicPages.length + 1} public pages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // Every depth, the last page included, and the first pages (which count) among them.
    const spread = (pages: string[], first: string) => [
      first,
      ...pages.filter((_, i) => i % 10 === 0),
      pages.at(-1) as string,
    ];
    const scenarios: [string, string[], Record<string, string>][] = [
      ['public list, first pages and every depth', spread(publicPages, publicList), {}],
      ['dashboard list, first pages and every depth', spread(dashboardPages, dashboard), signedIn],
      ['public list, the last page', [publicPages.at(-1) as string], {}],
      ['dashboard list, the last page', [dashboardPages.at(-1) as string], signedIn],
      [
        'dashboard list, drafts and scheduled (filtered)',
        [`${dashboard}&state=draft`, `${dashboard}&state=scheduled`],
        signedIn,
      ],
      ['dashboard list, by title', [`${dashboard}&sortBy=title`], signedIn],
      [
        'dashboard list, searched (common words)',
        [`${dashboard}&search=grace`, `${dashboard}&search=romans`],
        signedIn,
      ],
      ['dashboard list, searched (a common name)', [`${dashboard}&search=john`], signedIn],
      ['dashboard list, searched (words in none)', [`${dashboard}&search=qzxv`, `${dashboard}&search=zwkj`], signedIn],
    ];
    console.log(`\n${CONNECTIONS} concurrent clients, ${SECONDS} s per list; latencies in ms\n`);
    console.log(
      `${'list'.padEnd(50)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'req/s'.padStart(7)} errors`,
    );
    const p95: number[] = [];
    for (const [name, paths, headers] of scenarios) {
      await httpLoad(ORIGIN, paths.slice(0, 20), CONNECTIONS, 1, headers); // warm the plans and the pool
      const r = await httpLoad(ORIGIN, paths, CONNECTIONS, SECONDS, headers);
      p95.push(r.p95);
      console.log(
        `${name.padEnd(50)} ${r.p50.toFixed(2).padStart(7)} ${r.p95.toFixed(2).padStart(7)} ${r.p99.toFixed(2).padStart(7)} ${(r.requests / r.seconds).toFixed(0).padStart(7)} ${r.errors}`,
      );
    }
    const ratio = (p95[1] as number) / (p95[0] as number);
    console.log(`\np95 dashboard / public, first pages and every depth: ${ratio.toFixed(2)} (target: at most 2)`);
  } finally {
    await db.query('DELETE FROM app_user WHERE username = $1', [USERNAME]);
    await db.close();
    await server.stop();
  }
}

await main();
