import { expect, test } from '@playwright/test';

/** A navigation typed into the address bar (the root only detects the language then). */
const typedNavigation = { 'sec-fetch-site': 'none', 'sec-fetch-dest': 'document', accept: 'text/html' };

test('switching to German and back keeps the page', async ({ page }) => {
  await page.goto('/');
  const first = page.locator('li.sermon-row a.sermon-title').first();
  const path = await first.getAttribute('href');
  expect(path).toMatch(/^\/sermons\/\d+$/);
  await page.goto(path as string);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.locator('details.lang summary').click();
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(`/de${path}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toContainText('Predigten');
  expect((await page.context().cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('de');

  await page.locator('details.lang summary').click();
  await page.getByRole('link', { name: 'English', exact: true }).click();
  await expect(page).toHaveURL(path as string);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toContainText('Sermons');
  expect((await page.context().cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('en');
});

test('/de shows the German home page and navigation', async ({ page }) => {
  const response = await page.goto('/de');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Predigten von Gemeinden und Diensten aus aller Welt',
  );
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  for (const [name, href] of [
    ['Predigten', '/de/sermons'],
    ['Prediger', '/de/speakers'],
    ['Reihen', '/de/series'],
    ['Anbieter', '/de/broadcasters'],
  ])
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  await expect(page.getByRole('search').getByRole('button')).toHaveText('Suche');
  await expect(page.locator('form[role=search]')).toHaveAttribute('action', '/de/search');
  await expect(page.locator('li.sermon-row a.sermon-title').first()).toHaveAttribute('href', /^\/de\/sermons\/\d+$/);
  // Alternates for all 13 languages plus x-default, and a canonical URL.
  await expect(page.locator('link[rel=alternate][hreflang]')).toHaveCount(14);
  await expect(page.locator('link[rel=alternate][hreflang="x-default"]')).toHaveAttribute('href', /\/$/);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/de$/);
});

test('the root redirects to /de for a German browser', async ({ request }) => {
  const res = await request.get('/', {
    headers: { ...typedNavigation, 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe('/de');
  expect(res.headers()['set-cookie']).toContain('i18n_redirected=de');
  // The cookie wins over Accept-Language; other paths are never redirected.
  const cookie = await request.get('/', {
    headers: { ...typedNavigation, 'accept-language': 'de', cookie: 'i18n_redirected=fr' },
    maxRedirects: 0,
  });
  expect(cookie.headers().location).toBe('/fr');
  const deep = await request.get('/sermons', {
    headers: { ...typedNavigation, 'accept-language': 'de' },
    maxRedirects: 0,
  });
  expect(deep.status()).not.toBe(302);
});

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('lands on /de and can still choose English', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/de');
    await page.locator('details.lang summary').click();
    await page.getByRole('link', { name: 'English', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Sermons from churches and ministries around the world',
    );
    // The choice is remembered: the next visit to the root stays English.
    await page.goto('/');
    await expect(page).toHaveURL('/');
  });
});

// Each page is rendered with its own request's language, also while others render at the same
// time (they once shared one `Astro.locals`, and a 404 came out in another visitor's language).
test('concurrent pages in different languages each keep their own', async ({ request }) => {
  const cases = Array.from({ length: 48 }, (_, i) => {
    const lang = ['fr', 'ko', 'de', 'es'][i % 4] as string;
    return { lang, path: i % 8 < 4 ? `/${lang}/no-such-page-${i}` : `/${lang}/sermons` };
  });
  const pages = await Promise.all(cases.map(async (c) => ({ ...c, html: await (await request.get(c.path)).text() })));
  const wrong = pages.filter((p) => !p.html.includes(`<html lang="${p.lang}"`)).map((p) => p.path);
  expect(wrong).toEqual([]);
});

test("the player's shortcut list names the Space bar in the page's language", async ({ request }) => {
  expect(await (await request.get('/de')).text()).toMatch(/<kbd[^>]*>Leertaste \/ K<\/kbd>/);
  expect(await (await request.get('/')).text()).toMatch(/<kbd[^>]*>Space \/ K<\/kbd>/);
});
