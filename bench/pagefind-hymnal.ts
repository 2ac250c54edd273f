import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';

/**
 * What pagefind would take for the hymnal and psalter: fetches every page the hymns and psalms
 * sitemaps list (plus /hymnal and /psalter) from a running server into a folder, indexes them with
 * pagefind (3 runs), then measures one search in Chromium (the bytes pagefind's JS API downloads,
 * with the first 5 results' fragments as its UI shows them) against the same search through the
 * API. pagefind is not a dependency: install it in a scratch folder (`npm install pagefind`).
 *
 *   node bench/pagefind-hymnal.ts <scratch folder> [origin=http://127.0.0.1:4321] [query=grace]
 */
const [scratch, origin = 'http://127.0.0.1:4321', query = 'grace'] = process.argv.slice(2);
if (!scratch) {
  console.error('Usage: node bench/pagefind-hymnal.ts <folder where pagefind is installed> [origin] [query]');
  process.exit(2);
}
const site = path.join(path.resolve(scratch), 'pagefind-hymnal-site');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const bytesUnder = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, e) => sum + (e.isDirectory() ? bytesUnder(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).size),
    0,
  );

// 1. The pages, two at a time.
const locs = async (name: string) =>
  [...(await (await fetch(`${origin}/sitemap/${name}.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? '').pathname,
  );
const paths = [...(await locs('hymns')), ...(await locs('psalms')), '/hymnal', '/psalter'];
rmSync(site, { recursive: true, force: true });
let t = performance.now();
const queue = [...paths];
await Promise.all(
  [0, 1].map(async () => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
      const res = await fetch(`${origin}${p}`);
      if (!res.ok) throw new Error(`${p}: ${res.status}`);
      mkdirSync(path.join(site, p), { recursive: true });
      writeFileSync(path.join(site, p, 'index.html'), await res.text());
    }
  }),
);
console.log(
  `${paths.length} pages, ${bytesUnder(site)} B of HTML, fetched in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);

// 2. The index, three times.
const builds: number[] = [];
for (let run = 0; run < 3; run++) {
  rmSync(path.join(site, 'pagefind'), { recursive: true, force: true });
  t = performance.now();
  const r = spawnSync(path.join(path.resolve(scratch), 'node_modules/.bin/pagefind'), ['--site', site], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr || r.stdout);
  builds.push(performance.now() - t);
}
const out = path.join(site, 'pagefind');
console.log(
  `pagefind: ${builds.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s (median ${(median(builds) / 1000).toFixed(1)} s); ` +
    `${bytesUnder(out)} B written, index ${bytesUnder(path.join(out, 'index'))} B, fragments ${bytesUnder(path.join(out, 'fragment'))} B`,
);

// 3. One search in the browser, from a plain static server (pagefind's index files are gzipped already).
writeFileSync(
  path.join(site, 'search.html'),
  `<!doctype html><meta charset="utf-8"><title>search</title><script type="module">
  const t0 = performance.now();
  const pagefind = await import('/pagefind/pagefind.js');
  const search = await pagefind.search(${JSON.stringify(query)});
  await Promise.all(search.results.slice(0, 5).map((r) => r.data()));
  window.done = { results: search.results.length, ms: performance.now() - t0 };
  </script>`,
);
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json' };
const server = http
  .createServer((req, res) => {
    try {
      const file = path.join(site, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
      const body = readFileSync(file);
      // A module script needs a JavaScript type.
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  })
  .listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
for (let run = 1; run <= 3; run++) {
  const page = await browser.newPage();
  const sizes: Promise<number>[] = [];
  page.on('response', (r) => {
    if (!r.url().includes('/pagefind/')) return;
    sizes.push(r.body().then((b) => b.length));
  });
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/search.html`);
  const done = await (await page.waitForFunction(() => (window as { done?: unknown }).done)).jsonValue();
  await page.waitForLoadState('networkidle');
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  const requests = sizes.length;
  const { results, ms } = done as { results: number; ms: number };
  console.log(
    `browser run ${run}: "${query}" ${results} results in ${ms.toFixed(0)} ms, ${requests} requests, ${bytes} B`,
  );
  await page.close();
}
await browser.close();
server.close();

// 4. The same search through the API.
for (const psalter of [false, true]) {
  const runs: { ms: number; bytes: number }[] = [];
  for (let run = 0; run < 3; run++) {
    t = performance.now();
    const body = await (
      await fetch(
        `${origin}/api/v2/node/discover/hymns?psalter=${psalter}&searchKeyword=${encodeURIComponent(query)}&pageSize=50`,
      )
    ).arrayBuffer();
    runs.push({ ms: performance.now() - t, bytes: body.byteLength });
  }
  console.log(
    `API psalter=${psalter}: ${runs[0]?.bytes} B, ${runs.map((r) => r.ms.toFixed(0)).join(', ')} ms (median ${median(runs.map((r) => r.ms)).toFixed(0)})`,
  );
}
