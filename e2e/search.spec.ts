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

test('the search page with pills and side results has no axe violations', async ({ page }) => {
  await page.goto('/search?q=john');
  await expectNoAxeViolations(page);
});
