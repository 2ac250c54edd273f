import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expectAnswered, expectRedirects } from './redirects.ts';

/** Speakers, series and broadcasters: lists, entity pages, tabs, redirects and not-found pages. */

/** The JSON-LD objects of the page. */
const jsonLd = async (page: Page) =>
  Promise.all(
    (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t)),
  ) as Promise<Record<string, unknown>[]>;

test('a speaker found by letter opens the speaker page with its tabs', async ({ page }) => {
  const response = await page.goto('/speakers/alphabetical/B');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Speakers: B');
  const letters = page.getByRole('navigation', { name: 'Browse by letter' });
  await expect(letters.getByRole('link', { name: 'B', exact: true })).toHaveAttribute('aria-current', 'page');
  const first = page.locator('li.speaker-row a.speaker-name').first();
  const name = (await first.textContent())?.trim() ?? '';
  expect(name).toMatch(/\S/);
  await first.click();
  await expect(page).toHaveURL(/\/speakers\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const tabs = page.getByRole('navigation', { name: 'Speaker sections' });
  await expect(tabs.getByRole('link', { name: 'Recent' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('li.sermon-row').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Preaches at' })).toBeVisible();
  expect((await jsonLd(page)).map((d) => d['@type'])).toContain('Person');
  await expectNoAxeViolations(page);

  await tabs.getByRole('link', { name: 'Sermons' }).click();
  await expect(page).toHaveURL(/\/speakers\/\d+\/sermons$/);
  await expect(tabs.getByRole('link', { name: 'Sermons' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('li.sermon-row').first()).toBeVisible();
});

test('a speaker name redirects to the id page; an unknown speaker is a 404', async ({ page, request }) => {
  const list = await (await request.get('/api/v2/node/speakers?pageSize=1')).json();
  const speaker = list.results[0] as { speakerID: number; displayName: string };
  const res = await request.get(`/speakers/${encodeURIComponent(speaker.displayName)}/series`, { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe(`/speakers/${speaker.speakerID}/series`);

  const missing = await page.goto('/speakers/No%20Such%20Speaker');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Speaker not found');
});

test('a broadcaster found by state opens the broadcaster page with its tabs', async ({ page }) => {
  await page.goto('/broadcasters/state');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('US states');
  await page.getByRole('link', { name: 'Pennsylvania' }).click();
  await expect(page).toHaveURL(/\/broadcasters\/state\/PA$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Broadcasters in Pennsylvania');
  const first = page.locator('li.broadcaster-row a.broadcaster-name').first();
  const name = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/broadcasters\/[a-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('Service times')).toBeVisible();
  const ld = await jsonLd(page);
  const org = ld.find((d) => d['@type'] === 'Church' || d['@type'] === 'Organization');
  expect(org?.address).toMatchObject({ '@type': 'PostalAddress', addressCountry: 'US', addressRegion: 'PA' });
  expect(org?.geo).toMatchObject({ '@type': 'GeoCoordinates' });
  await expectNoAxeViolations(page);

  const tabs = page.getByRole('navigation', { name: 'Broadcaster sections' });
  for (const tab of ['Overview', 'Sermons', 'Series', 'Speakers', 'Articles', 'Notices', 'Comments']) {
    await expect(tabs.getByRole('link', { name: tab, exact: true })).toBeVisible();
  }
  await tabs.getByRole('link', { name: 'Speakers', exact: true }).click();
  await expect(page).toHaveURL(/\/speakers$/);
  await expect(tabs.getByRole('link', { name: 'Speakers', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('li.speaker-row').first()).toBeVisible();
  // Counts are this broadcaster's: no 'Latest sermon' that may be at another broadcaster.
  await expect(page.locator('li.speaker-row').first()).not.toContainText('Latest sermon');
  await tabs.getByRole('link', { name: 'Notices', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('has not posted any notices');
});

test('a German reader finds the US states by their German names, in German order', async ({ page }) => {
  await page.goto('/de/broadcasters/state');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('US-Bundesstaaten');
  const states = page.getByRole('region', { name: 'US-Bundesstaaten' }).getByRole('link');
  const names = await states.allTextContents();
  expect(names).toContain('Kalifornien');
  expect(names).not.toContain('California');
  // Sorted as German sorts them: Kalifornien among the K's, not where California would be.
  expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
  await expectNoAxeViolations(page);
  await states.getByText('Kalifornien', { exact: true }).click();
  await expect(page).toHaveURL(/\/de\/broadcasters\/state\/CA$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anbieter in Kalifornien');
  await expect(page).toHaveTitle(/^Anbieter in Kalifornien · /);
});

test('an upper-case broadcaster id answers 301 to the lower-case URL; an unknown one is a 404', async ({
  page,
  request,
}) => {
  const res = await request.get('/broadcasters/GraceChurch/series?page=1', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('/broadcasters/gracechurch/series?page=1');
  expect(res.headers()['cache-control']).toBe('public, max-age=60');
  const missing = await page.goto('/broadcasters/no-such-broadcaster');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Broadcaster not found');
});

test("a broadcaster's primary speakers link to their pages by id, not through the name's redirect", async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/api/v2/node/broadcasters?pageSize=20')).json()).results as {
    broadcasterID: string;
  }[];
  let found: { id: string; speakers: string[]; ids: number[] } | undefined;
  for (const { broadcasterID } of list) {
    const b = await (await request.get(`/api/v2/node/broadcasters/${broadcasterID}`)).json();
    if (b.primarySpeakers.length > 0) {
      found = { id: broadcasterID, speakers: b.primarySpeakers, ids: b.primarySpeakerIDs };
      break;
    }
  }
  if (!found) throw new Error('no broadcaster with primary speakers in the first 20');
  await page.goto(`/broadcasters/${found.id}`);
  const link = page.getByRole('link', { name: found.speakers[0], exact: true }).first();
  await expect(link).toHaveAttribute('href', `/speakers/${found.ids[0]}`);
});

test('a series page shows its sermons and PodcastSeries data; an unknown series is a 404', async ({ page }) => {
  await page.goto('/series/podcasts');
  // A podcast series with published sermons (other journeys make podcast series with none).
  const first = page
    .locator('li.series-row')
    .filter({ has: page.locator('.series-meta span', { hasText: /\d{4}/ }) }) // its sermons' date range
    .locator('a.series-title')
    .first();
  const title = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/series\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('li.sermon-row').first()).toBeVisible();
  const ld = await jsonLd(page);
  expect(ld.find((d) => d['@type'] === 'PodcastSeries')).toMatchObject({ name: title });
  await expectNoAxeViolations(page);

  const missing = await page.goto('/series/1');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Series not found');
});

test('robots.txt keeps crawlers out of the excluded paths', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  const text = await res.text();
  for (const path of [
    '/dashboard',
    '/django',
    '/demo',
    '/video-wall',
    '/rewrite',
    '/embed',
    '/admin',
    '/healthz',
    '/legacy',
  ])
    expect(text).toContain(`Disallow: ${path}\n`);
  // The video sitemap's player locations (/embed/classic/player/v/…) must stay fetchable.
  expect(text).toContain('Allow: /embed/classic/player/\n');
  // An absolute URL, as the robots.txt standard and Lighthouse want.
  expect(text).toMatch(/^Sitemap: https?:\/\/[^/\s]+\/sitemap\/index\.xml$/m);
});

test('each page of a list is its own canonical page; a trailing slash redirects to the one address', async ({
  request,
}) => {
  const head = async (path: string) => {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    return {
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
      english: /<link rel="alternate" hreflang="en" href="([^"]*)"/.exec(html)?.[1],
    };
  };
  const second = await head('/de/series?page=2');
  expect(second.canonical).toMatch(/\/de\/series\?page=2$/);
  expect(second.english).toMatch(/\/series\?page=2$/);
  expect(second.title).toContain('Seite 2');
  const first = await head('/de/series');
  expect(first.canonical).toMatch(/\/de\/series$/);
  expect(first.title).not.toContain('Seite');
  const sermons = await head('/sermons?page=3');
  expect(sermons.canonical).toMatch(/\/sermons\?page=3$/);
  expect(sermons.title).toContain('Page 3');
  // Another order's third page holds other sermons than /sermons?page=3: not indexed.
  const oldest = await head('/sermons?page=3&sortBy=oldest');
  expect(oldest.canonical).toBeUndefined();
  expect(oldest.title).toContain('Page 3');

  await expectRedirects(request, [
    ['/sermons/', '/sermons'],
    ['/de/speakers/alphabetical/?page=2', '/de/speakers/alphabetical?page=2'],
    ['/en/sermon/1', '/sermons/1'],
    ['/de/sermon/1', '/de/sermons/1'],
  ]);
});

test('shared links get a card: a video sermon names its MP4, every page its title and language', async ({
  request,
}) => {
  const meta = (html: string, property: string) =>
    new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
  const list = await request.get('/api/v2/node/sermons?media=video&pageSize=1&lite=true');
  const [video] = ((await list.json()) as { results: { sermonID: string; speaker: { speakerID: number } }[] }).results;
  if (!video) throw new Error('the demo catalogue has no video sermon');

  const sermon = await (await request.get(`/de/sermons/${video.sermonID}`)).text();
  expect(meta(sermon, 'og:video')).toMatch(/\.mp4$/);
  expect(meta(sermon, 'og:video:type')).toBe('video/mp4');
  expect(meta(sermon, 'og:locale')).toBe('de_DE');
  expect(meta(sermon, 'og:url')).toMatch(new RegExp(`/de/sermons/${video.sermonID}$`));

  const speaker = await (await request.get(`/speakers/${video.speaker.speakerID}`)).text();
  expect(meta(speaker, 'og:title')).toMatch(/ · Kerygma$/);
  expect(meta(speaker, 'og:locale')).toBe('en_US');
  // The placeholder portrait is an SVG, which card renderers do not show.
  expect(meta(speaker, 'og:image') ?? '').not.toMatch(/\.svg$/);
});

test('a page past the end of a list, an unknown country or state: 404; a country by name: its code', async ({
  request,
}) => {
  for (const path of [
    '/speakers/alphabetical?page=9999',
    '/de/broadcasters/newest?page=500',
    '/series?page=1000',
    '/search?q=grace&page=999',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
  }
  const narnia = await request.get('/broadcasters/country/Narnia');
  expect(narnia.status()).toBe(404);
  expect(await narnia.text()).toContain('Country Narnia not found');
  const zz = await request.get('/broadcasters/country/ZZ');
  expect(zz.status()).toBe(404);
  expect(await zz.text()).toContain('Country ZZ not found');
  // One character (an emoji is two UTF-16 units) names no country.
  expect((await request.get('/broadcasters/country/%F0%9F%93%96')).status()).toBe(404);
  expect((await request.get('/broadcasters/state/XX')).status()).toBe(404);
  // The states index lists only states that have broadcasters: each of its links answers.
  const states = [
    ...(await (await request.get('/broadcasters/state')).text()).matchAll(/href="(\/broadcasters\/state\/[A-Z]{2})"/g),
  ];
  expect(states.length).toBeGreaterThan(0);
  for (const [, path] of states) expect((await request.get(path as string)).status(), path).toBe(200);
  await expectRedirects(request, [
    ['/broadcasters/country/Germany', '/broadcasters/country/DE'],
    ['/speakers/alphabetical/b', '/speakers/alphabetical/B'],
    ['/de/broadcasters/alphabetical/g?page=1', '/de/broadcasters/alphabetical/G?page=1'],
    ['/de/broadcasters/country/Deutschland?page=1', '/de/broadcasters/country/DE?page=1'],
    ['/broadcasters/state/pennsylvania', '/broadcasters/state/PA'],
    ['/de/broadcasters/state/Kalifornien', '/de/broadcasters/state/CA'],
  ]);
  // The last page links to no page after it.
  const pages = await (await request.get('/speakers/alphabetical?page=1')).text();
  const last = Math.max(...[...pages.matchAll(/[?&]page=(\d+)"/g)].map((m) => Number(m[1])));
  const lastPage = await (await request.get(`/speakers/alphabetical?page=${last}`)).text();
  expect(lastPage).not.toContain(`page=${last + 1}"`);
});

test('a sort or page a directory list does not have is taken out of the address, which then says what the list shows', async ({
  page,
  request,
}) => {
  await expectRedirects(
    request,
    [
      ['/speakers?sort=bogus', '/speakers'],
      ['/de/speakers/alphabetical/B?sort=&page=abc', '/de/speakers/alphabetical/B'],
      ['/de/broadcasters/newest?sort=bogus&utm_source=mail', '/de/broadcasters/newest?utm_source=mail'],
      ['/broadcasters/international?page=0', '/broadcasters/international'],
      ['/series?sort=bogus&page=2', '/series?page=2'],
      ['/series/search/grace?q=&sort=title', '/series/search/grace?sort=title'],
      // The indexes of groups, countries and states have no order and no pages.
      ['/broadcasters/group?sort=newest&page=2', '/broadcasters/group'],
      ['/de/broadcasters/country?page=2&utm_source=mail', '/de/broadcasters/country?utm_source=mail'],
      ['/broadcasters/state?sort=alphabetical', '/broadcasters/state'],
      // Lists in one order have pages but no sort.
      ['/series/picks?sort=title', '/series/picks'],
      ['/de/broadcasters/international?sort=newest&page=1', '/de/broadcasters/international?page=1'],
    ],
    302,
  );
  // The visitor lands on the list itself, in their language.
  await page.goto('/speakers?sort=bogus');
  await expect(page).toHaveURL(/\/speakers$/);
  await expect(page.locator('li.speaker-row').first()).toBeVisible();
  await page.goto('/de/speakers/alphabetical/B?sort=bogus');
  await expect(page).toHaveURL(/\/de\/speakers\/alphabetical\/B$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prediger: B');
  await expect(page.locator('li.speaker-row').first()).toBeVisible();
  // A path that names no list is still a 404 with its message, whatever the query asks.
  const narnia = await request.get('/broadcasters/country/Narnia?sort=bogus', { maxRedirects: 0 });
  expect(narnia.status()).toBe(404);
  expect(await narnia.text()).toContain('Country Narnia not found');
  expect((await request.get('/speakers/alphabetical/ZZ?sort=bogus', { maxRedirects: 0 })).status()).toBe(404);
  // The sorts and pages a list has are answered as asked.
  await expectAnswered(request, [
    '/speakers/alphabetical?sort=sermon-count&page=2',
    '/speakers/alphabetical/B?sort=name',
    '/de/broadcasters/newest?sort=alphabetical&page=1',
    '/series/podcasts?sort=count',
    '/broadcasters/group',
    '/de/broadcasters/country?utm_source=mail',
    '/broadcasters/state/PA?sort=newest&page=1',
    '/series/picks?page=1',
  ]);
});

test("a sort or page a speaker's, broadcaster's or series' tab does not have is taken out of its address", async ({
  page,
  request,
}) => {
  const speaker = (await (await request.get('/api/v2/node/speakers?pageSize=1')).json()).results[0] as {
    speakerID: number;
    displayName: string;
  };
  const series = (await (await request.get('/api/v2/node/broadcasters/gracechurch/series?pageSize=1')).json())
    .results[0] as { seriesID: number };
  const id = speaker.speakerID;
  await expectRedirects(
    request,
    [
      // A tab that is not a list has no sort and no pages: one address for it, not one per number.
      [`/speakers/${id}?page=999`, `/speakers/${id}`],
      [`/de/speakers/${id}/series?sort=title&utm_source=mail`, `/de/speakers/${id}/series?utm_source=mail`],
      ['/broadcasters/gracechurch/notices?sort=newest&page=2', '/broadcasters/gracechurch/notices'],
      // The sermons and series tabs and the series page have pages and their own sorts.
      [`/speakers/${id}/sermons?sort=bogus&page=1`, `/speakers/${id}/sermons?page=1`],
      ['/broadcasters/gracechurch/sermons?sort=recent', '/broadcasters/gracechurch/sermons'],
      ['/de/broadcasters/gracechurch/series?sort=oldest&page=1', '/de/broadcasters/gracechurch/series?page=1'],
      [`/series/${series.seriesID}?sort=bogus&page=0`, `/series/${series.seriesID}`],
      [`/de/series/${series.seriesID}?sort=recent&utm_source=mail`, `/de/series/${series.seriesID}?utm_source=mail`],
    ],
    302,
  );
  // A speaker's name still answers first with its id page, query as asked; that page then takes
  // out what it does not have, and the visitor lands on the tab in their language.
  const byName = `/speakers/${encodeURIComponent(speaker.displayName)}/sermons?sort=bogus`;
  await expectRedirects(request, [[byName, `/speakers/${id}/sermons?sort=bogus`]]);
  const landed = await page.goto(`/de${byName}`);
  expect(landed?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/de/speakers/${id}/sermons$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(speaker.displayName);
  await expect(page.locator('li.sermon-row').first()).toBeVisible();
  // An unknown speaker, broadcaster or series is still its 404, whatever the query asks.
  for (const [path, message] of [
    ['/speakers/No%20Such%20Speaker/sermons?sort=bogus', 'Speaker not found'],
    ['/broadcasters/no-such-broadcaster/series?page=abc', 'Broadcaster not found'],
    ['/series/1?sort=bogus', 'Series not found'],
  ]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).toContain(message);
  }
  expect((await request.get(`/speakers/${id}/bogus?sort=bogus`, { maxRedirects: 0 })).status()).toBe(404);
  // The sorts and pages a tab has are answered as asked.
  await expectAnswered(request, [
    `/speakers/${id}`,
    `/speakers/${id}/sermons?sort=title&page=1`,
    '/broadcasters/gracechurch/sermons?sort=oldest',
    '/de/broadcasters/gracechurch/series?sort=count&page=1',
    `/series/${series.seriesID}?sort=title&page=1`,
  ]);
});

test('search engines are told which pages to leave out, and every other page has a share card', async ({
  page,
  request,
}) => {
  const robots = async (path: string) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    return page
      .locator('meta[name=robots]')
      .getAttribute('content', { timeout: 1000 })
      .catch(() => null);
  };
  // Nothing to show: tabs without a source yet, a day without sermons, results for any typed text,
  // and a sorted list past its first page (its canonical would name other sermons).
  const broadcaster = (await (await request.get('/api/v2/node/broadcasters?pageSize=1')).json()).results[0];
  for (const path of [
    `/broadcasters/${broadcaster.broadcasterID}/notices`,
    '/sermons/date/1951',
    '/speakers/search/zzzqqq',
    '/broadcasters/search/grace',
    '/sermons?sortBy=oldest&page=2',
  ]) {
    expect(await robots(path), path).toBe('noindex');
  }
  for (const path of ['/', '/sermons?page=2', '/speakers/alphabetical', `/broadcasters/${broadcaster.broadcasterID}`]) {
    expect(await robots(path), path).toBeNull();
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image, path).toMatch(/^http:\/\/[^/]+\//);
    expect((await request.get(new URL(image ?? '').pathname)).status(), path).toBe(200);
  }
  // One list, one address: /series/recent is /series.
  await page.goto('/series/recent');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/series$/);
  // Its heading and title say how it is sorted.
  await page.goto('/series?sort=title');
  await expect(page.locator('main h1')).toHaveText('Series A–Z');
  expect(await page.title()).toMatch(/^Series A–Z/);
  await page.goto('/de/series/recent?sort=count');
  await expect(page.locator('main h1')).toHaveText('Reihen mit den meisten Predigten');
  // Lists of different sections have different titles.
  await page.goto('/speakers/alphabetical');
  const speakers = await page.title();
  await page.goto('/broadcasters/alphabetical');
  expect(await page.title()).not.toBe(speakers);
});
