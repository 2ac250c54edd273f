import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const scan = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`);
  expect(summary).toEqual([]);
};

test('the home page has no axe violations', async ({ page }) => {
  await page.goto('/');
  await scan(page);
});

test('a sermon page has no axe violations, in light and dark mode', async ({ page, request }) => {
  // A sermon with video and audio players, to check the media controls too.
  const list = await (await request.get('/api/v2/node/sermons?requireVideo=true&pageSize=1')).json();
  const id = list.results[0]?.sermonID as string;
  expect(id).toBeTruthy();
  await page.goto(`/sermons/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await scan(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await scan(page);
});

test('the German 404 page on a narrow screen has no axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/de/no-such-page');
  await scan(page);
  // Nothing overflows the narrowest supported width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
