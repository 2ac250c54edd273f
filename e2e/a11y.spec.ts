import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { hydrated } from './islands.ts';

test('the home page has no axe violations, and its sermon titles carry their language', async ({ page, request }) => {
  const newest = await (await request.get('/api/v2/node/sermons?sortBy=newest&pageSize=5&lite=true')).json();
  await page.goto('/');
  await expectNoAxeViolations(page);
  // WCAG 3.1.2: a Korean title in the English page is read with a Korean voice.
  const langs = await page
    .getByRole('list', { name: 'Newest sermons' })
    .locator('a.sermon-title')
    .evaluateAll((titles) => titles.map((a) => a.lang));
  expect(langs).toEqual(newest.results.map((s: { languageCode: string }) => s.languageCode));
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

test('on a 320 px screen the German 404 page has no axe violations and nothing runs past the edge', async ({
  page,
  request,
}) => {
  const width = 320;
  await page.setViewportSize({ width, height: 640 });
  await page.goto('/de/no-such-page');
  await expectNoAxeViolations(page);
  // Nothing overflows the narrowest supported width.
  const overflow = () => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  // Every section of the main navigation comes into view when focused (the row scrolls sideways).
  const links = page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link');
  await expect(links).toHaveCount(4);
  for (const link of await links.all()) {
    await link.focus();
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, (await link.textContent()) ?? undefined).toBe(true);
  }
  // The header with the longest language name ('English (UK)') and the directory search forms
  // (English, and German with its longer labels) and the search sorts (Tamil) do not scroll sideways either.
  for (const path of ['/gb', '/speakers', '/de/broadcasters/search', '/ta/search?q=grace']) {
    await page.goto(path);
    expect.soft(await overflow(), path).toBeLessThanOrEqual(0);
  }
  // The player's settings panel (among 'More controls' on a phone) opens inside the screen, its
  // fields wrapped, in French (the longest labels), although its control sits at the left.
  const list = await (await request.get('/api/v2/node/sermons?media=audio&pageSize=1&lite=true')).json();
  const id = list.results[0]?.sermonID as string;
  expect(id).toBeTruthy();
  await page.goto(`/fr/sermons/${id}`);
  await page.getByRole('button', { name: 'Écouter l’audio' }).click();
  const player = page.locator('[data-player][data-mode="page"]');
  // Once it plays: until then the dock says its state on a line of its own, and a click whose
  // press and release straddle that line going (the button moves down) misses the button.
  await expect(player).toHaveAttribute('data-state', 'playing');
  // Its interface hydrates once the first sound has come (client:quiet).
  await hydrated(player);
  await player.getByRole('button', { name: 'Plus de commandes' }).click();
  await player.getByText('Réglages du lecteur').click();
  const panel = player.locator('.more .panel');
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= width, `panel ${JSON.stringify(box)}`).toBe(true);
  expect(await panel.evaluate((el) => el.scrollWidth - el.clientWidth), 'panel content').toBeLessThanOrEqual(0);
});
