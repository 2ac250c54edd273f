import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

test('a search from the header, then a result-type pill that keeps the query', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('searchbox').fill('john');
  await header.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=john$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “john”');
  const pills = page.getByRole('navigation', { name: 'Result types' });
  await expect(pills.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('li.sermon-row').first()).toBeVisible();

  await pills.getByRole('link', { name: 'Speakers' }).click();
  await expect(page).toHaveURL(/\/search\?q=john&type=speaker$/);
  await expect(pills.getByRole('link', { name: 'Speakers' })).toHaveAttribute('aria-current', 'page');
  // The tab is in the title, so the browser's history and tabs tell the lists apart.
  await expect(page).toHaveTitle('Search results for “john” · Speakers · Kerygma');
  await expect(page.getByRole('heading', { level: 2, name: 'Speakers' })).toBeVisible();
  await expect(page.locator('li.sermon-row')).toHaveCount(0);
});

test('search results sorted by title; the pills keep the sort', async ({ page }) => {
  await page.goto('/search?q=grace');
  await page.getByLabel('Sort by').selectOption('title');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/search\?q=grace&sort=title$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('title');
  const titles = await page.locator('li.sermon-row a.sermon-title').allTextContents();
  expect(titles.length).toBeGreaterThan(1);
  expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  await expect(
    page.getByRole('navigation', { name: 'Result types' }).getByRole('link', { name: 'Videos' }),
  ).toHaveAttribute('href', '/search?q=grace&type=videosermon&sort=title');
});

test('short and unmatched searches say so', async ({ page }) => {
  await page.goto('/search?q=ab');
  await expect(page.getByText('Search needs at least 3 characters')).toBeVisible();
  await page.goto('/search?q=zzqxjvw');
  await expect(page.getByText('No Results')).toBeVisible();
});

test('the other kinds of result and the totals on the pills come after the sermons, from one search both share', async ({
  page,
}) => {
  const sideSearches: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v2/node/search') sideSearches.push(url);
  });
  await page.goto('/search?q=john');
  await expect(page.locator('li.sermon-row').first()).toBeVisible();
  const speakers = page.getByRole('region', { name: 'Speakers' });
  await expect(speakers.getByRole('link').first()).toBeVisible();
  const pills = page.getByRole('navigation', { name: 'Result types' });
  // The sermons' total came with the page; the speakers' with the side search.
  await expect(pills.getByRole('link', { name: /^Sermons \d+\+?$/ })).toBeVisible();
  await expect(pills.getByRole('link', { name: /^Speakers \d+\+?$/ })).toBeVisible();
  expect(sideSearches.map((url) => url.searchParams.get('types'))).toEqual(['speaker,series,broadcaster,hashtag']);
  // A speaker found links to the speaker's page.
  await speakers.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/speakers\/\d+$/);
});

test('the search page with pills and side results has no axe violations', async ({ page }) => {
  await page.goto('/search?q=john');
  await expect(page.getByRole('region', { name: 'Speakers' })).toBeVisible();
  await expectNoAxeViolations(page);
});
