import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

test('the home page has no axe violations', async ({ page }) => {
  await page.goto('/');
  await expectNoAxeViolations(page);
});

test('a sermon page has no axe violations, in light and dark mode', async ({ page, request }) => {
  // A sermon with video and audio players, to check the media controls too.
  const list = await (await request.get('/api/v2/node/sermons?requireVideo=true&pageSize=1')).json();
  const id = list.results[0]?.sermonID as string;
  expect(id).toBeTruthy();
  await page.goto(`/sermons/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
});

test('the German 404 page on a narrow screen has no axe violations', async ({ page }) => {
  const width = 320;
  await page.setViewportSize({ width, height: 640 });
  await page.goto('/de/no-such-page');
  await expectNoAxeViolations(page);
  // Nothing overflows the narrowest supported width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Every section of the main navigation is in view, none hidden past the edge.
  const links = page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link');
  await expect(links).toHaveCount(4);
  for (const link of await links.all()) {
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, (await link.textContent()) ?? undefined).toBe(true);
  }
});
