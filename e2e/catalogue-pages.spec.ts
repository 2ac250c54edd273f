import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

/**
 * Topics, hashtags, the path-mapping redirects, layouts, localized event type and Bible book
 * names, a sermon in other languages, the feeds a broadcaster's page offers, and axe checks of
 * the list pages not covered elsewhere.
 */

const rows = (page: Page) => page.locator('li.sermon-row');

test('topics: the index, then a topic page that lists its sermons; ids redirect to the slug', async ({
  page,
  request,
}) => {
  const topics = await (await request.get('/api/v2/node/discover/topics')).json();
  const topic = (topics.results as { topicID: number; name: string; sermonCount: number }[]).find(
    (t) => t.name === 'Prayer',
  );
  expect(topic?.sermonCount).toBeGreaterThan(0);

  await page.goto('/sermons/topics');
  await page.getByRole('link', { name: 'Prayer', exact: true }).click();
  await expect(page).toHaveURL(/\/sermons\/topics\/prayer$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prayer');
  await expect(rows(page).first()).toBeVisible();
  const expected = Math.min(25, topic?.sermonCount ?? 0);
  await expect(rows(page)).toHaveCount(expected);
  await expectNoAxeViolations(page);

  // The same sermons as the API's topic filter, in the same order.
  const api = await (await request.get(`/api/v2/node/sermons?topicID=${topic?.topicID}&pageSize=25`)).json();
  const firstTitle = (api.results[0] as { displayTitle: string }).displayTitle;
  await expect(rows(page).first().locator('a.sermon-title')).toHaveText(firstTitle);

  const byId = await request.get(`/sermons/topics/${topic?.topicID}`, { maxRedirects: 0 });
  expect(byId.status()).toBe(301);
  expect(byId.headers().location).toBe('/sermons/topics/prayer');
  const missing = await page.goto('/sermons/topics/no-such-topic');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Topic not found');

  // The legacy 'goj' page lands on a real topic page now.
  const goj = await request.get('/goj', { maxRedirects: 0 });
  expect(goj.headers().location).toBe('/sermons/topics/gospel');
  await page.goto('/goj');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gospel');
  await expect(rows(page).first()).toBeVisible();
});

test('hashtags: from a sermon page to the hashtag page; no hashtag is a 404', async ({ page, request }) => {
  const tags = await (await request.get('/api/v2/node/discover/hashtags?size=1')).json();
  const tag = tags.results[0] as { hashtag: string; sermonCount: number };
  const list = await (await request.get(`/api/v2/node/sermons?hashtag=${tag.hashtag}&pageSize=1`)).json();
  expect(list.totalCount).toBe(tag.sermonCount);

  await page.goto(`/sermons/${list.results[0].sermonID}`);
  const hashtags = page.getByRole('region', { name: 'Hashtags' });
  await hashtags.getByRole('link', { name: new RegExp(`^#${tag.hashtag}$`, 'i') }).click();
  await expect(page).toHaveURL(new RegExp(`/hashtag/${tag.hashtag}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Sermons tagged #${tag.hashtag}`);
  await expect(page.getByText(`${tag.sermonCount} sermons`)).toBeVisible();
  await expect(rows(page)).toHaveCount(Math.min(25, tag.sermonCount));
  await expect(page.getByRole('navigation', { name: 'Popular hashtags' }).getByRole('link').first()).toBeVisible();
  await expectNoAxeViolations(page);

  const upper = await request.get(`/hashtag/%23${tag.hashtag.toUpperCase()}`, { maxRedirects: 0 });
  expect(upper.status()).toBe(301);
  expect(upper.headers().location).toBe(`/hashtag/${tag.hashtag}`);

  const none = await page.goto('/hashtag');
  expect(none?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Hashtag Provided');
  const unknown = await page.goto('/de/hashtag/keinsolcherhashtag');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Keine Predigt trägt den Hashtag #keinsolcherhashtag.',
  );
});

test('unmatched old paths go through the path mappings before the 404 page', async ({ page, request }) => {
  const internal = await request.get('/SermonsByBible.asp', { maxRedirects: 0 });
  expect(internal.status()).toBe(301);
  expect(internal.headers().location).toBe('/sermons/scripture');
  const german = await request.get('/de/vacantpulpits.asp', { maxRedirects: 0 });
  expect(german.status()).toBe(301);
  expect(german.headers().location).toBe('/de/broadcasters/vacant');
  // With a trailing slash or '/en', one redirect straight to the mapped page, not two.
  for (const [from, to] of [
    ['/SermonsByBible.asp/', '/sermons/scripture'],
    ['/en/SermonsByBible.asp', '/sermons/scripture'],
    ['/de/vacantpulpits.asp/', '/de/broadcasters/vacant'],
  ]) {
    const tidied = await request.get(from, { maxRedirects: 0 });
    expect([tidied.status(), tidied.headers().location], from).toEqual([301, to]);
  }
  const external = await request.get('/kjv', { maxRedirects: 0 });
  expect(external.status()).toBe(302);
  expect(external.headers().location).toBe('https://www.kingjamesbibleonline.org/');

  await page.goto('/sermonsbytopic.asp');
  await expect(page).toHaveURL(/\/sermons\/topics$/);
  const unknown = await page.goto('/no-mapping-here.asp');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
});

test('layouts: ?layout= picks lite, embed or standalone-modal; an unknown one is the default', async ({ page }) => {
  const header = page.locator('header.top');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const footer = page.locator('footer.foot');

  await page.goto('/sermons');
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'site');
  await expect(nav).toBeVisible();

  await page.goto('/sermons?layout=lite');
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'lite');
  await expect(header.locator('a.brand')).toBeVisible();
  await expect(nav).toBeHidden();
  await expect(page.getByRole('search')).toBeHidden();

  for (const layout of ['embed', 'standalone-modal']) {
    await page.goto(`/sermons?layout=${layout}`);
    await expect(page.locator('html')).toHaveAttribute('data-layout', layout);
    await expect(header).toBeHidden();
    await expect(footer).toBeHidden();
    await expect(rows(page).first()).toBeVisible();
  }

  await page.goto('/sermons?layout=no-such-layout');
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'default');
  await expect(nav).toBeVisible();
  await expect(footer).toBeVisible();
  // The layout parameter never changes the canonical URL.
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/sermons$/);
});

test('event types and Bible books are named in the page language', async ({ page }) => {
  await page.goto('/de/sermons');
  const filters = page.getByRole('form', { name: 'Predigten filtern' });
  await expect(filters.getByLabel('Buch').locator('option[value="Rom"]')).toHaveText('Römer');
  await expect(filters.getByLabel('Buch').locator('option[value="Gen"]')).toHaveText('1. Mose');
  await expect(filters.locator('select[name="eventType"] option[value="Prayer Meeting"]')).toHaveText('Gebetsstunde');

  await page.goto('/de/sermons/scripture');
  await page.getByRole('link', { name: 'Römer', exact: true }).click();
  await expect(page).toHaveURL(/\/de\/sermons\/scripture\/romans$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Römer');

  await page.goto('/ko/sermons/categories');
  await expect(page.getByRole('link', { name: '기도회', exact: true })).toBeVisible();
  await page.goto('/ko/sermons/categories/prayer-meeting');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('기도회');
});

test('a sermon in other languages (globalize)', async ({ page, request }) => {
  const list = await (await request.get('/api/v2/node/sermons?pageSize=1')).json();
  const sermon = list.results[0] as { sermonID: string; displayTitle: string };
  await page.goto(`/sermons/${sermon.sermonID}`);
  // The sermon's language, then the link, apart: 'English · Other languages' (a no-break space before the dot).
  await expect(page.locator('dd').filter({ hasText: 'Other languages' })).toHaveText(/^\S.*\u00a0· Other languages$/);
  await page.getByRole('link', { name: 'Other languages' }).click();
  await expect(page).toHaveURL(new RegExp(`/sermons/${sermon.sermonID}/globalize$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`“${sermon.displayTitle}” in other languages`);
  await expect(page.getByText('Original language')).toBeVisible();
  await expectNoAxeViolations(page);
  const missing = await page.goto('/sermons/1/globalize');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sermon not found');
});

test('speaker, series and broadcaster lists have no axe violations', async ({ page }) => {
  for (const path of [
    '/speakers',
    '/speakers/featured',
    '/series',
    '/series/recent',
    '/broadcasters',
    '/broadcasters/usa',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expectNoAxeViolations(page);
  }
});

test('a failing page shows the error page in the page language: logo, status and message as title', async ({
  page,
}) => {
  // Data from an API base that does not answer (`apibranch` picks the base, spec §2): a 500.
  const response = await page.goto('/de/sermons?apibranch=none');
  expect(response?.status()).toBe(500);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const error = page.locator('section.error');
  await expect(error.locator('svg.logo')).toBeVisible();
  await expect(error.getByText('Fehler 500')).toBeVisible();
  await expect(error.getByRole('heading', { level: 1 })).toHaveText('Ein Fehler ist aufgetreten');
  await expect(error.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/de');
});

test("a broadcaster's page offers its feeds: in the head for apps, and a Subscribe menu for people", async ({
  page,
  baseURL,
}) => {
  await page.goto('/broadcasters/puritanaudio');
  const rss = `${baseURL}/feeds/broadcaster/puritanaudio.rss`;
  const atom = `${baseURL}/feeds/broadcaster/puritanaudio.atom`;
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', rss);
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', atom);

  const menu = page.locator('details.subscribe');
  await expect(menu.getByRole('link', { name: 'Apple Podcasts' })).toBeHidden();
  await menu.getByText('Subscribe', { exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Apple Podcasts' })).toHaveAttribute(
    'href',
    rss.replace(/^https?:/, 'podcast:'),
  );
  // No Spotify listing for a broadcaster: Spotify is offered only where a series names its own.
  await expect(menu.getByRole('link', { name: 'Spotify' })).toHaveCount(0);
  await expect(menu.getByLabel('Feed address for any podcast app')).toHaveValue(rss);
  // The address copied is the feed's.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await menu.getByRole('button', { name: 'Copy' }).click();
  await expect(menu.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(rss);
  await expect(menu.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', rss);
  await expect(menu.getByRole('link', { name: 'Atom feed' })).toHaveAttribute('href', atom);
  await expectNoAxeViolations(page);
});
