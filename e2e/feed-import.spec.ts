import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn, verifiedAccount } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';
import { media, player } from './listening.ts';

/**
 * Importing a church's existing podcast feed (issue 25 "Feeds in"): its Uploader pastes the
 * feed's address, merges the two spellings of its preacher in the preview, imports, follows the
 * progress to the end, and a visitor plays an imported sermon on its public page. The feed and
 * its MP3s are served here, on loopback (the server under test allows it with
 * FEED_IMPORT_ALLOW_LOOPBACK, playwright.config.ts).
 */

const FIXTURES = path.resolve('test-results/feed-import-fixtures');

/** A short real MP3 (a tone of `hz`), made with ffmpeg. */
function tone(name: string, hz: number): string {
  const file = path.join(FIXTURES, name);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=f=${hz}:d=6`],
    ...['-c:a', 'libmp3lame', '-b:a', '64k', file],
  ]);
  return file;
}

/** A cover at the size podcast directories ask for. */
function cover(): string {
  const file = path.join(FIXTURES, 'cover.jpg');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=navy:s=1400x1400', '-frames:v', '1'],
    file,
  ]);
  return file;
}

type Episode = { guid: string; title: string; author: string; date: string; file: string; passage: string };

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The old host's feed: each run's guids and titles are new, so a rerun on the same data imports again. */
function rss(origin: string, title: string, episodes: Episode[]): string {
  const items = episodes.map((e) => {
    const size = readFileSync(path.join(FIXTURES, e.file)).length;
    return `
    <item>
      <title>${xmlText(e.title)}</title>
      <guid isPermaLink="false">${e.guid}</guid>
      <pubDate>${new Date(`${e.date}T15:00:00Z`).toUTCString()}</pubDate>
      <description>${xmlText(`A sermon on ${e.passage}.`)}</description>
      <itunes:author>${xmlText(e.author)}</itunes:author>
      <itunes:duration>6</itunes:duration>
      <enclosure url="${origin}/media/${e.file}" length="${size}" type="audio/mpeg"/>
    </item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>${xmlText(title)}</title>
    <link>${origin}/</link>
    <description>Sunday sermons from the old host</description>
    <language>en</language>
    <itunes:author>Hill Chapel</itunes:author>
    <itunes:image href="${origin}/cover.jpg"/>
    ${items.join('')}
  </channel>
</rss>`;
}

/** Serves the feed and its files on loopback, as the church's old host would. */
async function oldHost(feed: (origin: string) => string): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url.pathname === '/feed.xml') {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      response.end(feed(origin));
      return;
    }
    const name = url.pathname === '/cover.jpg' ? 'cover.jpg' : url.pathname.replace(/^\/media\//, '');
    if (!/^[\w-]+\.(mp3|jpg)$/.test(name)) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(path.join(FIXTURES, name));
      response.writeHead(200, {
        'content-type': name.endsWith('.mp3') ? 'audio/mpeg' : 'image/jpeg',
        'content-length': body.length,
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let host: { origin: string; server: Server };
const run = Date.now().toString(36);
const CHANNEL = `Hill Chapel Sermons ${run}`;
const vine: Episode = {
  guid: `hill-${run}-1`,
  title: `The Vine and the Branches ${run}`,
  author: 'Pastor John Smith',
  date: '2025-09-07',
  file: 'vine.mp3',
  passage: 'John 15:1-11',
};
const condemnation: Episode = {
  guid: `hill-${run}-2`,
  title: `No Condemnation ${run}`,
  author: 'Pastor Jon Smith',
  date: '2025-09-14',
  file: 'condemnation.mp3',
  passage: 'Romans 8:1-11',
};
const neighbour: Episode = {
  guid: `hill-${run}-3`,
  title: `Love Your Neighbour ${run}`,
  author: 'Pastor John Smith',
  date: '2025-09-21',
  file: 'neighbour.mp3',
  passage: 'Luke 10:25-37',
};
/** Pastor Jon Smith preached the second: the same preacher, misspelt by the old host. */
const EPISODES = [vine, condemnation, neighbour];

test.beforeAll(async () => {
  mkdirSync(FIXTURES, { recursive: true });
  tone('vine.mp3', 262);
  tone('condemnation.mp3', 330);
  tone('neighbour.mp3', 392);
  cover();
  host = await oldHost((origin) => rss(origin, CHANNEL, EPISODES));
});

test.afterAll(async () => {
  await new Promise((resolve) => host?.server.close(resolve));
});

test('a church imports its old podcast feed, merging two spellings of its preacher; a visitor plays a sermon', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const list = await (await page.request.get('/api/v2/node/broadcasters?pageSize=1&lite=true')).json();
  const broadcasterID: string = list.results[0].broadcasterID;
  const { username } = await verifiedAccount('importer', { broadcasterID, role: 3 });
  await signIn(page, baseURL ?? '', username);

  // An Uploader finds the screen in the dashboard's navigation.
  await page.goto('/dashboard-beta/sermons');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Import a podcast' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import a podcast feed');

  await page.getByLabel('Feed address').fill(`${host.origin}/feed.xml`);
  const read = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/feed-imports'),
  );
  await page.getByRole('button', { name: 'Read the feed' }).click();
  expect((await read).status()).toBe(201);
  await expect(page.getByRole('heading', { name: CHANNEL })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\?importID=\d+/);
  await expect(page.getByText('By Hill Chapel')).toBeVisible();
  const items = page.getByRole('table', { name: "The feed's items. Untick an item to leave it out." });
  await expect(items.getByRole('row')).toHaveCount(EPISODES.length + 1);
  const row = (title: string) => items.getByRole('row', { name: new RegExp(title) });
  await expect(row(condemnation.title)).toContainText('Pastor Jon Smith');
  await expect(row(condemnation.title)).toContainText('Romans 8:1-11');
  await expect(page.getByRole('textbox', { name: 'New feed address' })).toHaveValue(/^http/);
  await expectNoAxeViolations(page, { include: 'main', label: 'the feed import preview' });

  // The preacher's misspelt name is merged into the right one: the item follows.
  const merged = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/feed-imports/'));
  await page.getByRole('combobox', { name: 'Import Pastor Jon Smith as' }).selectOption('Pastor John Smith');
  expect((await merged).status()).toBe(200);
  await expect(row(condemnation.title)).toContainText('Pastor John Smith');
  // (Saved at once: checked once the server has it.)
  await page.getByLabel('Published', { exact: true }).click();
  await expect(page.getByLabel('Published', { exact: true })).toBeChecked();
  await expect(page.getByText(`${EPISODES.length} of ${EPISODES.length} items will be imported.`)).toBeVisible();

  // On a phone the preview fits the screen: its wide table scrolls on its own.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const status = page.getByRole('status').filter({ hasText: 'sermons made' });
  await expect(status).toContainText(`${EPISODES.length} of ${EPISODES.length} sermons made`);
  await expect(page.getByText('The import is finished.')).toBeVisible({ timeout: 150_000 });
  await expect(status).toContainText(`media ready for ${EPISODES.length}, failed for 0.`);

  // The merged preacher's sermon, on its public page for someone not signed in, plays.
  const href = await page.getByRole('link', { name: condemnation.title }).getAttribute('href');
  const sermonID = /\/sermons\/([^/]+)$/.exec(href ?? '')?.[1];
  expect(sermonID).toBeTruthy();
  const visitor = await browser.newPage();
  await visitor.goto(`/sermons/${sermonID}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(condemnation.title);
  await expect(visitor.getByRole('main')).toContainText('Pastor John Smith');
  await visitor.getByRole('main').getByRole('button', { name: 'Play audio' }).click();
  await expect(player(visitor)).toHaveAttribute('data-state', 'playing');
  expect(await media(visitor).evaluate((m: HTMLMediaElement) => m.currentSrc)).toMatch(/\.mp3$/);
  await visitor.close();
});
