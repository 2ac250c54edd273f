import { expect, test } from '@playwright/test';
import { hydrated } from './islands.ts';

test('the colour mode is chosen in the footer and remembered', async ({ page }) => {
  await page.goto('/');
  await hydrated(page.locator('footer'));
  const html = page.locator('html');
  await expect(html).not.toHaveAttribute('data-color-mode', /./);
  await page.getByLabel('Color mode').selectOption('dark');
  await expect(html).toHaveAttribute('data-color-mode', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-color-mode', 'dark');
  await expect(page.getByLabel('Color mode')).toHaveValue('dark');
  await page.getByLabel('Color mode').selectOption('system');
  await expect(html).not.toHaveAttribute('data-color-mode', /./);
});

test('the header has a skip link, the main navigation and a search form', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toHaveAttribute('href', '#main');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link')).toHaveText(['Sermons', 'Speakers', 'Series', 'Broadcasters']);
  await page.getByRole('searchbox').fill('grace');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/search?q=grace');
});

test('tabs of a page keep the scroll position; other pages start at the top (spec §2)', async ({ page }) => {
  const list = await (await page.request.get('/api/v2/node/speakers?pageSize=1&sortBy=sermon-count')).json();
  const speaker = list.results[0] as { speakerID: number };
  await page.setViewportSize({ width: 800, height: 500 });
  await page.goto(`/speakers/${speaker.speakerID}`);
  await expect(page.locator('li.sermon-row').first()).toBeVisible();
  // Scrolled at once, as a reader's own scrolling has ended by the time they click: a call
  // without a behavior would animate (the layout's scroll-behavior: smooth), and an animation
  // still running when the next page is shown goes on moving it after the router's jump.
  await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
  // Clicked in the page (a Playwright click would scroll the tab into view first).
  const clickLink = (selector: string) =>
    page.evaluate((s) => (document.querySelector(s) as HTMLAnchorElement).click(), selector);
  await clickLink('nav[aria-label="Speaker sections"] a[href$="/sermons"]');
  await expect(page).toHaveURL(/\/speakers\/\d+\/sermons$/);
  await expect(page.locator('nav[aria-label="Speaker sections"] a[href$="/sermons"]')).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(await page.evaluate(() => window.scrollY)).toBe(400);
  // A sermon is another page: it starts at the top.
  await clickLink('li.sermon-row a.sermon-title');
  await expect(page).toHaveURL(/\/sermons\/[^/]+$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // Back restores where the list was.
  await page.goBack();
  await expect(page).toHaveURL(/\/speakers\/\d+\/sermons$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
  // The next page of the list starts at its first rows, not where the last page ended.
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
  await clickLink('nav.pagination a[rel=next]');
  await expect(page).toHaveURL(/\/sermons\?page=2$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the colour mode chosen stays through a navigation within the site, the picker showing it', async ({ page }) => {
  await page.goto('/');
  await hydrated(page.locator('footer'));
  const html = page.locator('html');
  const picker = page.getByLabel('Color mode');
  await picker.selectOption('dark');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Speakers' }).click();
  await expect(page).toHaveURL('/speakers');
  await expect(html).toHaveAttribute('data-color-mode', 'dark');
  await expect(html).toHaveCSS('background-color', 'rgb(21, 20, 26)');
  await hydrated(page.locator('footer'));
  await expect(picker).toHaveValue('dark');
  await picker.selectOption('light');
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(html).toHaveAttribute('data-color-mode', 'light');
  await hydrated(page.locator('footer'));
  await expect(picker).toHaveValue('light');
});

test('the language menu closes with Escape, focus back on its button, and when focus leaves it', async ({ page }) => {
  await page.goto('/');
  await hydrated(page.locator('.lang-slot'));
  const menu = page.locator('details.lang');
  await menu.locator('summary').press('Enter');
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open');
  await expect(menu.locator('summary')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Tab');
  await expect(menu).not.toHaveAttribute('open');
});

test('the language menu by keyboard: Tab past its last language or a click elsewhere closes it; a language chosen is remembered', async ({
  page,
}) => {
  await page.goto('/sermons?sortBy=oldest');
  await hydrated(page.locator('.lang-slot'));
  const menu = page.locator('details.lang');
  const languages = menu.getByRole('link');
  await menu.locator('summary').press('Enter');
  await expect(menu).toHaveAttribute('open');
  await expect(languages).toHaveCount(13);
  // Forward through the 13 languages and out of the menu: it closes behind.
  for (let i = 0; i < 13; i++) await page.keyboard.press('Tab');
  await expect(languages.last()).toBeFocused();
  await expect(menu).toHaveAttribute('open');
  await page.keyboard.press('Tab');
  await expect(menu).not.toHaveAttribute('open');
  // A click anywhere else closes it too.
  await menu.locator('summary').click();
  await expect(menu).toHaveAttribute('open');
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu).not.toHaveAttribute('open');
  // Chosen with Enter: the same list in German, and remembered by the page itself, for the next
  // page may come from the browser's cache (here, a page the server never sees).
  await page.route('**/de/sermons?sortBy=oldest', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="de"><title>Predigten</title></html>' }),
  );
  await menu.locator('summary').press('Enter');
  await menu.getByRole('link', { name: 'Deutsch' }).press('Enter');
  await expect(page).toHaveURL('/de/sermons?sortBy=oldest');
  expect((await page.context().cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('de');
});

test('the focus ring of a tab is not cut off by the scrolling row of tabs', async ({ page }) => {
  const list = await (await page.request.get('/api/v2/node/speakers?pageSize=1&sortBy=sermon-count')).json();
  await page.goto(`/speakers/${list.results[0].speakerID}`);
  await page.keyboard.press('Tab'); // keyboard use: focus shows its ring
  for (const tab of await page.getByRole('navigation', { name: 'Speaker sections' }).getByRole('link').all()) {
    await tab.focus();
    const ring = await tab.evaluate((a) => {
      const style = getComputedStyle(a);
      const out = Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset);
      const box = a.getBoundingClientRect();
      const row = a.closest('ul') as HTMLElement;
      const clip = row.getBoundingClientRect();
      const top = clip.top + row.clientTop;
      const left = clip.left + row.clientLeft;
      return {
        shown: a.matches(':focus-visible') && style.outlineStyle !== 'none',
        inside:
          box.top - out >= top &&
          box.left - out >= left &&
          box.bottom + out <= top + row.clientHeight &&
          box.right + out <= left + row.clientWidth,
      };
    });
    expect(ring, (await tab.textContent()) ?? undefined).toEqual({ shown: true, inside: true });
  }
});

test('each search landmark has a name of its own, so that screen readers can tell them apart', async ({ page }) => {
  for (const path of ['/speakers', '/series/search', '/broadcasters']) {
    await page.goto(path);
    const names = await page
      .getByRole('search')
      .evaluateAll((forms) => forms.map((f) => f.getAttribute('aria-label') ?? ''));
    expect(names.length, path).toBe(2);
    expect(names.every(Boolean), path).toBe(true);
    expect(new Set(names).size, path).toBe(names.length);
  }
});
