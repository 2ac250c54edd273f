import { expect, test } from '@playwright/test';

test('an unknown page shows the 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
  await expect(page.getByText('Error 404')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return home' })).toHaveAttribute('href', '/');
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
});

test('the 404 page is translated under a locale prefix', async ({ page }) => {
  const response = await page.goto('/fr/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cette page est introuvable');
  await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/fr');
});

test('an address with bad percent-encoding shows the 404 page, not an API error', async ({ page, request }) => {
  const response = await page.goto('/de/sermons/%E0%A4%A');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Predigt nicht gefunden');
  const top = await request.get('/%ff');
  expect(top.status()).toBe(404);
  expect(await top.text()).toContain('This page could not be found');
  // A '%' written as '%25' is a character of the name, under a language prefix too.
  expect((await request.get('/de/speakers/100%25%20Grace')).status()).toBe(404);
  expect((await request.get('/de/speakers/search/100%25')).status()).toBe(200);
  // The API keeps its own error shape, also for a path it does not have.
  const unknown = await request.get('/api/v9/node/sermons');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ status: 404, code: 'not_found' });
  const api = await request.get('/api/v2/node/speakers/%E0%A4%A');
  expect(api.status()).toBe(400);
  expect(await api.json()).toMatchObject({ status: 400, code: 'bad_request' });
});

test('an unknown sermon shows the same error page', async ({ page }) => {
  const response = await page.goto('/sermons/1');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sermon not found');
  await expect(page.getByText('Error 404')).toBeVisible();
  // A path no page has below /sermons is not a missing sermon.
  const extra = await page.goto('/sermons/categories/sunday-am/extra');
  expect(extra?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
});

test('legacy paths answer 301 with the new path', async ({ request }) => {
  const cases: [string, string][] = [
    ['/sermoninfo.asp?SID=51202319240', '/sermons/51202319240'],
    ['/series.asp?seriesID=77', '/series/77'],
    ['/podcasts', '/series/podcasts'],
    ['/sitemap.xml', '/sitemap/index.xml'],
    ['/login?next=%2Fsermons', '/user/login?next=%2Fsermons'],
    ['/logout', '/user/logout'],
  ];
  for (const [from, to] of cases) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(res.headers().location, from).toBe(to);
  }
});
