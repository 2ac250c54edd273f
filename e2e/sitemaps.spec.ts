import { expect, test } from '@playwright/test';

/** The <loc>s of a sitemap or sitemap index. */
const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));

// A sitemap must send search engines only to pages that answer 200 at that very URL: not a
// 404 (a page not built yet), not a redirect (a non-canonical spelling of a book or category).
test('the sitemaps list pages that answer 200, not redirects or missing pages', async ({ request }) => {
  test.setTimeout(120_000);
  const index = await request.get('/sitemap/index.xml');
  expect(index.status()).toBe(200);
  const maps = locs(await index.text());
  expect(maps.length).toBeGreaterThan(5);
  const failures: string[] = [];
  let checked = 0;
  for (const map of maps) {
    const sitemap = await request.get(new URL(map).pathname);
    expect(sitemap.status(), map).toBe(200);
    const pages = locs(await sitemap.text());
    // Every static page; the first 20 pages of each other kind (the rest are built the same way).
    for (const loc of map.endsWith('/static.xml') ? pages : pages.slice(0, 20)) {
      const url = new URL(loc);
      const res = await request.get(url.pathname + url.search, { maxRedirects: 0 });
      checked += 1;
      if (res.status() !== 200) failures.push(`${res.status()} ${url.pathname}${url.search} (in ${map})`);
      // Nor a page that asks not to be indexed (an empty list).
      else if (/<meta name="robots" content="noindex/.test(await res.text())) failures.push(`noindex ${url.pathname}`);
    }
  }
  expect(failures).toEqual([]);
  expect(checked).toBeGreaterThan(100);
});

// Anyone can send X-Forwarded-*: a sitemap (cached an hour by shared caches) that believed
// them would send search engines to another host.
test('sitemaps name the site itself, whatever X-Forwarded headers say', async ({ request, baseURL }) => {
  const headers = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
  for (const path of ['/sitemap/index.xml', '/sitemap/static.xml']) {
    const urls = locs(await (await request.get(path, { headers })).text());
    expect(urls.length, path).toBeGreaterThan(0);
    for (const url of urls) expect(new URL(url).origin, path).toBe(baseURL);
  }
});
