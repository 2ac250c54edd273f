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

test('an unknown sermon shows the same error page', async ({ page }) => {
  const response = await page.goto('/sermons/1');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sermon not found');
  await expect(page.getByText('Error 404')).toBeVisible();
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
