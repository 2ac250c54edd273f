import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

/** The hymnal and the psalter (spec §2 "Hymnal and psalter"): index, a hymn, full screen, search, a psalm. */

test('from the hymnal to a hymn, its tunes, full screen and back, then a search', async ({ page }) => {
  // A long journey with five accessibility checks, one of a page listing all 274 hymns.
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer navigation' }).getByRole('link', { name: 'Hymnal' }).click();
  await expect(page).toHaveURL(/\/hymnal$/);
  await expect(page).toHaveTitle('Hymnal · Kerygma');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hymnal');
  const letters = page.getByRole('navigation', { name: 'Browse by letter' });
  await expect(letters.getByRole('link', { name: 'W', exact: true })).toHaveAttribute('href', '#letter-W');
  await expect(
    page.getByRole('list', { name: 'W' }).getByRole('link', { name: 'When I Survey the Wondrous Cross' }),
  ).toHaveCount(4);
  await expectNoAxeViolations(page, { label: '/hymnal' });

  await page.getByRole('link', { name: 'Abide With Me', exact: true }).click();
  await expect(page).toHaveURL(/\/hymnal\/169$/);
  await expect(page).toHaveTitle('Abide With Me · Hymnal · Kerygma');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abide With Me');
  await expect(page.getByText('Henry F. Lyte (1793-1847)')).toBeVisible();
  // The stanza is verse: its lines on lines of their own.
  const first = page.locator('.stanzas .stanza').first();
  await expect(first).toContainText('Abide with me; fast falls the eventide;');
  expect(await first.locator('br').count()).toBe(3);
  await expect(page.getByRole('link', { name: 'Luke 24:29' })).toHaveAttribute('href', '/sermons/scripture/luke/24');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/hymnal\/169$/);
  const structured = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '[]',
  );
  expect(structured[0]).toMatchObject({ '@type': 'MusicComposition', name: 'Abide With Me' });
  expect(structured[0].lyrics.text).toContain('Help of the helpless, O abide with me.');
  await expectNoAxeViolations(page, { label: '/hymnal/169' });

  // Another tune of the metre: the page shows the words with it (the tuneID query).
  const tunes = page.getByRole('region', { name: 'Tunes in this meter' });
  await expect(tunes.getByRole('link', { name: 'Eventide' })).toHaveAttribute('aria-current', 'true');
  await tunes.getByRole('link', { name: 'Slane' }).click();
  await expect(page).toHaveURL(/\/hymnal\/169\?tuneID=slane$/);
  await expect(page.getByText('The hymnal sets these words to Eventide.')).toBeVisible();
  await expect(tunes.getByRole('link', { name: 'Slane' })).toHaveAttribute('aria-current', 'true');

  await page.getByRole('link', { name: 'Full screen' }).click();
  await expect(page).toHaveURL(/\/hymnal\/169\/fullscreen\?tuneID=slane$/);
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'standalone-modal');
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abide With Me');
  await expect(page.getByText('Slane', { exact: true })).toBeVisible();
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/hymnal\/169$/);
  await expectNoAxeViolations(page, { label: '/hymnal/169/fullscreen' });
  // The browser's full screen is a button that says what it does, and what it will do next.
  const fill = page.getByRole('button', { name: 'Fill the screen' });
  await fill.click();
  await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
  await page.getByRole('button', { name: 'Exit full screen' }).click();
  await expect(fill).toBeVisible();
  await page.getByRole('link', { name: 'Back to the hymn' }).click();
  await expect(page).toHaveURL(/\/hymnal\/169\?tuneID=slane$/);

  // Search from the hymnal: the words typed become the address; best matches first.
  await page.goto('/hymnal');
  await page.getByLabel('Title, first line, author, tune or words').fill('wondrous cross');
  await page.getByRole('search', { name: 'Search the hymnal' }).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/hymnal\/search\/wondrous%20cross$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “wondrous cross”');
  await expect(
    page.getByRole('list', { name: 'Search results for “wondrous cross”' }).getByRole('link').first(),
  ).toHaveText('When I Survey the Wondrous Cross – Duke Street');
  await expectNoAxeViolations(page, { label: '/hymnal/search/wondrous cross' });
  await page.goto('/hymnal/search/ab');
  await expect(page.getByText('Search needs at least 3 characters')).toBeVisible();
});

test('from the psalter to a psalm of 1912, and to the same psalm in the Scottish Psalter', async ({ page }) => {
  // The psalter's index lists 575 psalms: its accessibility check takes a while.
  test.setTimeout(120_000);
  await page.goto('/hymnal');
  await page.getByRole('navigation', { name: 'Hymns and psalms' }).getByRole('link', { name: 'Psalter' }).click();
  await expect(page).toHaveURL(/\/psalter$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Psalter');
  await expect(
    page.getByRole('navigation', { name: 'Browse by psalm' }).getByRole('link', { name: 'Psalms 21–30' }),
  ).toHaveAttribute('href', '#psalm-21');
  await expectNoAxeViolations(page, { label: '/psalter' });

  await page.getByRole('list', { name: 'Psalm 23' }).getByRole('link', { name: 'The Lord Our Shepherd' }).click();
  await expect(page).toHaveURL(/\/psalter\/53$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Lord Our Shepherd');
  await expect(page.getByText('The Psalter (1912) · No. 53')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Psalm 23', exact: true }).first()).toHaveAttribute(
    'href',
    '/sermons/scripture/psalms/23',
  );
  await expect(page.locator('.stanzas .stanza').first()).toContainText("The Lord's my Shepherd, I'll not want;");
  // Tunes of the hymnal in its metre (the 1912 Psalter names none).
  await expect(
    page.getByRole('region', { name: 'Tunes in this meter' }).getByRole('link', { name: 'St. Anne' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, { label: '/psalter/53' });

  const elsewhere = page.getByRole('region', { name: 'Psalm 23 elsewhere in the psalter' });
  await elsewhere.getByRole('link', { name: 'Psalm 23', exact: true }).click();
  await expect(page).toHaveURL(/\/psalter\/scottish-23$/);
  await expect(page.getByText('Scottish Metrical Psalter (1650)').first()).toBeVisible();
  await expect(page.locator('.stanzas .stanza').first()).toContainText("The Lord's my shepherd, I'll not want.");

  await page.getByRole('link', { name: 'Full screen' }).click();
  await expect(page).toHaveURL(/\/psalter\/scottish-23\/fullscreen$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Psalm 23');
});

test('the psalter again under /rewrite: its links stay there, its canonical pages are the psalter’s', async ({
  page,
}) => {
  // The index lists 575 psalms.
  test.setTimeout(120_000);
  const canonical = page.locator('link[rel=canonical]');
  await page.goto('/rewrite/psalter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Psalter');
  await expect(canonical).toHaveAttribute('href', /^https?:\/\/[^/]+\/psalter$/);
  const books = page.getByRole('navigation', { name: 'Hymns and psalms' });
  await expect(books.getByRole('link', { name: 'Psalter' })).toHaveAttribute('href', '/rewrite/psalter');
  await expect(books.getByRole('link', { name: 'Hymnal' })).toHaveAttribute('href', '/hymnal');

  await page.getByRole('list', { name: 'Psalm 23' }).getByRole('link', { name: 'The Lord Our Shepherd' }).click();
  await expect(page).toHaveURL(/\/rewrite\/psalter\/53$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Lord Our Shepherd');
  await expect(canonical).toHaveAttribute('href', /^https?:\/\/[^/]+\/psalter\/53$/);
  await expect(page.locator('meta[name=robots]')).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Psalter' }),
  ).toHaveAttribute('href', '/rewrite/psalter');
  await expect(
    page
      .getByRole('region', { name: 'Psalm 23 elsewhere in the psalter' })
      .getByRole('link', { name: 'Psalm 23', exact: true }),
  ).toHaveAttribute('href', '/rewrite/psalter/scottish-23');
  await expect(
    page.getByRole('region', { name: 'Tunes in this meter' }).getByRole('link', { name: 'St. Anne' }),
  ).toHaveAttribute('href', '/rewrite/psalter/53?tuneID=st-anne');
  await expectNoAxeViolations(page, { label: '/rewrite/psalter/53' });

  await page.getByRole('link', { name: 'Full screen' }).click();
  await expect(page).toHaveURL(/\/rewrite\/psalter\/53\/fullscreen$/);
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'standalone-modal');
  await expect(canonical).toHaveAttribute('href', /^https?:\/\/[^/]+\/psalter\/53$/);
  await page.getByRole('link', { name: 'Back to the psalm' }).click();
  await expect(page).toHaveURL(/\/rewrite\/psalter\/53$/);

  // A search from there stays there; its results are no pages for search engines.
  await page.goto('/rewrite/psalter');
  await page.getByLabel('Title, first line, psalm or words').fill('shepherd');
  await page.getByRole('search', { name: 'Search the psalter' }).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/rewrite\/psalter\/search\/shepherd$/);
  const results = page.getByRole('list', { name: 'Search results for “shepherd”' }).getByRole('link');
  await expect(results.first()).toHaveAttribute('href', /^\/rewrite\/psalter\/[^/]+$/);
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');

  // Under a language prefix as everywhere.
  const german = await page.goto('/de/rewrite/psalter/53');
  expect(german?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Vollbild' })).toHaveAttribute(
    'href',
    '/de/rewrite/psalter/53/fullscreen',
  );
  await expect(canonical).toHaveAttribute('href', /^https?:\/\/[^/]+\/de\/psalter\/53$/);
});

test('a hymn or psalm that does not exist is a 404 page that says so', async ({ page }) => {
  for (const [path, message] of [
    ['/hymnal/9999', 'Hymn not found'],
    ['/hymnal/not-a-number/fullscreen', 'Hymn not found'],
    ['/psalter/414', 'Psalm not found'],
    ['/psalter/scottish-151', 'Psalm not found'],
    ['/rewrite/psalter/414', 'Psalm not found'],
    ['/rewrite/psalter/scottish-151/fullscreen', 'Psalm not found'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(message);
    await expect(page.locator('meta[name=robots]'), path).toHaveAttribute('content', 'noindex');
  }
  await expectNoAxeViolations(page, { label: '/psalter/scottish-151' });
});

test('under the German prefix the hymnal speaks German and links stay German', async ({ page }) => {
  const response = await page.goto('/de/hymnal');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gesangbuch');
  await expect(
    page.getByRole('navigation', { name: 'Fußzeilennavigation' }).getByRole('link', { name: 'Psalter' }),
  ).toHaveAttribute('href', '/de/psalter');
  await expect(page.getByRole('link', { name: 'Abide With Me', exact: true })).toHaveAttribute(
    'href',
    '/de/hymnal/169',
  );
  await page.getByRole('link', { name: 'Abide With Me', exact: true }).click();
  await expect(page).toHaveURL(/\/de\/hymnal\/169$/);
  await expect(page.getByRole('link', { name: 'Vollbild' })).toHaveAttribute('href', '/de/hymnal/169/fullscreen');
  await expect(page.getByRole('link', { name: 'Lukas 24:29' })).toHaveAttribute(
    'href',
    '/de/sermons/scripture/luke/24',
  );
  // The words stay in English, marked as such.
  await expect(page.locator('.stanzas')).toHaveAttribute('lang', 'en');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/de\/hymnal\/169$/);
  await expectNoAxeViolations(page, { label: '/de/hymnal/169' });
  const missing = await page.goto('/de/hymnal/9999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lied nicht gefunden');
});

test('hymns of the same title are told apart by their tune, in the index, the window name and the heading', async ({
  page,
}) => {
  await page.goto('/hymnal');
  const w = page.getByRole('list', { name: 'W' });
  for (const [id, tune] of [
    [68, 'Duke Street'],
    [69, 'Hamburg'],
    [70, 'O Waly Waly'],
    [71, 'Rockingham Old'],
  ] as const) {
    await expect(
      w.getByRole('link', { name: `When I Survey the Wondrous Cross – ${tune}`, exact: true }),
    ).toHaveAttribute('href', `/hymnal/${id}`);
  }
  await expect(page.getByRole('link', { name: 'Blest Be The Tie That Binds – Dennis', exact: true })).toHaveAttribute(
    'href',
    '/hymnal/194',
  );
  // A title no other hymn has stays as it is.
  await expect(page.getByRole('link', { name: 'Abide With Me', exact: true })).toHaveCount(1);

  await page.goto('/hymnal/69');
  await expect(page).toHaveTitle('When I Survey the Wondrous Cross – Hamburg · Hymnal · Kerygma');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('When I Survey the Wondrous Cross – Hamburg');
  await page.goto('/hymnal/69/fullscreen');
  await expect(page).toHaveTitle('When I Survey the Wondrous Cross – Hamburg · Full screen · Kerygma');
  await page.goto('/hymnal/search/wondrous%20cross');
  await expect(page.getByRole('link', { name: 'When I Survey the Wondrous Cross – O Waly Waly' })).toBeVisible();
});

test('A Great and Mighty Wonder: its section in the reader’s language, its copyright with a capital', async ({
  page,
}) => {
  await page.goto('/de/hymnal/25');
  const facts = page.locator('dl.facts');
  await expect(facts.locator('div').filter({ hasText: 'Rubrik' }).locator('dd')).toHaveText('Weihnachten');
  await expect(
    page.getByText('Copyright: public domain. This score is a part of the Open Hymnal Project'),
  ).toBeVisible();
  // Its refrain is the angels' hymn, sung.
  await expect(page.locator('.stanza.refrain')).toContainText('Repeat the hymn again:');
  await page.goto('/de/hymnal/25/fullscreen');
  await expect(page.getByRole('link', { name: 'Zurück zum Lied' })).toHaveAttribute('href', '/de/hymnal/25');
  await expect(page.getByRole('button', { name: 'Bildschirm füllen' })).toBeVisible();
});

test.describe('without JavaScript on a 320 px phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });

  test('no hymn or psalm page scrolls sideways; long facts wrap', async ({ page }) => {
    // The widest before: their facts (Scripture lists, names, '11s and 10s (11.10.11.10.11.10.11.10)') ran past the edge.
    for (const path of [
      '/hymnal/3',
      '/de/hymnal/3',
      '/hymnal/82',
      '/hymnal/113',
      '/hymnal/132',
      '/hymnal/25',
      '/psalter/283',
      '/psalter/284',
    ]) {
      await page.goto(path);
      const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      expect.soft(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
    }
    // And on a wide screen the page is as wide as the window.
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of ['/hymnal/3', '/de/hymnal/3', '/hymnal/199']) {
      await page.goto(path);
      const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      expect.soft(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
    }
  });
});
