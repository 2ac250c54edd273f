import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

/** The site map page (/sitemap): reached from the footer, every link answers, in every language. */

test('the footer leads to the site map, whose every link opens a page', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer navigation' }).getByRole('link', { name: 'Site map' }).click();
  await expect(page).toHaveURL(/\/sitemap$/);
  await expect(page).toHaveTitle('Site map · Kerygma');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site map');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText([
    'General',
    'Sermons',
    'Speakers',
    'Series',
    'Broadcasters',
    'Hymns and psalms',
  ]);
  await expectNoAxeViolations(page);

  // A site map that sends a reader to a missing page or through a redirect is broken.
  const hrefs = await main.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(35);
  expect(new Set(hrefs).size).toBe(hrefs.length);
  for (const href of hrefs) expect((await request.get(href, { maxRedirects: 0 })).status(), href).toBe(200);

  const speakers = main.locator('section', { has: page.getByRole('heading', { name: 'Speakers' }) });
  await speakers.getByRole('link', { name: 'Puritans' }).click();
  await expect(page).toHaveURL(/\/speakers\/puritans$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Puritans');
});

test('/de/sitemap is in German and links to the German pages', async ({ page }) => {
  const response = await page.goto('/de/sitemap');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seitenübersicht');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Reihen', exact: true })).toHaveAttribute('href', '/de/series');
  await expect(main.getByRole('link', { name: 'Puritaner' })).toHaveAttribute('href', '/de/speakers/puritans');
  await expect(main.getByRole('link', { name: '1950er' })).toHaveAttribute('href', '/de/sermons/date/50s');
  const hrefs = await main.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => !href.startsWith('/de'))).toEqual([]);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/de\/sitemap$/);
  await expectNoAxeViolations(page);
});
