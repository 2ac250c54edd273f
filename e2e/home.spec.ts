import { expect, test } from '@playwright/test';

test('the home page lists the newest demo sermons', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Sermons from churches and ministries around the world',
  );
  const items = page.locator('li.sermon');
  await expect(items).toHaveCount(25);
  // Each entry links to its sermon and names a speaker and a broadcaster.
  await expect(items.first().locator('a.title')).toHaveAttribute('href', /^\/sermons\/\d+$/);
  await expect(page.getByText(/\d[\d,]* sermons/)).toBeVisible();
});

test('the API answers the spec shape on the same origin', async ({ request }) => {
  const res = await request.get('/api/v2/node/sermons?sortBy=newest');
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(Object.keys(body).sort()).toEqual(['next', 'nodeDisplayName', 'nodeType', 'results', 'totalCount']);
  expect(body.totalCount).toBeGreaterThanOrEqual(3000);
});
