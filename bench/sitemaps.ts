import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { openPostgres } from '../packages/server/src/db/postgres.ts';
import { createSitemaps, type SitemapLog } from '../packages/server/src/sitemaps/sitemaps.service.ts';

/**
 * Sitemap benchmark against the scale database (pnpm bench:data): builds the index, then writes
 * every sermons file (all years and parts) and every videos file through the sitemap module, one
 * file after the other as a crawler reads them, into a sink with real stream back-pressure (the
 * same Readable the HTTP route sends). Reports time, URLs, files, bytes, and the process's RSS
 * sampled every 100 ms: its peak and how far it grew above the level before the files.
 *
 *   node bench/sitemaps.ts [--batch 5000] [--only sermons|videos]
 */
const { values: args } = parseArgs({
  options: { batch: { type: 'string', default: '5000' }, only: { type: 'string' } },
});
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kerygma_bench';
const ORIGIN = 'https://www.example.org';
const MB = 1024 * 1024;

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 100);

let warnings = 0;
let errors = 0;
const log: SitemapLog = {
  warn: () => {
    warnings += 1;
  },
  error: (obj, msg) => {
    errors += 1;
    console.error(msg, obj);
  },
};

/** Discards what it is given, asynchronously, as a socket would. */
function sink(count: (n: number) => void) {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      count(chunk.length);
      setImmediate(done);
    },
  });
}

async function main() {
  const db = openPostgres(DATABASE_URL, 4);
  const sitemaps = createSitemaps(db, { batchSize: Number(args.batch) });
  const [count] = await db.query<{ n: number }>("SELECT reltuples::int8 AS n FROM pg_class WHERE relname = 'sermon'");
  console.log(`Database: ${DATABASE_URL} (~${(count?.n ?? 0).toLocaleString('en')} sermons)`);

  const rssStart = process.memoryUsage.rss();
  let t = performance.now();
  const files = await sitemaps.files();
  const indexMs = performance.now() - t;
  const wanted = files.filter((f) =>
    args.only
      ? f.name.startsWith(`${args.only}-`) || f.name === `${args.only}.xml`
      : /^(sermons|videos)\b/.test(f.name),
  );
  console.log(`Index: ${files.length} files listed, built in ${(indexMs / 1000).toFixed(2)} s (catalogue summary)`);

  const rssBefore = process.memoryUsage.rss();
  peakRss = rssBefore;
  let urls = 0;
  let bytes = 0;
  let slowest = { name: '', ms: 0, urls: 0 };
  const byKind = new Map<string, { files: number; urls: number; bytes: number; ms: number }>();
  // RSS after each quarter of the files: flat memory shows as a plateau, not a climb.
  const quarters: string[] = [];
  t = performance.now();
  for (const [i, f] of wanted.entries()) {
    const started = performance.now();
    const opened = await sitemaps.open(f.name, ORIGIN, log);
    if (!opened) throw new Error(`${f.name} is listed but has no URL`);
    let written = 0;
    await pipeline(
      Readable.from(opened.body, { objectMode: false }),
      sink((n) => {
        written += n;
      }),
    );
    const ms = performance.now() - started;
    urls += opened.stats.urls;
    bytes += written;
    const kind = f.name.split('-')[0]?.replace('.xml', '') ?? f.name;
    const k = byKind.get(kind) ?? { files: 0, urls: 0, bytes: 0, ms: 0 };
    k.files += 1;
    k.urls += opened.stats.urls;
    k.bytes += written;
    k.ms += ms;
    byKind.set(kind, k);
    if (ms > slowest.ms) slowest = { name: f.name, ms, urls: opened.stats.urls };
    if (Math.floor(((i + 1) * 4) / wanted.length) > Math.floor((i * 4) / wanted.length)) {
      quarters.push(`${(process.memoryUsage.rss() / MB).toFixed(0)} MB after ${f.name}`);
    }
  }
  const totalMs = performance.now() - t;
  clearInterval(sampler);
  await db.close();

  console.log(
    `\n${'kind'.padEnd(8)} ${'files'.padStart(5)} ${'URLs'.padStart(10)} ${'MB'.padStart(7)} ${'s'.padStart(7)}`,
  );
  for (const [kind, k] of byKind) {
    console.log(
      `${kind.padEnd(8)} ${String(k.files).padStart(5)} ${k.urls.toLocaleString('en').padStart(10)} ${(k.bytes / MB).toFixed(1).padStart(7)} ${(k.ms / 1000).toFixed(1).padStart(7)}`,
    );
  }
  console.log(
    `${'total'.padEnd(8)} ${String(wanted.length).padStart(5)} ${urls.toLocaleString('en').padStart(10)} ${(bytes / MB).toFixed(1).padStart(7)} ${(totalMs / 1000).toFixed(1).padStart(7)}`,
  );
  console.log(
    `\n${Math.round(urls / (totalMs / 1000)).toLocaleString('en')} URLs/s; slowest file ${slowest.name} (${slowest.urls.toLocaleString('en')} URLs) ${(slowest.ms / 1000).toFixed(2)} s`,
  );
  console.log(`Warnings (files over 40,000 URLs): ${warnings}; errors: ${errors}`);
  console.log(`RSS by quarter of the files: ${quarters.join(', ')}`);
  console.log(
    `RSS: ${(rssStart / MB).toFixed(0)} MB at start, ${(rssBefore / MB).toFixed(0)} MB after the index, peak ${(peakRss / MB).toFixed(0)} MB while writing (growth ${((peakRss - rssBefore) / MB).toFixed(0)} MB), ${(process.memoryUsage.rss() / MB).toFixed(0)} MB at the end`,
  );
}

main().catch((error) => {
  clearInterval(sampler);
  console.error(error);
  process.exit(1);
});
