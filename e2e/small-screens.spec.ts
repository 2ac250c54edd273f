import { expect, type Locator, type Page, test } from '@playwright/test';
import { LOCALES } from '../packages/i18n/src/locales.ts';
import { expectNoAxeViolations } from './axe.ts';
import { hydrated } from './islands.ts';

/**
 * What a listener on a small phone meets first: a header of two short lines in every language
 * (brand, search button and language picker; the sections in a row that scrolls sideways where
 * they do not fit), and sermon rows whose meta lines never start with a dot.
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
      await expectEachLinkShownWithTab(page, row, label);
    }
  }
});

/** Each link of a row that scrolls sideways, reached with Tab, comes fully into view with its focus ring. */
async function expectEachLinkShownWithTab(page: Page, row: Locator, label: string) {
  await hydrated(row);
  await page.keyboard.press('Tab');
  for (const link of await row.getByRole('link').all()) {
    await link.focus();
    const seen = await link.evaluate((a) => {
      const box = a.getBoundingClientRect();
      const clip = (a.closest('.scroll-row') as HTMLElement).getBoundingClientRect();
      const style = getComputedStyle(a);
      return {
        ring: a.matches(':focus-visible') && style.outlineStyle !== 'none',
        inView: box.left >= Math.max(clip.left, 0) - 0.5 && box.right <= Math.min(clip.right, innerWidth) + 0.5,
        // Drawn inside the link: the scrolling row would cut it off outside.
        ringInside: Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth) <= 0,
      };
    });
    expect.soft(seen, `${label}: ${await link.textContent()}`).toEqual({ ring: true, inView: true, ringInside: true });
  }
}

test('at 320 px the sermon lists are one row before the sermons, the current one in view', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/sermons', '/de/sermons/date', '/ta/sermons/scripture']) {
    await page.goto(path);
    const row = page.locator('nav.sermon-nav');
    // One line of pills (it was five at 320 px, 170 px before the first sermon).
    expect.soft(await row.evaluate((nav) => nav.getBoundingClientRect().height), path).toBeLessThanOrEqual(50);
    expect.soft(await overflow(page), path).toBeLessThanOrEqual(0);
    await expect(row.locator('a[aria-current="page"]')).toBeInViewport({ ratio: 1 });
    await expectEachLinkShownWithTab(page, row, path);
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

test('a right-to-left page (no language is, yet) fits a phone, its current section in view', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  // The page as it would come in a right-to-left language.
  await page.route('**/broadcasters', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('<html lang="en" dir="ltr"', '<html lang="en" dir="rtl"');
    await route.fulfill({ response, body });
  });
  await page.goto('/broadcasters');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await hydrated(page.locator('header .main-nav'));
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expect(page.locator('header .main-nav a[aria-current="page"]')).toBeInViewport({ ratio: 1 });
});

test('in a narrow desktop window with classic scrollbars the rows show none, and still scroll', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // Playwright hides scrollbars in headless Chromium; shown, they take room as on a desktop.
  const browser = await playwright.chromium.launch({ ...launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] });
  const page = await browser.newPage({ baseURL, viewport: { width: 320, height: 640 } });
  await page.goto('/sermons');
  for (const row of [page.locator('header .main-nav'), page.locator('nav.sermon-nav')]) {
    const name = await row.getAttribute('aria-label');
    const sizes = await row.evaluate((el) => ({
      scrollbar: el.offsetHeight - el.clientHeight,
      more: el.scrollWidth - el.clientWidth,
    }));
    expect.soft(sizes.scrollbar, `${name}: scrollbar height`).toBe(0);
    expect.soft(sizes.more, `${name}: width to scroll`).toBeGreaterThan(0);
    // A touchpad, or a wheel with Shift, scrolls it sideways; Tab brings each link into view.
    await row.hover();
    for (const [dx, dy, keys] of [
      [40, 0, ''],
      [0, 40, 'Shift'],
    ] as const) {
      await row.evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
      if (keys) await page.keyboard.down(keys);
      await page.mouse.wheel(dx, dy);
      if (keys) await page.keyboard.up(keys);
      await expect.poll(() => row.evaluate((el) => el.scrollLeft), `${name} ${keys}`).toBeGreaterThan(0);
    }
    await expectEachLinkShownWithTab(page, row, name ?? '');
  }
  await browser.close();
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

  test('the current section and the current sermon list are shown whole in their sideways rows', async ({ page }) => {
    // Both at the far end of their rows, cut off at the screen's edge until scrolled to.
    for (const path of ['/broadcasters', '/sermons/date', '/de/sermons/date']) {
      await page.goto(path);
      for (const row of [page.locator('header .main-nav'), page.locator('nav.sermon-nav')]) {
        if (!(await row.count())) continue;
        const current = row.locator('a[aria-current="page"]');
        await expect.soft(current, `${path}: ${await current.textContent()}`).toBeInViewport({ ratio: 1 });
      }
    }
    // The page itself is not scrolled to them.
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });
});

/**
 * Whether anything is painted in each region (document coordinates) of a screenshot of the
 * whole page: a pixel away from the region's first one by more than anti-aliasing.
 */
async function painted(page: Page, regions: { x: number; y: number; width: number; height: number }[]) {
  const png = (await page.screenshot({ fullPage: true })).toString('base64');
  return page.evaluate(
    async ({ png, regions }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      return regions.map(({ x, y, width, height }) => {
        if (width < 1 || height < 1) return false;
        const { data } = context.getImageData(x, y, width, height);
        for (let i = 4; i < data.length; i += 4)
          for (let c = 0; c < 3; c++) if (Math.abs((data[i + c] ?? 0) - (data[c] ?? 0)) > 48) return true;
        return false;
      });
    },
    { png, regions },
  );
}

/**
 * Each item of each sermon meta line after the first: whether it starts a line, and the strip
 * before its first letter where a dot would be (from the end of the item before on the same
 * line, or from 16 px before the row's text on a new line), in whole pixels of the page.
 */
const metaGaps = (page: Page) =>
  page.locator('.sermon-meta').evaluateAll((lines) => {
    const glyph = (item: Element, last: boolean) => {
      const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
      const texts: Text[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (node.textContent?.trim()) texts.push(node as Text);
      const text = last ? texts.at(-1) : texts[0];
      if (!text) return undefined;
      const range = document.createRange();
      const at = last ? text.length - 1 : (text.textContent?.search(/\S/) ?? 0);
      range.setStart(text, at);
      range.setEnd(text, at + 1);
      return range.getBoundingClientRect();
    };
    return lines.flatMap((line) => {
      const left = (line.closest('li') as Element).getBoundingClientRect().left;
      const items = [...line.children];
      return items.slice(1).flatMap((item, i) => {
        const first = glyph(item, false);
        const before = glyph(items[i] as Element, true);
        if (!first || !before) return [];
        const newLine = first.top >= before.bottom - 1;
        const from = newLine ? Math.max(0, left - 16) : before.right + 2;
        return [
          {
            item: item.textContent ?? '',
            newLine,
            region: {
              x: Math.round(from),
              y: Math.round(first.top + scrollY),
              width: Math.max(0, Math.floor(first.left - 2 - from)),
              height: Math.round(first.height),
            },
          },
        ];
      });
    });
  });

test('at 320 px no sermon meta line starts with a dot, and items on one line keep theirs', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/sermons', '/ta/sermons', '/search?q=grace']) {
    await page.goto(path);
    const gaps = await metaGaps(page);
    const ink = await painted(
      page,
      gaps.map((gap) => gap.region),
    );
    const wrapped = gaps.filter((gap) => gap.newLine);
    // The rows at 320 px do wrap; the check means something.
    expect(wrapped.length, path).toBeGreaterThan(5);
    expect(gaps.length - wrapped.length, path).toBeGreaterThan(5);
    for (const [i, gap] of gaps.entries())
      expect
        .soft(ink[i], `${path}: ${gap.newLine ? 'dot at the start of a line' : 'no dot'} before '${gap.item}'`)
        .toBe(!gap.newLine);
  }
});

test('the sermon page’s byline keeps its dot with the speaker wherever it wraps', async ({ page, request }) => {
  const list = await (await request.get('/api/v2/node/sermons?requireVideo=true&pageSize=1')).json();
  await page.goto(`/sermons/${list.results[0].sermonID}`);
  const lines = await page.locator('p.byline').evaluate((p) => {
    const dot = p.querySelector('span') as HTMLElement;
    const speaker = dot.previousElementSibling as HTMLElement;
    const range = document.createRange();
    range.setStart(dot.firstChild as Text, 1); // the dot, after the space before it
    range.setEnd(dot.firstChild as Text, 2);
    // From where the speaker's name alone fills the line to where the dot fits beside it (its last line).
    const from = Math.floor(speaker.getBoundingClientRect().width);
    const found: { width: number; dot: number; speaker: number }[] = [];
    for (let width = from; width <= from + 40; width++) {
      p.style.width = `${width}px`;
      found.push({
        width,
        dot: range.getBoundingClientRect().top,
        speaker: ([...speaker.getClientRects()].at(-1) as DOMRect).top,
      });
    }
    return found;
  });
  for (const line of lines) expect.soft(line.dot, `${line.width} px`).toBe(line.speaker);
});

test('breadcrumbs never start a line with ›: it stays beside the crumb before it', async ({ page, request }) => {
  const list = await (await request.get('/api/v2/node/sermons?pageSize=1')).json();
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [`/sermons/${list.results[0].sermonID}`, '/hymnal/1']) {
    await page.goto(path);
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    // Screen readers read the trail as before: each › between the crumbs it separates.
    const read = (await trail.ariaSnapshot())
      .split('\n')
      .map((line) => line.match(/- (?:link "(.+)"|text: (.+)|listitem: (.+))/))
      .flatMap((m) => (m ? [m[1] ?? m[2] ?? m[3]] : []))
      .join(' ')
      .replace(/\s*›\s*/g, ' › ');
    expect(read, path).toMatch(/^[^›]+( › [^›]+)+$/);
    const lines = await trail.locator('ol').evaluate((ol) => {
      /** A crumb's first or last letter. */
      const glyph = (li: Element, last: boolean) => {
        const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
        const texts: Text[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
        const text = (last ? texts.at(-1) : texts[0]) as Text;
        const range = document.createRange();
        range.setStart(text, last ? text.length - 1 : 0);
        range.setEnd(text, last ? text.length : 1);
        return range.getBoundingClientRect();
      };
      type Region = { x: number; y: number; width: number; height: number };
      const found: { width: number; crumb: string; gap: number; after: Region }[] = [];
      // Every width where a crumb can start a line, down to a single word.
      for (let width = 120; width <= ol.getBoundingClientRect().width; width += 4) {
        (ol as HTMLElement).style.width = `${width}px`;
        const left = ol.getBoundingClientRect().left;
        const items = [...ol.children];
        for (const [i, li] of items.entries()) {
          const first = glyph(li, false);
          const before = i > 0 && glyph(items[i - 1] as Element, true);
          if (before && first.top >= before.bottom - 1)
            found.push({
              width,
              crumb: li.textContent ?? '',
              gap: Math.round(first.left - left),
              // Where the › ends the line before, beside the crumb before.
              after: {
                x: Math.round(before.right + 2),
                y: Math.round(before.top + scrollY),
                width: 12,
                height: Math.round(before.height),
              },
            });
        }
      }
      return found;
    });
    expect(lines.length, path).toBeGreaterThan(0);
    // A crumb that starts a line starts it with its first letter...
    for (const line of lines) expect.soft(line.gap, `${path} at ${line.width} px: ${line.crumb}`).toBe(0);
    // ...and the › before it ends the line above.
    const [line] = lines as [(typeof lines)[number]];
    await trail.locator('ol').evaluate((ol, width) => {
      (ol as HTMLElement).style.width = `${width}px`;
    }, line.width);
    expect(await painted(page, [line.after]), path).toEqual([true]);
  }
});
