import { parseArgs } from 'node:util';
import { entityCache } from '../packages/server/src/catalogue/entity-cache.ts';
import { openPostgres } from '../packages/server/src/db/postgres.ts';
import { feedContent } from '../packages/server/src/feeds/feed-content.ts';
import { rssFeed } from '../packages/server/src/feeds/rss.ts';
import { httpLoad, summarise } from './lib/load.ts';
import { loadAverage, startServer } from './lib/serve.ts';

/**
 * Podcast feeds at scale (issue 25), against the scale database (pnpm bench:data): the feed of
 * the broadcaster with the most sermons (about 40,000 at 2.1M), which every sermon of gets the
 * three files an encode makes (mp3 high and low, HLS) for the run (removed at the end).
 *
 * - uncached: the feed written from the database, as on a cache miss (feedContent + rssFeed
 *   through the server's own code and a pool like the server's), one client after another, p50/p95;
 * - 304: podcast apps' usual poll, through the real server process over HTTP with the feed's
 *   ETag, `--connections` clients for `--seconds`, in requests per second.
 *
 *   node bench/feeds.ts [--seconds 10] [--connections 20] [--runs 200]
 */
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    runs: { type: 'string', default: '200' },
  },
});
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kerygma_bench';
const PORT = 4791;
const MARK = 'bench-feed/';

const db = openPostgres(DATABASE_URL, 10);
const [largest] = await db.query<{ broadcaster_id: string; n: number }>(
  'SELECT broadcaster_id, sermon_count AS n FROM broadcaster ORDER BY sermon_count DESC LIMIT 1',
);
if (!largest) throw new Error('no broadcasters: run pnpm bench:data first');
console.log(`largest broadcaster: ${largest.broadcaster_id}, ${largest.n} sermons; load ${loadAverage()}`);
await db.query(
  `INSERT INTO media_item (sermon_id, media_type, quality, storage_key, file_size_bytes, bitrate, duration_seconds, audio_codec, adaptive)
   SELECT s.sermon_id, x.t, x.q, '${MARK}' || s.sermon_id || x.k, x.size, x.rate, s.audio_duration_seconds, x.codec, x.adaptive
     FROM sermon s CROSS JOIN (VALUES
       ('mp3', 'high', '/audio-high.mp3', 30000000, 96000, 'mp3', false),
       ('mp3', 'low', '/audio-low.mp3', 8000000, 32000, 'mp3', false),
       ('aac', NULL, '/hls/audio.m3u8', NULL, 64000, 'aac', true)) x(t, q, k, size, rate, codec, adaptive)
    WHERE s.broadcaster_id = $1 AND NOT EXISTS (SELECT 1 FROM media_item m WHERE m.sermon_id = s.sermon_id)`,
  [largest.broadcaster_id],
);
await db.query('ANALYZE media_item');

try {
  const entities = entityCache(db);
  const urls = { origin: 'http://127.0.0.1' };
  const request = {
    owner: 'broadcaster',
    id: largest.broadcaster_id,
    format: 'rss',
    page: 1,
    after: undefined,
  } as const;
  let bytes = 0;
  let items = 0;
  const write = async () => {
    const model = await feedContent({ db, entities, websubHub: null }, urls, request);
    if (!model) throw new Error('no feed');
    items = model.items.length;
    bytes = Buffer.byteLength(rssFeed(model));
  };
  for (let i = 0; i < 20; i++) await write(); // warm: plans, the entity cache, the JIT
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < Number(args.runs); i++) {
    const start = performance.now();
    await write();
    latencies.push(performance.now() - start);
  }
  const uncached = summarise(latencies, 0, (performance.now() - started) / 1000);
  console.log(
    `uncached feed (${items} items, ${(bytes / 1024).toFixed(0)} KB): p50 ${uncached.p50.toFixed(1)} ms, p95 ${uncached.p95.toFixed(1)} ms (${uncached.requests} writes)`,
  );

  const server = await startServer({ port: PORT, databaseUrl: DATABASE_URL });
  try {
    const path = `/feeds/broadcaster/${largest.broadcaster_id}.rss`;
    const first = await fetch(server.origin + path);
    const etag = first.headers.get('etag') ?? '';
    await first.arrayBuffer();
    const notModified = await httpLoad(
      server.origin,
      [path],
      Number(args.connections),
      Number(args.seconds),
      { 'if-none-match': etag },
      304,
    );
    console.log(
      `304 answers: ${(notModified.requests / notModified.seconds).toFixed(0)} req/s, p50 ${notModified.p50.toFixed(2)} ms, p95 ${notModified.p95.toFixed(2)} ms, ${notModified.errors} errors (${args.connections} connections, load ${loadAverage()})`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await db.query(`DELETE FROM media_item WHERE storage_key LIKE '${MARK}%'`);
  await db.close();
}
