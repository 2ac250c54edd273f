import { expect, test } from '@playwright/test';

test('the home page lists the newest sermons, staff picks and featured sermons, five each, each leading on', async ({
  page,
}) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Sermons from churches and ministries around the world',
  );
  await expect(page.getByText(/\d[\d,]* sermons/)).toBeVisible();
  const newest = page.getByRole('list', { name: 'Newest sermons' });
  await expect(newest.locator('li.sermon-row')).toHaveCount(5);
  // Each entry links to its sermon, its speaker and its broadcaster.
  const first = newest.locator('li.sermon-row').first();
  await expect(first.locator('a.sermon-title')).toHaveAttribute('href', /^\/sermons\/\d+$/);
  await expect(first.locator('a[href^="/speakers/"]')).toHaveCount(1);
  await expect(first.locator('a[href^="/broadcasters/"]')).toHaveCount(1);
  // The dots between a row's links are not part of their names.
  await expect(newest.getByRole('link', { name: /^·/ })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Staff picks' }).locator('li.sermon-row')).toHaveCount(5);
  const more = page.locator('p.more a');
  await expect(more.first()).toHaveText('View all');
  await expect(more.first()).toHaveAttribute('href', '/sermons');
  await expect(more.nth(1)).toHaveAttribute('href', '/sermons/staff-picks');
});

test('the API answers the spec shape on the same origin', async ({ request }) => {
  const res = await request.get('/api/v2/node/sermons?sortBy=newest');
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(Object.keys(body).sort()).toEqual(['next', 'nodeDisplayName', 'nodeType', 'results', 'totalCount']);
  expect(body.totalCount).toBeGreaterThanOrEqual(3000);
});
