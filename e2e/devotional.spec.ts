import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { LOCALES } from '../packages/i18n/src/locales.ts';
import { expectNoAxeViolations } from './axe.ts';

/**
 * The daily devotional (/daily-devotional): today's readings, day by day navigation with links and
 * a form (no script needed), February 29, the German interface around English texts.
 */

const headings = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });

test('today’s readings, then the next day and back', async ({ page }) => {
  const response = await page.goto('/daily-devotional');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Daily devotional · Kerygma');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daily devotional');
  await expect(page.locator('.date')).toHaveText(/^Today, [A-Z][a-z]+ \d{1,2}$/);
  await expect(headings(page)).toHaveText(['Morning reading', 'Evening reading', 'Promise for the day']);
  // Each reading: its book, its key verse in English, a link to the sermons on that chapter.
  const readings = page.locator('section.reading');
  await expect(readings).toHaveCount(3);
  await expect(readings.locator('.byline')).toHaveText([
    'From Morning and Evening by Charles H. Spurgeon',
    'From Morning and Evening by Charles H. Spurgeon',
    'From Faith’s Checkbook by Charles H. Spurgeon',
  ]);
  await expect(readings.locator('blockquote cite')).toHaveCount(3);
  const sermonLinks = readings.getByRole('link', { name: /^Sermons on / });
  await expect(sermonLinks).toHaveCount(3);
  for (const href of await sermonLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) {
    expect(href).toMatch(/^\/sermons\/scripture\/[a-z0-9-]+\/\d+$/);
  }
  expect(await readings.locator('.text p').count()).toBeGreaterThan(3);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/daily-devotional$/);
  await expectNoAxeViolations(page, { label: 'today' });

  const today = (await page.locator('.date').textContent())?.replace('Today, ', '') ?? '';
  const days = page.getByRole('navigation', { name: 'Other days' });
  await days.getByRole('link', { name: /^Next day: / }).click();
  await expect(page).toHaveURL(/\/daily-devotional\?month=\d{1,2}&day=\d{1,2}$/);
  await expect(page.locator('.date')).not.toHaveText(new RegExp(`^(Today, )?${today}$`));
  await expect(headings(page)).toHaveText(['Morning reading', 'Evening reading', 'Promise for the day']);
  await page
    .getByRole('navigation', { name: 'Other days' })
    .getByRole('link', { name: `Previous day: ${today}` })
    .click();
  await expect(page).toHaveURL(/\/daily-devotional$/);
  await expect(page.locator('.date')).toHaveText(`Today, ${today}`);
});

test('February 29, picked with the form', async ({ page }) => {
  await page.goto('/daily-devotional');
  // The form: a month and a day, sent as a GET request.
  await page.getByLabel('Month').selectOption('2');
  await page.getByLabel('Day', { exact: true }).selectOption('29');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/daily-devotional\?month=2&day=29$/);
  await expect(page).toHaveTitle('February 29 · Daily devotional · Kerygma');
  await expect(page.locator('.date')).toHaveText(/^(Today, )?February 29$/);
  const checkbook = page.locator('section.reading').nth(2);
  await expect(checkbook.getByRole('heading', { level: 3 })).toHaveText('What Follows Us');
  await expect(checkbook.locator('cite')).toHaveText('Ps. 23:6');
  await expect(checkbook.getByRole('link', { name: 'Sermons on Psalms 23' })).toHaveAttribute(
    'href',
    '/sermons/scripture/psalms/23',
  );
  // The poem this reading quotes is missing from the source; the page says so.
  await expect(checkbook.locator('.note')).toHaveText('[The verse quoted here is missing from the source text.]');
  await expect(page.getByLabel('Month')).toHaveValue('2');
  await expect(page.getByLabel('Day', { exact: true })).toHaveValue('29');
  const days = page.getByRole('navigation', { name: 'Other days' });
  await expect(days.getByRole('link', { name: 'Previous day: February 28' })).toHaveAttribute(
    'href',
    /^\/daily-devotional(\?month=2&day=28)?$/,
  );
  await expect(days.getByRole('link', { name: 'Next day: March 1' })).toHaveAttribute(
    'href',
    /^\/daily-devotional(\?month=3&day=1)?$/,
  );
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/daily-devotional\?month=2&day=29$/);
  await expectNoAxeViolations(page, { label: 'February 29' });
});

test('a stanza keeps its lines, and the preface opens without script', async ({ page }) => {
  await page.goto('/daily-devotional?month=1&day=3');
  const morning = page.locator('section.reading').first();
  const stanza = morning.locator('p.stanza').last();
  await expect(stanza).toContainText('My God, I am thine');
  expect(await stanza.locator('br').count()).toBe(3);
  const preface = page.locator('details.preface');
  await preface.locator('summary').click();
  await expect(preface.locator('p').first()).toContainText('A promise from God may very instructively be compared');
});

test('a day that does not exist is a 404, another spelling of a day redirects', async ({ page, request }) => {
  for (const query of ['month=2&day=30', 'month=13&day=1', 'month=1', 'month=x&day=1']) {
    const response = await page.goto(`/daily-devotional?${query}`);
    expect(response?.status(), query).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('There is no such day');
  }
  await expect(page.getByRole('main').getByRole('link', { name: "Today's readings" })).toHaveAttribute(
    'href',
    '/daily-devotional',
  );
  await expectNoAxeViolations(page, { label: 'no such day' });
  const redirect = await request.get('/daily-devotional?month=02&day=09', { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers().location).toBe('/daily-devotional?month=2&day=9');
});

test('/de/daily-devotional: German around the English texts', async ({ page }) => {
  const response = await page.goto('/de/daily-devotional?month=3&day=1');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tägliche Andacht');
  await expect(page.locator('.date')).toHaveText(/^(Heute, )?1\. März$/);
  await expect(headings(page)).toHaveText(['Morgenandacht', 'Abendandacht', 'Verheißung des Tages']);
  await expect(page.getByText('Die Andachten sind auf Englisch, wie Spurgeon sie geschrieben hat.')).toBeVisible();
  await expect(page.locator('section.reading .text').first()).toHaveAttribute('lang', 'en');
  const days = page.getByRole('navigation', { name: 'Weitere Tage' });
  await expect(days.getByRole('link', { name: /^Vorheriger Tag: 29\. Februar/ })).toHaveAttribute(
    'href',
    /^\/de\/daily-devotional(\?month=2&day=29)?$/,
  );
  const hrefs = await page
    .getByRole('main')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => !href.startsWith('/de/'))).toEqual([]);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/de\/daily-devotional\?month=3&day=1$/);
  await expectNoAxeViolations(page, { label: 'German' });
});

test('every language has the page, in its own words', async ({ request }) => {
  for (const locale of LOCALES) {
    const messages = JSON.parse(readFileSync(`packages/i18n/messages/${locale.file}`, 'utf8'));
    const response = await request.get(`${locale.prefix}/daily-devotional?month=2&day=29`);
    expect(response.status(), locale.code).toBe(200);
    const html = await response.text();
    expect(html, locale.code).toContain(`<html lang="${locale.lang}"`);
    expect(html, locale.code).toMatch(new RegExp(`<h1[^>]*>${messages.devotional.title}</h1>`));
    expect(html, locale.code).toContain(messages.devotional.morning);
    expect(html, locale.code).toContain('What Follows Us');
  }
});

test('reached from the footer; fits a 320 px phone in dark mode', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Footer navigation' })
    .getByRole('link', { name: 'Daily devotional' })
    .click();
  await expect(page).toHaveURL(/\/daily-devotional$/);

  await page.setViewportSize({ width: 320, height: 640 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/daily-devotional?month=2&day=29');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const text = page.locator('section.reading .text p').first();
  const size = await text.evaluate((p) => Number.parseFloat(getComputedStyle(p).fontSize));
  expect(size).toBeGreaterThanOrEqual(16);
  // Dark mode: the layout's colours (light text on a dark page), and no contrast failures.
  const colour = await text.evaluate((p) => getComputedStyle(p).color);
  expect(colour).toBe('rgb(242, 240, 247)');
  await expectNoAxeViolations(page, { label: 'phone, dark' });
});
