import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { publish, type TestPublisher } from '../packages/server/src/test/rtmp-publisher.ts';
import { RTMP_PORT } from '../playwright.config.ts';
import { signIn, verifiedAccount } from './accounts.ts';

/**
 * Webcasts on the public site (issue 27): a real ffmpeg publisher pushes a test pattern with a
 * tone over RTMP to the server's ingest; the webcast shows on /webcasts, on the home page's
 * 'Live now' and as the broadcaster page's banner; its page plays it live in Chromium (the time
 * advances, the Live badge shows); the publisher stops and it becomes a replay, which plays; its
 * manager gives the replay a password, and a visitor watches it only with the right one.
 */

/** A demo broadcaster that may webcast (seed/demo-data.ts), not the dashboard journey's. */
const BROADCASTER = 'hopepres';
const poll = { timeout: 30_000, intervals: [250] };

type Webcast = { webcastID: string; title: string; state: string };

const liveWebcasts = async (request: APIRequestContext) =>
  ((await (await request.get(`/api/v2/node/webcasts?broadcasterID=${BROADCASTER}`)).json()) as { results: Webcast[] })
    .results;

/** The page's video time, once it has a source. */
const videoTime = (page: Page) =>
  page.locator('[data-live-player] video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** Waits until the page's video plays on: its time passes `from` and keeps moving. */
async function expectPlaying(page: Page, from = 0) {
  await expect.poll(() => videoTime(page), poll).toBeGreaterThan(from + 1);
  const at = await videoTime(page);
  await expect.poll(() => videoTime(page), poll).toBeGreaterThan(at);
}

test('a webcast goes live, is listed and played live, then becomes a replay behind a password', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? '';
  const title = `Evening worship ${Date.now().toString(36)}`;
  const admin = await verifiedAccount('webcaster', { broadcasterID: BROADCASTER, role: 2 });
  await signIn(page, origin, admin.username);
  const metadata = await page.request.put(`/api/v2/node/broadcasters/${BROADCASTER}/webcast_metadata`, {
    data: { defaultWebcastTitle: title, defaultWebcastReplay: 'listed', defaultWebcastPassword: null },
    headers: { origin },
  });
  expect(metadata.status()).toBe(200);
  const { streamKey } = (await metadata.json()) as { streamKey: string };

  // A visitor (no cookies: the pages the server's page cache keeps) sees nothing live yet.
  const early = await (await browser.newContext()).newPage();
  const listed = await early.goto('/webcasts');
  expect(listed?.headers()['cache-control']).toBe('public, max-age=10, stale-while-revalidate=20');
  await expect(early.getByRole('heading', { level: 1, name: 'Webcasts' })).toBeVisible();
  await expect(early.getByRole('link', { name: title })).toHaveCount(0);
  await early.goto('/');
  await expect(early.getByRole('link', { name: title })).toHaveCount(0);
  // The next visitor's browser has no copy of its own: what it sees is the server's.
  const visitor = await (await browser.newContext()).newPage();

  let publisher: TestPublisher | undefined = publish(`rtmp://127.0.0.1:${RTMP_PORT}/live/${streamKey}`);
  try {
    await expect.poll(async () => (await liveWebcasts(page.request)).length, poll).toBe(1);
    const [webcast] = await liveWebcasts(page.request);
    if (!webcast) throw new Error('no live webcast');
    expect(webcast.title).toBe(title);

    // Listed at once where it was not a moment ago: a webcast going live drops the cached pages.
    await visitor.goto('/webcasts');
    await expect(visitor.getByText(/\d+ webcasts? live now/)).toBeVisible();
    await expect(visitor.getByRole('list', { name: 'Live now' }).getByRole('link', { name: title })).toBeVisible();
    await visitor.goto('/');
    const liveNow = visitor.getByRole('region', { name: 'Live now' });
    await expect(liveNow.getByRole('link', { name: title })).toBeVisible();
    await visitor.goto(`/broadcasters/${BROADCASTER}`);
    await expect(visitor.getByRole('status').filter({ hasText: 'is live now' })).toBeVisible();

    // Its page plays it live.
    await visitor.goto('/webcasts');
    await visitor.getByRole('link', { name: title }).click();
    await expect(visitor).toHaveURL(new RegExp(`/webcasts/${BROADCASTER}/${webcast.webcastID}$`));
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const player = visitor.getByRole('region', { name: 'Webcast player' });
    await expect(player.getByText('Live', { exact: true })).toBeVisible();
    await player.getByRole('button', { name: 'Watch live' }).click();
    await expectPlaying(visitor);
    await expect(player.getByText('Live', { exact: true })).toBeVisible();
    // /live/{broadcaster} leads to it.
    const live = await visitor.request.get(`/live/${BROADCASTER}`, { maxRedirects: 0 });
    expect(live.status()).toBe(302);
    expect(live.headers().location).toBe(`/webcasts/${BROADCASTER}/${webcast.webcastID}`);

    // The publisher stops: after the offline time it ends, a replay.
    await publisher.stop();
    publisher = undefined;
    const replayApi = `/api/v2/node/broadcasters/${BROADCASTER}/webcasts/${webcast.webcastID}`;
    await expect
      .poll(async () => ((await (await page.request.get(replayApi)).json()) as Webcast).state, poll)
      .toBe('ended');
    // A new visitor (the first one's browser may keep the live pages half a minute, as told).
    const later = await (await browser.newContext()).newPage();
    await later.goto('/webcasts/recent');
    await expect(later.getByRole('link', { name: title })).toBeVisible();
    await later.goto('/webcasts');
    await expect(later.getByRole('link', { name: title })).toHaveCount(0);
    await later.goto(`/webcasts/${BROADCASTER}/${webcast.webcastID}`);
    const replay = later.getByRole('region', { name: 'Webcast player' });
    await expect(replay.getByText('Live', { exact: true })).toHaveCount(0);
    await replay.getByRole('button', { name: 'Play', exact: true }).click();
    await expectPlaying(later);

    // Its manager gives the replay a password: a visitor must give it to watch.
    const locked = await page.request.put(`/api/v2/webcasts/${webcast.webcastID}/webcast_metadata`, {
      data: { password: 'psalm 23' },
      headers: { origin },
    });
    expect(locked.status()).toBe(200);
    // Another visitor (the first one's browser keeps the open page a few seconds).
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto(`/webcasts/${BROADCASTER}/${webcast.webcastID}`);
    await expect(stranger.getByRole('heading', { level: 1, name: 'This webcast is protected' })).toBeVisible();
    await expect(stranger.getByRole('region', { name: 'Webcast player' })).toHaveCount(0);
    await stranger.getByLabel('Password').fill('psalm 22');
    await stranger.getByRole('button', { name: 'Watch', exact: true }).click();
    await expect(stranger.getByRole('alert')).toHaveText('Incorrect password');
    // Nor are its files served without it.
    const media = `/live-media/${webcast.webcastID}/index.m3u8`;
    expect((await stranger.request.get(media)).status()).toBe(403);
    await stranger.getByLabel('Password').fill('psalm 23');
    await stranger.getByRole('button', { name: 'Watch', exact: true }).click();
    await expect(stranger.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await stranger
      .getByRole('region', { name: 'Webcast player' })
      .getByRole('button', { name: 'Play', exact: true })
      .click();
    await expectPlaying(stranger);
    // The right password gave this browser the webcast's media pass.
    expect((await stranger.request.get(media)).status()).toBe(200);
    // …and the page keeps it: coming back, or in another language, plays without asking again.
    for (const path of [
      `/webcasts/${BROADCASTER}/${webcast.webcastID}`,
      `/de/webcasts/${BROADCASTER}/${webcast.webcastID}`,
    ]) {
      await stranger.goto(path);
      await expect(stranger.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(stranger.getByLabel(/Password|Passwort/)).toHaveCount(0);
      await expect(stranger.getByRole('region', { name: /Webcast/ })).toBeVisible();
    }
  } finally {
    await publisher?.stop();
  }
});

test('an unknown webcast or broadcaster is a 404 with the spec’s words', async ({ page }) => {
  const replay = await page.goto(`/webcasts/${BROADCASTER}/no-such-webcast`);
  expect(replay?.status()).toBe(404);
  await expect(page.getByText('Webcast replay not found')).toBeVisible();
  const broadcaster = await page.goto('/webcasts/no-such-church');
  expect(broadcaster?.status()).toBe(404);
  await expect(page.getByText('Broadcaster not found')).toBeVisible();
  expect((await page.goto('/es/live/no-such-church'))?.status()).toBe(404);
});
