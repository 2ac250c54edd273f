import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { clock } from '../site/islands/player/meta.ts';
import { expectNoAxeViolations } from './axe.ts';

/** A published sermon of the demo catalogue with a playable file of that kind. */
async function sermonWith(request: APIRequestContext, kind: 'audio' | 'video') {
  const filter = kind === 'audio' ? 'requireAudio' : 'requireVideo';
  const list = await (await request.get(`/api/v2/node/sermons?${filter}=true&lite=false&pageSize=100`)).json();
  // biome-ignore lint/suspicious/noExplicitAny: API JSON
  const sermon = list.results.find((s: any) => s.media[kind].some((m: any) => m.streamURL && m.mediaType !== 'aac'));
  expect(sermon, `a demo sermon with ${kind}`).toBeTruthy();
  return sermon as {
    sermonID: string;
    fullTitle: string;
    audioDurationSeconds: number;
    videoDurationSeconds: number;
    speaker: { speakerID: number; displayName: string };
    broadcaster: { broadcasterID: string; displayName: string };
  };
}

/** The site's player in the embed: its play button, then time runs. */
async function play(page: Page) {
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const media = page.locator('[data-player] video');
  await expect.poll(() => media.evaluate((m: HTMLMediaElement) => m.currentTime)).toBeGreaterThan(0.3);
}

test('an audio embed plays in a frame on another site and links back to the sermon', async ({ page, request }) => {
  const sermon = await sermonWith(request, 'audio');
  const path = `/embed/classic/player/a/${sermon.sermonID}`;
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-security-policy']).toContain('frame-ancestors *');
  expect(response.headers()['x-frame-options']).toBeUndefined();
  // Only embeds say so: other pages refuse to be framed.
  const sermons = (await request.get('/sermons')).headers();
  expect(sermons['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(sermons['x-frame-options']).toBe('DENY');

  // Another site (another port: another origin) whose page frames the player.
  const embedUrl = new URL(path, test.info().project.use.baseURL);
  const partner = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Partner</title><iframe src="${embedUrl.href}" width="400" height="360"></iframe>`);
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  const { port } = partner.address() as AddressInfo;
  await page.goto(`http://127.0.0.1:${port}/`);
  const frame = page.frameLocator('iframe');
  const title = frame.getByRole('link', { name: sermon.fullTitle });
  await expect(title).toBeVisible();
  await expect(frame.getByText(sermon.speaker.displayName, { exact: false })).toBeVisible();
  // The title opens the sermon page in a new tab, not inside the frame.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), title.click()]);
  expect(new URL(tab.url()).pathname).toBe(`/sermons/${sermon.sermonID}`);
  await tab.close();
  partner.close();

  // The player itself, opened directly: no site chrome, and it plays.
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await expect(page.locator('[data-player]')).toHaveAttribute('data-kind', 'audio');
  await play(page);
});

test('an embed stands ready to play: its title, duration and Play, no "Loading" and nothing downloaded before Play', async ({
  page,
  request,
}) => {
  const audio = await sermonWith(request, 'audio');
  const video = await sermonWith(request, 'video');
  // The sermon's own files (its still and the waveform's peaks are not).
  const downloads: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/media/') && !/\.(webp|jpe?g|png|svg)$/.test(path)) downloads.push(path);
  });
  for (const [path, sermon] of [
    [`/embed/classic/player/a/${audio.sermonID}`, audio],
    [`/embed/classic/player/v/${video.sermonID}`, video],
  ] as const) {
    downloads.length = 0;
    await page.goto(path);
    const player = page.locator('[data-player]');
    await expect(player).not.toHaveAttribute('data-state', 'static');
    // The script has taken over: the sermon stands ready, as the server rendered it.
    await expect(player).toHaveAttribute('data-state', 'loaded');
    await expect(player.getByRole('link', { name: sermon.fullTitle })).toBeVisible();
    const duration = player.locator('[data-player-duration]');
    await expect(duration).toHaveText(clock(sermon.audioDurationSeconds || sermon.videoDurationSeconds));
    await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expect(player.getByRole('status')).toBeEmpty();
    await expect(player).not.toContainText('Loading');
    await page.waitForLoadState('networkidle');
    expect(downloads, path).toEqual([]);

    // A browser may fetch the metadata anyway: still ready, with the file's own duration.
    const media = player.locator('video');
    await media.evaluate((m: HTMLMediaElement) => {
      m.preload = 'metadata';
    });
    await expect.poll(() => media.evaluate((m: HTMLMediaElement) => m.readyState)).toBeGreaterThan(0);
    await expect(player).toHaveAttribute('data-state', 'loaded');
    await expect(player.getByRole('status')).toBeEmpty();
    await expect(duration).toHaveText(clock(await media.evaluate((m: HTMLMediaElement) => m.duration)));

    await play(page);
    await expect(player).toHaveAttribute('data-state', 'playing');
  }
});

test('where the browser has no HLS of its own, a video embed fetches neither hls.js nor its stream before Play', async ({
  page,
  request,
}) => {
  const video = await sermonWith(request, 'video');
  await page.addInitScript(() => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type) {
      return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
    };
  });
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  const hls = () => fetched.filter((p) => /\/_astro\/hls\.[\w-]+\.js$|\.m3u8$|\/hls\//.test(p));
  await page.goto(`/embed/classic/player/v/${video.sermonID}`);
  const player = page.locator('[data-player]');
  await expect(player).toHaveAttribute('data-state', 'loaded');
  await page.waitForLoadState('networkidle');
  expect(hls()).toEqual([]);
  // Moved on before Play, it plays from there.
  await player.getByRole('slider', { name: 'Seek' }).press('ArrowRight');
  await expect(player.locator('[data-player-current]')).toHaveText('0:15');
  const stream = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('.m3u8'));
  await play(page);
  await stream;
  expect(await player.locator('video').evaluate((m: HTMLMediaElement) => m.currentTime)).toBeGreaterThanOrEqual(15);
  expect(hls().filter((p) => p.endsWith('.js'))).toHaveLength(1);
  // The picture's size is known once its first segment is decoded, a moment after the playlist.
  await expect.poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
});

test('a video embed shows its video; an unknown sermon is a 404 inside the embed layout', async ({ page, request }) => {
  const sermon = await sermonWith(request, 'video');
  await page.goto(`/embed/classic/player/v/${sermon.sermonID}`);
  await expect(page.locator('[data-player]')).toHaveAttribute('data-kind', 'video');
  await expect(page.locator('[data-player] video')).toBeVisible();
  await play(page);
  expect(await page.locator('[data-player] video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);

  const missing = await page.goto('/embed/classic/player/a/999999999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText('Sermon not found');
  await expect(page.getByRole('link', { name: 'Open on Kerygma' })).toHaveAttribute('target', '_blank');
});

test("a video embed's captions show over its picture", async ({ page, request }) => {
  const video = await sermonWith(request, 'video');
  const dir = path.resolve(
    process.env.E2E_DATA_DIR ?? 'test-results/e2e-data',
    'media',
    video.sermonID,
    'e2e-captions',
  );
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'en.vtt'), 'WEBVTT\n\n00:00.000 --> 10:00.000\nGrace and peace to you.\n');
  const embed = `/embed/classic/player/v/${video.sermonID}`;
  // The sermon as the embed has it, with a caption track in its media list.
  await page.route(embed, async (route) => {
    const html = await (await route.fetch()).text();
    const captions = [{ url: `/media/${video.sermonID}/e2e-captions/en.vtt`, language: 'en', label: 'English' }];
    await route.fulfill({
      body: html.replace('"captions":[]', `"captions":${JSON.stringify(captions)}`),
      contentType: 'text/html',
    });
  });
  await page.addInitScript(() => localStorage.setItem('player-settings', JSON.stringify({ captions: 'en' })));
  await page.goto(embed);
  await play(page);
  const track = () =>
    page.locator('[data-player] video').evaluate((m: HTMLVideoElement) => {
      const t = m.textTracks[0];
      return { mode: t?.mode, cue: [...(t?.activeCues ?? [])].map((c) => (c as VTTCue).text).join('\n') };
    });
  await expect.poll(track).toEqual({ mode: 'showing', cue: 'Grace and peace to you.' });
  await expect(page.locator('[data-player] [data-player-cue]')).toBeHidden();
});

test('the legacy player addresses show the same players; a locale prefix goes to the English embed', async ({
  page,
  request,
}) => {
  const sermon = await sermonWith(request, 'audio');
  await page.goto(`/player/sermon/legacy/${sermon.sermonID}`);
  await expect(page.getByRole('link', { name: sermon.fullTitle })).toBeVisible();
  await expect(page.locator('[data-player]')).toHaveAttribute('data-kind', 'audio');

  const video = await sermonWith(request, 'video');
  await page.goto(`/player/sermon/legacy/video/${video.sermonID}`);
  await expect(page.locator('[data-player]')).toHaveAttribute('data-kind', 'video');

  await page.goto(`/de/embed/classic/player/a/${sermon.sermonID}`);
  expect(new URL(page.url()).pathname).toBe(`/embed/classic/player/a/${sermon.sermonID}`);
  await expect(page.getByRole('link', { name: 'Open on Kerygma' })).toBeVisible();
});

test("a broadcaster's playlist plays the sermon picked and the filtered route filters", async ({ page, request }) => {
  const sermon = await sermonWith(request, 'audio');
  await page.goto(`/embed/classic/player/l/${sermon.broadcaster.broadcasterID}`);
  await expect(
    page.getByRole('heading', { name: `Latest sermons from ${sermon.broadcaster.displayName}` }),
  ).toBeVisible();
  await expect(page.locator('nav ol a').first()).toHaveAttribute('aria-current', 'true');

  // The newest sermons with audio: picking one plays it in the player.
  await page.goto('/embed/classic/player/a');
  const items = page.locator('nav ol a');
  expect(await items.count()).toBeGreaterThan(2);
  await expect(items.first()).toHaveAttribute('aria-current', 'true');
  const second = items.nth(1);
  const picked = JSON.parse((await second.getAttribute('data-player-sermon')) ?? '{}') as { title: string };
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('[data-player] [data-player-title]')).toHaveText(picked.title);
  const media = page.locator('[data-player] video');
  await expect.poll(() => media.evaluate((m: HTMLMediaElement) => m.currentTime)).toBeGreaterThan(0.3);
  // The entry playing is the one marked, and the only one.
  await expect(page.locator('nav ol a[aria-current]')).toHaveCount(1);
  await expect(second).toHaveAttribute('data-playing', 'true');
  await expect(items.first()).toHaveAttribute('data-playing', 'false');

  // At its end the next entry in the list plays, in this playlist, and is marked instead.
  const third = items.nth(2);
  const next = JSON.parse((await third.getAttribute('data-player-sermon')) ?? '{}') as { title: string };
  await media.evaluate((m: HTMLMediaElement) => {
    m.currentTime = Math.max(0, m.duration - 1);
  });
  await expect(page.locator('[data-player] [data-player-title]')).toHaveText(next.title, { timeout: 10_000 });
  await expect(third).toHaveAttribute('aria-current', 'true');
  await expect(second).not.toHaveAttribute('aria-current');
  await expect(third).toHaveAttribute('data-playing', 'true');
  await expect.poll(() => media.evaluate((m: HTMLMediaElement) => !m.paused && m.currentTime > 0.3)).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/embed/classic/player/a');

  await page.goto(`/embed/classic/player/a/speaker/${sermon.speaker.speakerID}`);
  await expect(page.getByRole('heading', { name: sermon.speaker.displayName })).toBeVisible();
  await expect(page.locator('nav ol a').first()).toBeVisible();
  const unknown = await page.goto('/embed/classic/player/a/speaker/999999');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText('Speaker not found');
  expect((await page.goto('/embed/classic/player/a/colour/blue'))?.status()).toBe(404);
});

test('a playlist stays in place when its waveform comes, and a sermon picked before the player has loaded plays', async ({
  page,
}) => {
  // The waveform is drawn once the page is idle, in room the seek bar kept for it: the entries
  // below do not move (a click pressed on one and released on another would pick nothing).
  let drawWaveform!: () => void;
  const waveform = new Promise<void>((resolve) => {
    drawWaveform = resolve;
  });
  await page.route('**/waveform', async (route) => {
    await waveform;
    await route.continue();
  });
  await page.goto('/embed/classic/player/a');
  const second = page.locator('nav ol a').nth(1);
  const before = await second.boundingBox();
  expect(before).not.toBeNull();
  drawWaveform();
  await expect(page.locator('[data-player] [data-player-seek]')).toHaveClass(/has-wave/);
  expect(await second.boundingBox()).toEqual(before);

  // A slow phone shows the list before the player's script has run: a sermon picked then is
  // marked at once and plays in this playlist when the player is ready (not a trip to its own page).
  let runScripts!: () => void;
  const scripts = new Promise<void>((resolve) => {
    runScripts = resolve;
  });
  await page.route('**/_astro/*.js', async (route) => {
    await scripts;
    await route.continue();
  });
  await page.goto('/embed/classic/player/a', { waitUntil: 'commit' });
  const picked = JSON.parse((await second.getAttribute('data-player-sermon')) ?? '{}') as { title: string };
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('nav ol a[aria-current]')).toHaveCount(1);
  runScripts();
  await expect(page.locator('[data-player] [data-player-title]')).toHaveText(picked.title);
  expect(new URL(page.url()).pathname).toBe('/embed/classic/player/a');
  await expect
    .poll(() => page.locator('[data-player] video').evaluate((m: HTMLMediaElement) => m.currentTime))
    .toBeGreaterThan(0.3);
});

/**
 * Holds the page's scripts (a slow phone paints before they run): `hold()` stops them until the
 * function it returns is called.
 */
async function scriptGate(page: Page): Promise<{ hold(): () => void }> {
  let held = Promise.resolve();
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return {
    hold() {
      let release!: () => void;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}

test('an embed shows its player from the first paint, and nothing moves when the scripts run', async ({
  page,
  request,
}) => {
  // The player is on screen before its script has run, in its final size: the list below it is
  // where it will stay (a tap aimed at an entry lands on it), and the title is there to read.
  const scripts = await scriptGate(page);
  let runScripts = scripts.hold();
  await page.goto('/embed/classic/player/a', { waitUntil: 'commit' });
  const entries = page.locator('nav ol a');
  const second = entries.nth(1);
  await expect(second).toBeVisible();
  const first = JSON.parse((await entries.first().getAttribute('data-player-sermon')) ?? '{}') as { title: string };
  const title = page.locator('[data-player] [data-player-title]');
  await expect(title).toBeVisible();
  await expect(title).toHaveText(first.title);
  // The engine has not run: the player is as the server rendered it.
  expect(await page.locator('[data-player]').getAttribute('data-state')).toBe('static');
  const before = await second.boundingBox();
  expect(before).not.toBeNull();
  runScripts();
  // The player has taken its sermon, ready to play, and drawn its waveform.
  await expect(page.locator('[data-player]')).toHaveAttribute('data-state', 'loaded');
  await expect(page.locator('[data-player] [data-player-seek]')).toHaveClass(/has-wave/);
  await expect(title).toHaveText(first.title);
  expect(await second.boundingBox()).toEqual(before);

  // A video embed (its iframe's size, embedSize): the 16:9 screen with the poster before the script.
  const video = await sermonWith(request, 'video');
  await page.setViewportSize({ width: 640, height: 580 });
  runScripts = scripts.hold();
  await page.goto(`/embed/classic/player/v/${video.sermonID}`, { waitUntil: 'commit' });
  const screen = page.locator('[data-player] [data-player-screen]');
  await expect(screen).toBeVisible();
  await expect(page.locator('[data-player] video')).toHaveAttribute('poster', /.+/);
  // The engine has not run: the player is as the server rendered it.
  expect(await page.locator('[data-player]').getAttribute('data-state')).toBe('static');
  const box = await screen.boundingBox();
  expect(box?.width).toBeGreaterThan(600);
  expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(16 / 9, 1);
  const controls = await page.getByRole('button', { name: 'Play', exact: true }).boundingBox();
  runScripts();
  await expect(page.locator('[data-player]')).toHaveAttribute('data-state', 'loaded');
  expect(await screen.boundingBox()).toEqual(box);
  expect(await page.getByRole('button', { name: 'Play', exact: true }).boundingBox()).toEqual(controls);
});

test('Play pressed before the player has loaded plays once it has', async ({ page, request }) => {
  // A slow phone shows the embed's controls before their script has run.
  const sermon = await sermonWith(request, 'audio');
  const scripts = await scriptGate(page);
  const runScripts = scripts.hold();
  await page.goto(`/embed/classic/player/a/${sermon.sermonID}`, { waitUntil: 'commit' });
  const play = page.getByRole('button', { name: 'Play', exact: true });
  await play.click();
  // The engine has not run: the player is as the server rendered it.
  expect(await page.locator('[data-player]').getAttribute('data-state')).toBe('static');
  runScripts();
  await expect
    .poll(() => page.locator('[data-player] video').evaluate((m: HTMLMediaElement) => m.currentTime))
    .toBeGreaterThan(0.3);
});

test('pop out opens the player in a 766x720 window that carries on from where it was', async ({ page, request }) => {
  const sermon = await sermonWith(request, 'audio');
  await page.goto(`/embed/classic/player/a/${sermon.sermonID}`);
  await play(page);
  const media = page.locator('[data-player] video');
  await expect.poll(() => media.evaluate((m: HTMLMediaElement) => m.currentTime)).toBeGreaterThan(2);
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: /Pop out/ }).click()]);
  await popup.waitForLoadState();
  const url = new URL(popup.url());
  expect(url.pathname).toBe(`/embed/classic/player/a/${sermon.sermonID}`);
  expect(url.searchParams.get('popout')).toBe('1');
  expect(url.searchParams.get('autoplay')).toBe('1');
  const start = Number(url.searchParams.get('t'));
  expect(start).toBeGreaterThanOrEqual(2);
  expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([766, 720]);
  // The frame's player pauses; the popout's plays on from there and has no popout link of its own.
  expect(await media.evaluate((m: HTMLMediaElement) => m.paused)).toBe(true);
  await expect(popup.getByRole('link', { name: /Pop out/ })).toHaveCount(0);
  await expect(popup.locator('[data-player]')).toHaveAttribute('data-kind', 'audio');
  // The first position it reports is already there (not counting up from 0).
  const first = await popup.locator('[data-player] video').evaluate(
    (m: HTMLMediaElement) =>
      new Promise<number>((resolve) => {
        const check = () => (m.currentTime > 0 ? resolve(m.currentTime) : requestAnimationFrame(check));
        check();
      }),
  );
  expect(first).toBeGreaterThanOrEqual(start);
  await expect.poll(() => popup.locator('[data-player] video').evaluate((m: HTMLMediaElement) => m.paused)).toBe(false);
});

test('the examples page documents each embed with working snippets', async ({ page, request }) => {
  await page.goto('/embed/classic/examples');
  await expect(page.getByRole('heading', { level: 1, name: 'Embed a sermon player' })).toBeVisible();
  for (const name of [
    'Audio player for one sermon',
    'Video player for one sermon',
    "A broadcaster's latest sermons",
    'A playlist of your choice',
    'Older embed codes',
    'Link previews (oEmbed)',
  ])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  const code = await page.getByRole('textbox').first().inputValue();
  expect(code).toMatch(
    /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\/classic\/player\/a\/[^"]+" width="640" height="320"/,
  );
  // The previews are the snippets themselves, and they load.
  const preview = page.frameLocator('figure iframe').first();
  await expect(preview.locator('[data-player]')).toHaveAttribute('data-kind', 'audio');
  const oembed = page.getByRole('link', { name: /\/oembed\?url=/ });
  const answer = await (await request.get((await oembed.getAttribute('href')) ?? '')).json();
  expect(answer).toMatchObject({ version: '1.0', provider_name: 'Kerygma' });
});

test('sermon pages carry an oEmbed discovery link that unfurls as the player', async ({ page, request }) => {
  const sermon = await sermonWith(request, 'audio');
  await page.goto(`/de/sermons/${sermon.sermonID}/a`);
  const link = page.locator('link[rel="alternate"][type="application/json+oembed"]');
  await expect(link).toHaveCount(1);
  const href = (await link.getAttribute('href')) ?? '';
  expect(new URL(href).searchParams.get('url')).toMatch(new RegExp(`/de/sermons/${sermon.sermonID}/a$`));
  const answer = await (await request.get(href)).json();
  expect(answer).toMatchObject({
    type: 'rich',
    version: '1.0',
    title: sermon.fullTitle,
    author_name: sermon.speaker.displayName,
  });
  expect(answer.html).toContain(`/embed/classic/player/a/${sermon.sermonID}"`);
});

test('embeds and the examples page have no axe violations', async ({ page, request }) => {
  const audio = await sermonWith(request, 'audio');
  const video = await sermonWith(request, 'video');
  for (const path of [
    `/embed/classic/player/a/${audio.sermonID}`,
    `/embed/classic/player/v/${video.sermonID}`,
    `/embed/classic/player/l/${audio.broadcaster.broadcasterID}`,
    '/embed/classic/player/a/999999999',
    '/embed/classic/examples',
  ]) {
    await page.goto(path);
    await expectNoAxeViolations(page, { label: path });
  }
});
