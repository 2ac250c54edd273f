import { expect, type Page, test } from '@playwright/test';
import { LOCALES } from '../packages/i18n/src/locales.ts';
import { expectNoAxeViolations } from './axe.ts';

/**
 * What a listener on a small phone meets first: a header of two short lines in every language
 * (brand, search button and language picker; the sections in a row that scrolls sideways where
 * they do not fit).
 */

/** A phone's header leaves most of the first screen to the page (it took 154 to 230 px at 320 px). */
const HEADER_MAX = 100;

const headerHeight = (page: Page) =>
  page.locator('header.top').evaluate((header) => header.getBoundingClientRect().height);
const overflow = (page: Page) => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

test('at 320 and 390 px the header is two short lines in every language, each section reached with Tab', async ({
  page,
}) => {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 640 });
    for (const locale of LOCALES) {
      const label = `${locale.code} at ${width} px`;
      await page.goto(`${locale.prefix}/broadcasters`);
      expect.soft(await headerHeight(page), label).toBeLessThanOrEqual(HEADER_MAX);
      expect.soft(await overflow(page), label).toBeLessThanOrEqual(0);
      const row = page.locator('header .main-nav');
      // The current section is scrolled into view (the last one here).
      const current = row.locator('a[aria-current="page"]');
      await expect(current).toBeInViewport({ ratio: 1 });
      // Each section, reached with Tab, comes fully into view with its focus ring.
      await page.keyboard.press('Tab');
      for (const link of await row.getByRole('link').all()) {
        await link.focus();
        const seen = await link.evaluate((a) => {
          const box = a.getBoundingClientRect();
          const clip = (a.closest('.main-nav') as HTMLElement).getBoundingClientRect();
          const style = getComputedStyle(a);
          return {
            ring: a.matches(':focus-visible') && style.outlineStyle !== 'none',
            inView: box.left >= Math.max(clip.left, 0) - 0.5 && box.right <= Math.min(clip.right, innerWidth) + 0.5,
            // Drawn inside the link: the scrolling row would cut it off outside.
            ringInside: Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth) <= 0,
          };
        });
        expect
          .soft(seen, `${label}: ${await link.textContent()}`)
          .toEqual({ ring: true, inView: true, ringInside: true });
      }
    }
  }
});

test('on a phone the search button opens the search form under the brand line; Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/de');
  // Nothing moves once the page has loaded and its script has run.
  await page.waitForLoadState('load');
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) sum += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 500);
      }),
  );
  expect(shift).toBe(0);
  const form = page.getByRole('search', { name: 'Predigten, Prediger und Reihen durchsuchen' });
  await expect(form).toBeHidden();
  const button = page.getByRole('link', { name: 'Suche', exact: true });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const field = form.getByRole('searchbox');
  await expect(field).toBeFocused();
  await expect(form).toBeInViewport({ ratio: 1 });
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, { include: 'header.top', label: 'header with the search open' });
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  // Open again, search.
  await page.keyboard.press('Enter');
  await expect(field).toBeFocused();
  await page.keyboard.type('grace');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/de/search?q=grace');
});

test('on a wide screen the header is one line, its search form shown and no search button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const middle = (selector: string) =>
    page.locator(selector).evaluate((el) => {
      const box = el.getBoundingClientRect();
      return Math.round(box.top + box.height / 2);
    });
  const line = await middle('header .brand');
  for (const part of ['header .main-nav', 'header form.search', 'header .lang-slot'])
    expect(Math.abs((await middle(part)) - line), part).toBeLessThanOrEqual(2);
  await expect(page.locator('header .search-open')).toBeHidden();
});

test.describe('without JavaScript on a 320 px phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });

  test('the search button is a link to the search page, and the header is as short', async ({ page }) => {
    await page.goto('/fr/sermons');
    expect(await headerHeight(page)).toBeLessThanOrEqual(HEADER_MAX);
    await page.getByRole('link', { name: 'Rechercher', exact: true }).click();
    await expect(page).toHaveURL('/fr/search');
    await expect(page.getByRole('main').getByRole('searchbox')).toBeVisible();
  });
});
