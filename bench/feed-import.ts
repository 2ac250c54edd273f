import { parseArgs } from 'node:util';
import { createApiKey } from '../packages/server/src/media/api-keys.ts';
import { buildTestApp } from '../packages/server/src/test/test-app.ts';

/**
 * Importing a 1,000-item feed, metadata only (issue 25: under 30 s): a generated church feed
 * (ten preachers, series by title pattern, a Bible reference in each title, an enclosure per
 * item) read into a preview from its XML, then imported, through the real app on a fresh
 * database (PGlite; PostgreSQL with `--postgres`, at TEST_DATABASE_URL). The media jobs are
 * queued, not run. Prints the seconds of each step.
 *
 *   node bench/feed-import.ts [--items 1000] [--postgres]
 */
const { values: args } = parseArgs({
  options: { items: { type: 'string', default: '1000' }, postgres: { type: 'boolean', default: false } },
});
const ITEMS = Number(args.items);
const BOOKS = ['John', 'Romans', 'Genesis', 'Psalm', 'Acts', 'Mark', 'Hebrews', 'Isaiah'];

function feed(count: number): string {
  const items = Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2000, 0, 2) + i * 7 * 86_400_000).toUTCString();
    const series = `Series ${Math.floor(i / 12) + 1}`;
    const ref = `${BOOKS[i % BOOKS.length]} ${1 + (i % 12)}:${1 + (i % 9)}-${10 + (i % 9)}`;
    return `<item><guid isPermaLink="false">bench-${i}</guid><title>${series}: Sermon ${i} (${ref})</title>
      <pubDate>${day}</pubDate><itunes:author>Preacher ${i % 10}</itunes:author>
      <description><![CDATA[<p>A sermon on <b>${ref}</b>, preached at the morning service.</p>]]></description>
      <itunes:duration>45:${String(i % 60).padStart(2, '0')}</itunes:duration>
      <enclosure url="https://old-host.example/audio/${i}.mp3" type="audio/mpeg" length="${40_000_000 + i}"/></item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel><title>Bench Church</title><description>Sermons</description><language>en</language>
${items.join('\n')}
</channel></rss>`;
}

async function main() {
  const t = await buildTestApp(args.postgres ? 'postgres' : 'pglite');
  try {
    const key = await createApiKey(t.db, 'gracechurch', 'bench');
    const headers = { 'x-api-key': key };
    const xml = feed(ITEMS);
    const t0 = performance.now();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/node/broadcasters/gracechurch/feed-imports',
      headers,
      payload: { xml },
    });
    if (created.statusCode !== 201) throw new Error(created.body);
    const { importID } = JSON.parse(created.body) as { importID: number };
    const t1 = performance.now();
    const started = await t.app.inject({ method: 'POST', url: `/api/v2/node/feed-imports/${importID}/start`, headers });
    if (started.statusCode !== 202) throw new Error(started.body);
    const t2 = performance.now();
    const { progress } = JSON.parse(started.body) as { progress: { imported: number } };
    const [jobs] = await t.db.query<{ n: number }>(`SELECT count(*)::int n FROM job WHERE name = 'feeds.import-media'`);
    const s = (ms: number) => (ms / 1000).toFixed(2);
    console.log(`${args.postgres ? 'PostgreSQL' : 'PGlite'}, ${ITEMS} items (${(xml.length / 1024).toFixed(0)} KB):`);
    console.log(`  preview (parse, map, store): ${s(t1 - t0)} s`);
    console.log(`  import (${progress.imported} sermons, ${jobs?.n} media jobs queued): ${s(t2 - t1)} s`);
    console.log(`  total: ${s(t2 - t0)} s (target < 30 s)`);
  } finally {
    await t.close();
  }
}

await main();
