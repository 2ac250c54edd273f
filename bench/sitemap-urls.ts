import { openPglite } from '../packages/server/src/db/pglite.ts';
import { openPostgres } from '../packages/server/src/db/postgres.ts';
import { createSitemaps, type SitemapLog } from '../packages/server/src/sitemaps/sitemaps.service.ts';

/**
 * How many URLs the streamed sitemaps carry for a database: opens every file the index lists
 * through the sitemap module and counts its entries, per kind. The figure behind streaming the
 * sitemaps from the database instead of @astrojs/sitemap, which sees only build-time routes.
 *
 *   node bench/sitemap-urls.ts <pglite folder | postgres:// URL>
 */
const target = process.argv[2];
if (!target) {
  console.error('Usage: node bench/sitemap-urls.ts <pglite folder | postgres:// URL>');
  process.exit(2);
}
const db = target.startsWith('postgres') ? openPostgres(target, 2) : await openPglite(target);
const sitemaps = createSitemaps(db);
const quiet: SitemapLog = { warn() {}, error() {} };
const files = await sitemaps.files();
const kinds = new Map<string, { files: number; urls: number }>();
let urls = 0;
for (const file of files) {
  const opened = await sitemaps.open(file.name, 'https://www.example.org', quiet);
  if (!opened) continue;
  for await (const _chunk of opened.body);
  const kind = file.name.replace(/(-\d+)*\.xml$/, '');
  const k = kinds.get(kind) ?? { files: 0, urls: 0 };
  k.files++;
  k.urls += opened.stats.urls;
  kinds.set(kind, k);
  urls += opened.stats.urls;
}
console.log(`${files.length} files, ${urls} URLs`);
for (const [kind, k] of kinds) console.log(`  ${kind}: ${k.files} files, ${k.urls} URLs`);
await db.close();
