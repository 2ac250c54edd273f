import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { sendAdminCommand } from '../packages/server/src/cli/admin-channel.ts';
import { DATA_DIR, signIn, verifiedAccount } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';
import { hydrated } from './islands.ts';
import { writtenTranscript } from './transcripts.ts';

/**
 * Search that understands sermons, and transcripts (issue 26): the passage a query names heads
 * the results, matched words are marked, a transcript's sentence plays from its second; a
 * sermon page's `?t=` starts the player there; signed-in listeners read a sermon's transcript,
 * follow it as it plays and find in it; /sermons/transcripts lists the sermons that have one.
 */

type LiteSermon = {
  sermonID: string;
  languageCode: string;
  displayTitle: string;
  audioDurationSeconds: number;
  hasAudio: boolean;
  hasVideo: boolean;
  broadcaster: { broadcasterID: string };
};

/** The demo's audio-only sermons, longest first (the longest is 4 minutes: room to start part-way). */
async function audioSermons(request: APIRequestContext): Promise<LiteSermon[]> {
  const response = await request.get('/api/v2/node/sermons?media=audio&pageSize=100&lite=true');
  expect(response.ok()).toBe(true);
  const { results } = (await response.json()) as { results: LiteSermon[] };
  return results.filter((s) => !s.hasVideo).sort((a, b) => b.audioDurationSeconds - a.audioDurationSeconds);
}

const player = (page: Page) => page.locator('[data-player][data-mode="page"]');
const media = (page: Page) => page.locator('[data-player-screen] video');
const currentTime = (page: Page) => media(page).evaluate((m: HTMLMediaElement) => m.currentTime);

test.beforeEach(async ({ page }) => {
  // A first-time listener: no sermon left part-way in this browser.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('search-transcripts-test')) {
      localStorage.clear();
      sessionStorage.setItem('search-transcripts-test', '1');
    }
  });
});

test('a sermon page’s ?t= plays from that second, on a fresh page and with the docked player playing another', async ({
  page,
  request,
}) => {
  const [long, other] = await audioSermons(request);
  if (!long || !other) throw new Error('the demo catalogue has too few audio sermons');

  await page.goto(`/sermons/${long.sermonID}?t=1:05`);
  const main = page.locator('main');
  await main.getByRole('button', { name: 'Play from 1:05' }).click();
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(65);
  expect(await currentTime(page)).toBeLessThan(75);
  // Started, it is the page's plain play button again: it pauses.
  await main.getByRole('button', { name: 'Pause audio' }).click();
  await expect(media(page)).toHaveJSProperty('paused', true);

  // Another sermon playing in the dock; a client-side navigation to this one at 0:40.
  await page.goto(`/sermons/${other.sermonID}`);
  await main.getByRole('button', { name: 'Play audio' }).click();
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  await page.evaluate((href) => {
    const link = document.createElement('a');
    link.href = href;
    link.textContent = 'The sermon at 0:40';
    document.querySelector('main')?.append(link);
  }, `/sermons/${long.sermonID}?t=40`);
  await page.getByRole('link', { name: 'The sermon at 0:40' }).click();
  await expect(page).toHaveURL(new RegExp(`/sermons/${long.sermonID}\\?t=40$`));
  await main.getByRole('button', { name: 'Play from 0:40' }).click();
  await expect(player(page).locator('[data-player-title]')).toHaveAttribute('href', `/sermons/${long.sermonID}`);
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(40);
  expect(await currentTime(page)).toBeLessThan(50);
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
});

/** The English audio sermon the transcript journeys use: the shortest, the quickest to transcribe. */
async function transcribedSermon(request: APIRequestContext): Promise<LiteSermon> {
  const english = (await audioSermons(request)).filter((s) => s.languageCode === 'en' && s.audioDurationSeconds >= 100);
  const sermon = english[english.length - 1];
  if (!sermon) throw new Error('no English audio sermon of 100 seconds in the demo');
  return sermon;
}

/**
 * Gives a demo sermon a transcript of known words with the broadcaster's API key
 * (e2e/transcripts.ts), published as its captions.
 */
async function giveTranscript(request: APIRequestContext, sermon: LiteSermon, baseURL: string) {
  const key = await sendAdminCommand(
    DATA_DIR,
    { command: 'api-key', broadcasterId: sermon.broadcaster.broadcasterID, label: 'e2e transcripts' },
    () => {},
  );
  expect(key).toMatchObject({ ok: true });
  const segments = [
    { start: 0, end: 20, text: 'Welcome, and let us open our Bibles together.' },
    { start: 20, end: 45, text: 'The steadfast love of the Lord never ceases; his mercies never come to an end.' },
    { start: 45, end: 70, text: 'They are new every morning: great is your faithfulness.' },
    { start: 70, end: 100, text: 'Mercy is not earned, it is given: that is what mercy means.' },
  ];
  const headers = { 'x-api-key': (key as { text: string }).text, origin: baseURL };
  await writtenTranscript(request, sermon.sermonID, headers, segments);
  // Published as captions, so listeners read it too (a draft is its broadcaster's alone).
  const published = await request.post(`/api/v2/node/sermons/${sermon.sermonID}/transcript/publish`, { headers });
  expect([200, 409], await published.text()).toContain(published.status());
  return segments;
}

async function signedInPage(browser: Browser, baseURL: string, username: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page, baseURL, username);
  return { context, page };
}

test('a sermon’s transcript: listed, invites a signed-out visitor to sign in, follows the player, finds, remembers', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const sermon = await transcribedSermon(request);
  if (!baseURL) throw new Error('no base URL');
  await giveTranscript(request, sermon, baseURL);

  // Listed among the sermons with a transcript, and that page is for search engines now.
  await page.goto('/sermons/transcripts');
  await expect(page.locator('main .sermon-list').getByRole('link', { name: sermon.displayTitle })).toBeVisible();
  await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);

  // Signed out: the toggle, closed; opened, an invitation to sign in that comes back here.
  await page.goto(`/sermons/${sermon.sermonID}`);
  const toggle = page.getByRole('button', { name: 'Transcript' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const invite = page.getByRole('link', { name: 'Sign in to read the transcript' });
  await expect(invite).toBeVisible();
  expect(new URL((await invite.getAttribute('href')) ?? '', baseURL).searchParams.get('next')).toBe(
    `/sermons/${sermon.sermonID}`,
  );

  // Signed in: the lines with their times.
  const { username } = await verifiedAccount('reader');
  const { context, page: reader } = await signedInPage(browser, baseURL, username);
  await reader.goto(`/sermons/${sermon.sermonID}`);
  const readerToggle = reader.getByRole('button', { name: 'Transcript' });
  // Signed in, it hydrates once in view (client:personal).
  await readerToggle.scrollIntoViewIfNeeded();
  await hydrated(readerToggle);
  await readerToggle.click();
  const lines = reader.locator('.transcript-lines li');
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(1)).toContainText('0:20');
  await expect(lines.nth(1)).toContainText('The steadfast love of the Lord never ceases');

  // A line's time plays the sermon from there, and the line being said is marked as it plays.
  await reader.getByRole('button', { name: 'Play from 0:45' }).click();
  await expect(player(reader)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => currentTime(reader)).toBeGreaterThanOrEqual(45);
  await expect(lines.nth(2)).toHaveAttribute('aria-current', 'true');
  await media(reader).evaluate((m: HTMLMediaElement) => {
    m.currentTime = 72;
  });
  await expect(lines.nth(3)).toHaveAttribute('aria-current', 'true');
  await expect(lines.nth(2)).not.toHaveAttribute('aria-current', 'true');

  // Find: only the lines with the words, the words marked.
  await reader.getByRole('searchbox', { name: 'Find in the transcript' }).fill('MERCY');
  await expect(reader.getByRole('status').filter({ hasText: '2 matches' })).toBeVisible();
  await expect(lines).toHaveCount(1);
  await expect(lines.locator('mark')).toHaveText(['Mercy', 'mercy']);
  await expectNoAxeViolations(reader, { include: '.transcript', label: 'the transcript, light' });
  await reader.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(reader, { include: '.transcript', label: 'the transcript, dark' });
  await reader.emulateMedia({ colorScheme: 'light' });
  await reader.getByRole('searchbox', { name: 'Find in the transcript' }).fill('');
  await expect(lines).toHaveCount(4);

  // Opened once, it opens by itself on the next visit (the user's web preferences).
  await reader.reload();
  await reader.getByRole('button', { name: 'Transcript' }).scrollIntoViewIfNeeded();
  await expect(reader.locator('.transcript-lines li')).toHaveCount(4);
  await expect(reader.getByRole('button', { name: 'Transcript' })).toHaveAttribute('aria-expanded', 'true');
  // Closed, it stays closed.
  await reader.getByRole('button', { name: 'Transcript' }).click();
  await expect
    .poll(async () => {
      const me = await reader.request.get('/api/v2/site/users');
      return JSON.parse(((await me.json()) as { web_preferences: string }).web_preferences).transcripts;
    })
    .toBe('hidden');
  await reader.reload();
  await reader.getByRole('button', { name: 'Transcript' }).scrollIntoViewIfNeeded();
  await hydrated(reader.getByRole('button', { name: 'Transcript' }));
  await expect(reader.getByRole('button', { name: 'Transcript' })).toHaveAttribute('aria-expanded', 'false');
  await context.close();
});

/**
 * Needs the lead's search (issue 26): `passage`, `didYouMean` and `searchMatch` in the search
 * answer, and transcripts searched.
 */
test('search: the passage a query names heads the results in the page’s language, matches are marked', async ({
  page,
}) => {
  await page.goto('/search?q=Romans%208');
  const heading = page.getByRole('heading', { level: 2, name: 'Sermons on Romans 8' });
  await expect(heading).toBeVisible();
  await expect(heading.getByRole('link', { name: 'Romans 8' })).toHaveAttribute('href', '/sermons/scripture/romans/8');

  await page.goto('/de/search?q=R%C3%B6m%208');
  const german = page.getByRole('heading', { level: 2, name: 'Predigten über Römer 8' });
  await expect(german).toBeVisible();
  await expect(german.getByRole('link', { name: 'Römer 8' })).toHaveAttribute('href', '/de/sermons/scripture/romans/8');
});

test('search: a misspelt word offers the corrected search, and a title’s matched word is marked', async ({
  page,
  request,
}) => {
  // The longest word of a demo title, and that word with a letter dropped.
  const titles = (await audioSermons(request)).map((s) => s.displayTitle).join(' ');
  const word = (titles.match(/\b[A-Za-z]{7,}\b/g) ?? []).sort((a, b) => b.length - a.length || a.localeCompare(b))[0];
  if (!word) throw new Error('no long word in a demo title');
  await page.goto(`/search?q=${encodeURIComponent(word)}`);
  await expect(page.locator('.sermon-title mark').first()).toHaveText(new RegExp(word, 'i'));

  const misspelt = `${word.slice(0, -2)}${word.slice(-1)}`;
  await page.goto(`/search?q=${encodeURIComponent(misspelt)}`);
  const suggestion = page.locator('.did-you-mean');
  await expect(suggestion).toContainText('Did you mean');
  await suggestion.getByRole('link').click();
  await expect(page.getByRole('searchbox', { name: 'Search for' })).toHaveValue(new RegExp(word, 'i'));
});

test('search: a transcript’s sentence shows under its sermon and plays from its second', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const sermon = await transcribedSermon(request);
  if (!baseURL) throw new Error('no base URL');
  await giveTranscript(request, sermon, baseURL);
  await page.goto('/search?q=steadfast%20love%20ceases');
  const row = page.locator(`.sermon-row[data-sermon-id="${sermon.sermonID}"]`);
  await expect(row.locator('.sermon-snippet-source')).toHaveText('From the transcript:');
  await expect(row.locator('.sermon-snippet mark').first()).toBeVisible();
  await expectNoAxeViolations(page, { include: 'main', label: 'search results with marks and snippets' });
  await row.getByRole('link', { name: 'Play from 0:20' }).click();
  await expect(page).toHaveURL(new RegExp(`/sermons/${sermon.sermonID}\\?t=20$`));
  await page.locator('main').getByRole('button', { name: 'Play from 0:20' }).click();
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(20);
});
