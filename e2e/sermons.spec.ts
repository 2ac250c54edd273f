import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

const rows = (page: Page) => page.locator('li.sermon-row');

test('home → sermons → filter by language and book → a sermon page with structured data', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sermons' }).click();
  await expect(page).toHaveURL(/\/sermons$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sermons');
  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' })).toHaveAttribute(
    'href',
    '/sermons?page=2',
  );

  const filters = page.getByRole('form', { name: 'Filter sermons' });
  await filters.getByLabel('Language').selectOption({ label: 'Spanish' });
  await filters.getByLabel('Book').selectOption({ label: 'Romans' });
  await filters.getByRole('button', { name: 'Apply' }).click();
  // Only the chosen filters are in the address (no 'eventType=&year=').
  await expect(page).toHaveURL(/\/sermons\?languageCode=es&book=Rom&sortBy=newest$/);
  await expect(filters.getByLabel('Language')).toHaveValue('es');
  await expect(rows(page).first()).toBeVisible();
  await expect(rows(page).first()).toContainText('Romans');

  await rows(page).first().locator('a.sermon-title').click();
  await expect(page).toHaveURL(/\/sermons\/\d+$/);
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
    'href',
    new RegExp(`${new URL(page.url()).pathname}$`),
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', /summary/);

  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(json ?? 'null') as Record<string, unknown>[];
  const types = data.map((d) => d['@type']);
  expect(types).toContain('BreadcrumbList');
  const episode = data.find((d) => d['@type'] === 'PodcastEpisode' || d['@type'] === 'VideoObject');
  expect(episode?.name).toBe(title);
  // uploadDate belongs to the media object (the AudioObject of an episode), not to an episode.
  const media = episode?.['@type'] === 'VideoObject' ? episode : (episode?.associatedMedia as Record<string, unknown>);
  expect(media?.uploadDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  if (episode?.['@type'] === 'PodcastEpisode') expect(episode.uploadDate).toBeUndefined();
  expect(String(episode?.duration ?? (episode?.associatedMedia as { duration?: string })?.duration)).toMatch(/^PT/);
});

test('sermons by Scripture: book, then chapter', async ({ page }) => {
  await page.goto('/sermons/scripture');
  await expect(page.getByRole('heading', { level: 2, name: 'New Testament' })).toBeVisible();
  await page.getByRole('link', { name: 'Romans', exact: true }).click();
  await expect(page).toHaveURL(/\/sermons\/scripture\/romans$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sermons on Romans');
  await page.getByRole('navigation', { name: 'Chapters' }).getByRole('link', { name: '8', exact: true }).click();
  await expect(page).toHaveURL(/\/sermons\/scripture\/romans\/8$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sermons on Romans 8');
  await expect(rows(page).first()).toContainText('Romans 8');
  // OSIS abbreviations, other spellings and leading zeros redirect to the canonical path.
  for (const [from, to] of [
    ['/sermons/scripture/Rom/8', '/sermons/scripture/romans/8'],
    ['/sermons/scripture/romans/08/01', '/sermons/scripture/romans/8/1'],
  ]) {
    const res = await page.request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(res.headers().location, from).toBe(to);
  }
  // A verse lists the sermons whose text covers it: not one on Romans 8:28 under 8:1.
  const chapter = await (await page.request.get('/api/v2/node/sermons?book=Rom&chapter=8&pageSize=100')).json();
  const on28 = (chapter.results as { sermonID: string; bibleText: string }[]).find(
    (s) => s.bibleText === 'Romans 8:28',
  );
  expect(on28).toBeDefined();
  await page.goto('/sermons/scripture/romans/8/1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sermons on Romans 8:1');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.locator(`a.sermon-title[href="/sermons/${on28?.sermonID}"]`)).toHaveCount(0);
  // The link up names the book in the reader's language, as the heading does.
  await page.goto('/de/sermons/scripture/romans/8');
  await expect(page.getByRole('link', { name: 'Alle Predigten über Römer' })).toBeVisible();
});

test('filters the bar has no control for are applied, shown, kept and can be cleared', async ({ page }) => {
  const first = await (await page.request.get('/api/v2/node/sermons?pageSize=1')).json();
  const speaker = first.results[0].speaker as { speakerID: number; displayName: string };
  await page.goto(`/sermons?speakerID=${speaker.speakerID}`);
  await expect(rows(page).first()).toContainText(speaker.displayName);
  await expect(rows(page).last()).toContainText(speaker.displayName);
  const filters = page.getByRole('form', { name: 'Filter sermons' });
  const applied = filters.getByRole('listitem').filter({ hasText: speaker.displayName });
  await expect(applied).toBeVisible();
  // Another filter keeps it.
  await filters.getByLabel('Sort by').selectOption('oldest');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]speakerID=${speaker.speakerID}(&|$)`));
  await expect(page).toHaveURL(/[?&]sortBy=oldest(&|$)/);
  await applied.getByRole('link').click();
  await expect(page).toHaveURL(/\/sermons\?sortBy=oldest$/);
  await expect(applied).toHaveCount(0);
  // A value the API would refuse is dropped, never an error page.
  const res = await page.request.get('/sermons?speakerID=abc&duration=99999999999&media=doc&searchKeyword=a');
  expect(res.status()).toBe(200);
});

test('sermons by language, and the sermon lists answer with a short public cache', async ({ page, request }) => {
  await page.goto('/sermons/languages');
  await page.getByRole('link', { name: 'Spanish', exact: true }).click();
  await expect(page).toHaveURL(/\/sermons\/languages\/es$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sermons in Spanish');
  await expect(rows(page)).toHaveCount(25);

  for (const path of [
    '/sermons?page=2',
    '/sermons/staff-picks',
    '/sermons/featured',
    '/sermons/videos',
    '/sermons/clips',
    '/sermons/transcripts',
    '/sermons/categories',
    '/sermons/categories/sunday-am',
    '/sermons/topics',
    '/sermons/date',
    '/sermons/date/70s',
    '/sermons/date/week',
    '/sermons/date/2024/3',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['cache-control'], path).toBe('public, max-age=60, stale-while-revalidate=300');
  }
  // Empty on the demo, unless a journey gave a sermon a transcript (search-transcripts.spec.ts).
  await page.goto('/sermons/transcripts');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transcripts');
});

test('unknown languages, categories, topics and books, and pages past the end, show 404 pages', async ({ page }) => {
  const cases: [string, string][] = [
    ['/sermons/languages/xx', 'Language not found'],
    ['/sermons/categories/no-such-category', 'Category not found'],
    ['/sermons/topics/no-such-topic', 'Topic not found'],
    ['/sermons/scripture/no-such-book', 'This page could not be found'],
    ['/sermons/date/2024/2/30', 'This page could not be found'],
    // A page past the end of a list, in the visitor's language.
    ['/sermons?page=500', 'This page could not be found'],
    ['/sermons/categories/sunday-am?page=99999999', 'This page could not be found'],
    ['/de/sermons/videos?page=500', 'Diese Seite wurde nicht gefunden'],
  ];
  for (const [path, message] of cases) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message);
  }
});

test('filters a list does not have are taken out of the address, which then says what the list shows', async ({
  page,
  request,
}) => {
  const moved = await request.get('/de/sermons?languageCode=xx&sortBy=oldest&year=1200', { maxRedirects: 0 });
  expect(moved.status()).toBe(302);
  expect(moved.headers().location).toBe('/de/sermons?sortBy=oldest');
  // A form sent without JavaScript names every field, the empty ones too.
  await page.goto('/sermons/videos?languageCode=&eventType=&year=&sortBy=oldest');
  await expect(page).toHaveURL(/\/sermons\/videos\?sortBy=oldest$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('oldest');
});

test('the sermon list with its filter bar has no axe violations', async ({ page }) => {
  await page.goto('/sermons?languageCode=es&duration=600');
  await expectNoAxeViolations(page);
});

test('on a phone the filters fold away behind their name, so that sermons come first', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/sermons');
  await expect(page.getByLabel('Language', { exact: true })).toBeHidden();
  await expect(page.locator('li.sermon-row').first()).toBeInViewport();
  await page.getByText('Filter sermons', { exact: true }).click();
  await expect(page.getByLabel('Language', { exact: true })).toBeVisible();
  // Open while some filter applies; always open on a wide screen.
  await page.goto('/sermons?languageCode=de');
  await expect(page.getByLabel('Language', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/sermons');
  await expect(page.getByLabel('Language', { exact: true })).toBeVisible();
  await expect(page.getByText('Filter sermons', { exact: true })).toBeHidden();
});

test('a video sermon’s row shows its still: the WebP for the screen’s density, 96×54, linked to the sermon', async ({
  browser,
  baseURL,
}) => {
  for (const [scale, width] of [
    [1, 96],
    [2, 360],
  ] as const) {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1280, height: 900 },
      deviceScaleFactor: scale,
    });
    const page = await context.newPage();
    await page.goto('/sermons/videos');
    const row = rows(page)
      .filter({ has: page.locator('.sermon-thumb') })
      .first();
    const still = row.locator('.sermon-thumb img');
    await expect(still).toHaveAttribute('width', '96');
    await expect(still).toHaveAttribute('height', '54');
    await expect(still).toHaveAttribute('loading', 'lazy');
    await expect(still).toHaveJSProperty('complete', true);
    expect(await still.evaluate((img: HTMLImageElement) => [img.naturalWidth > 0, img.currentSrc])).toEqual([
      true,
      expect.stringMatching(new RegExp(`/video/thumbnail-${width}\\.webp$`)),
    ]);
    // The still and the title lead to the same sermon; only the title is in the tab order.
    const title = row.locator('a.sermon-title');
    await expect(row.locator('a.sermon-thumb')).toHaveAttribute('href', (await title.getAttribute('href')) ?? '');
    await expect(row.locator('a.sermon-thumb')).toHaveAttribute('tabindex', '-1');
    if (scale === 1) await expectNoAxeViolations(page);
    await context.close();
  }
});
