import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { clock } from '../site/islands/player/meta.ts';
import { expectNoAxeViolations } from './axe.ts';
import { hydrated } from './islands.ts';

/**
 * The docked sermon player (site/components/Player.astro): plays the demo catalogue's real
 * media, persists across client-side navigations, resumes after a reload, plays HLS.
 */

type LiteSermon = {
  sermonID: string;
  languageCode: string;
  audioDurationSeconds: number;
  hasAudio: boolean;
  hasVideo: boolean;
  preachDate: string;
  broadcaster: { broadcasterID: string };
};

async function sermonsWith(request: APIRequestContext, media: 'audio' | 'video'): Promise<LiteSermon[]> {
  const response = await request.get(`/api/v2/node/sermons?media=${media}&pageSize=100&lite=true`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: LiteSermon[] }).results;
}

/** The longest audio-only demo sermon (4 minutes), so seeking has room. */
async function audioSermon(request: APIRequestContext): Promise<LiteSermon> {
  const list = (await sermonsWith(request, 'audio')).filter((s) => !s.hasVideo);
  const longest = list.sort((a, b) => b.audioDurationSeconds - a.audioDurationSeconds)[0];
  if (!longest) throw new Error('the demo catalogue has no audio sermon');
  return longest;
}

/** A demo video sermon. */
async function videoSermon(request: APIRequestContext): Promise<LiteSermon> {
  const [video] = await sermonsWith(request, 'video');
  if (!video) throw new Error('the demo catalogue has no video sermon');
  return video;
}

const player = (page: Page) => page.locator('[data-player][data-mode="page"]');
/** The player's one <video>: in the dock, or in the frame of its sermon's page. */
const media = (page: Page) => page.locator('[data-player-screen] video');
const currentTime = (page: Page) => media(page).evaluate((m: HTMLMediaElement) => m.currentTime);
const status = (page: Page) => player(page).getByRole('status');

async function playAudio(page: Page, sermonID: string) {
  await page.goto(`/sermons/${sermonID}`);
  await page.getByRole('button', { name: 'Play audio' }).click();
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => currentTime(page)).toBeGreaterThan(0.3);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    // Each test starts as a first-time listener, except across its own reloads.
    if (!sessionStorage.getItem('player-test')) {
      localStorage.clear();
      sessionStorage.setItem('player-test', '1');
    }
  });
});

test('plays a sermon from its page: MP3 first, waveform from the peaks JSON', async ({ page, request }) => {
  const sermon = await audioSermon(request);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await playAudio(page, sermon.sermonID);
  await expect(media(page)).toHaveJSProperty('paused', false);
  // The downloads are the MP3 files, not the HLS playlist (AAC) that is only streamed. (No-break
  // spaces before the dots: a wrapped label never starts a line with one.)
  const downloads = page.getByRole('region', { name: 'Download' }).getByRole('link');
  await expect(downloads).toHaveText([/^Audio\u00a0· MP3\u00a0· High quality/, /^Audio\u00a0· MP3\u00a0· Low quality/]);
  expect(await media(page).evaluate((m: HTMLMediaElement) => m.currentSrc)).toMatch(/\.mp3$/);
  const title = player(page).getByRole('link', { name: /./ }).first();
  await expect(title).toHaveAttribute('href', `/sermons/${sermon.sermonID}`);
  await expect(title).toHaveAttribute('lang', sermon.languageCode);
  // Peaks come from the API, drawn by the lazily loaded wavesurfer chunk; audio is never decoded.
  await expect(player(page).locator('[data-player-seek].has-wave')).toBeVisible();
  expect(requests).toContain(`/api/v2/node/sermons/${sermon.sermonID}/waveform`);
  // Lock-screen controls (Media Session API).
  const session = await page.evaluate(() => ({
    title: navigator.mediaSession.metadata?.title,
    artwork: navigator.mediaSession.metadata?.artwork.length,
    state: navigator.mediaSession.playbackState,
  }));
  expect(session).toEqual({ title: await page.locator('main h1').textContent(), artwork: 1, state: 'playing' });
  const pause = player(page).getByRole('button', { name: 'Pause' });
  await pause.click();
  await expect(player(page)).toHaveAttribute('data-state', 'paused');
  await expect(player(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(status(page)).toHaveText('Paused');
  // The page's play button says what it does now, and pauses too.
  const main = page.locator('main');
  await main.getByRole('button', { name: 'Play audio' }).click();
  await expect(status(page)).toHaveText('Playing');
  await main.getByRole('button', { name: 'Pause audio' }).click();
  await expect(player(page)).toHaveAttribute('data-state', 'paused');
  await expect(main.getByRole('button', { name: 'Play audio' })).toBeVisible();

  await expectNoAxeViolations(page, { include: '[data-player]' });
  // Closing the player puts focus back on the button that started the sermon.
  await player(page).getByRole('button', { name: 'Close player' }).press('Enter');
  await expect(player(page)).toBeHidden();
  await expect(main.getByRole('button', { name: 'Play audio' })).toBeFocused();
});

test('on a phone the docked player is compact until More controls opens the rest', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const sermon = await audioSermon(request);
  await playAudio(page, sermon.sermonID);
  const more = player(page).getByRole('button', { name: 'More controls' });
  const volume = player(page).getByRole('slider', { name: 'Volume' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(volume).toBeHidden();
  await expect(player(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect(player(page).getByRole('slider', { name: 'Seek' })).toBeVisible();
  const compact = (await player(page).boundingBox())?.height ?? 0;
  expect(compact).toBeLessThan(740 / 4);
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(volume).toBeVisible();
  await expect(player(page).getByText('Player settings')).toBeVisible();
  expect((await player(page).boundingBox())?.height ?? 0).toBeGreaterThan(compact + 60);
  await expectNoAxeViolations(page, { include: '[data-player]' });
  // On a wide screen every control shows, and there is nothing to open.
  await more.click();
  await page.setViewportSize({ width: 1024, height: 740 });
  await expect(more).toBeHidden();
  await expect(volume).toBeVisible();
});

test('the docked player keeps its height and its buttons their place while it says Buffering', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await playAudio(page, (await audioSermon(request)).sermonID);
  const pause = player(page).getByRole('button', { name: 'Pause', exact: true });
  await expect(pause).toBeVisible();
  const before = { dock: await player(page).boundingBox(), pause: await pause.boundingBox() };
  // What the browser sends when the stream runs dry.
  await media(page).evaluate((m) => m.dispatchEvent(new Event('waiting')));
  const status = player(page).getByRole('status').filter({ hasText: 'Buffering' });
  await expect(status).toBeVisible();
  expect(await player(page).boundingBox()).toEqual(before.dock);
  expect(await pause.boundingBox()).toEqual(before.pause);
  // The words stand above the controls, within the screen, not over them.
  const words = await status.boundingBox();
  expect((words?.y ?? 0) + (words?.height ?? 0)).toBeLessThanOrEqual((before.dock?.y ?? 0) + 1);
  expect(words?.x ?? -1).toBeGreaterThanOrEqual(0);
});

test('seeks on the waveform and changes speed', async ({ page, request }) => {
  const sermon = await audioSermon(request);
  await playAudio(page, sermon.sermonID);
  const seek = player(page).getByRole('slider', { name: 'Seek' });
  await expect(player(page).locator('[data-player-seek].has-wave')).toBeVisible();
  const box = await seek.boundingBox();
  if (!box) throw new Error('no seek bar');
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
  const half = sermon.audioDurationSeconds / 2;
  await expect.poll(() => currentTime(page)).toBeGreaterThan(half - 3);
  expect(await currentTime(page)).toBeLessThan(half + 5);
  await expect(seek).toHaveAttribute('aria-valuetext', /^\d+:\d\d of \d+:\d\d$/);

  await player(page).getByLabel('Playback speed').selectOption('1.5');
  await expect(media(page)).toHaveJSProperty('playbackRate', 1.5);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('player-settings') ?? '{}'));
  expect(stored).toMatchObject({ speed: 1.5, volume: 100, autoplayNext: 'forward', quality: -1 });
  // The setting holds for the next sermon too.
  await page.reload();
  await expect(player(page).getByLabel('Playback speed')).toHaveValue('1.5');
});

test('keeps playing while the listener browses other pages', async ({ page, request }) => {
  const sermon = await audioSermon(request);
  await playAudio(page, sermon.sermonID);
  await media(page).evaluate((m: HTMLMediaElement) => {
    (window as unknown as { playerMedia: Element }).playerMedia = m;
    m.currentTime = 30; // a position worth remembering
  });
  await expect.poll(() => currentTime(page)).toBeGreaterThan(30);
  const before = await currentTime(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Speakers' }).click();
  await expect(page).toHaveURL(/\/speakers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Speakers');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Series' }).click();
  await expect(page).toHaveURL(/\/series$/);
  // The very same media element, still playing, its time still moving on.
  expect(await media(page).evaluate((m) => (window as unknown as { playerMedia: Element }).playerMedia === m)).toBe(
    true,
  );
  await expect(media(page)).toHaveJSProperty('paused', false);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(before + 1);
  // The lock screen still shows it playing (the new page's copy of the player never took over).
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing');
  // The rest of the page still works after client-side navigation: the colour-mode picker.
  const picker = page.getByLabel('Color mode');
  await expect(picker).toBeVisible();
  await picker.selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sermons' }).click();
  await expect(page).toHaveURL(/\/sermons$/);
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark');
  // Nothing focused in the page hides behind the docked player (the page scrolls it above).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const hidden = await page.evaluate(() => {
    const top = () => document.querySelector('[data-player]')?.getBoundingClientRect().top ?? 0;
    const links = [...document.querySelectorAll<HTMLElement>('main a[href], main button')];
    const behind = (el: HTMLElement) => {
      el.focus();
      return el.getBoundingClientRect().bottom > top();
    };
    return links.filter(behind).map((el) => el.textContent);
  });
  expect(hidden).toEqual([]);
  // Closing the player while its button there is gone puts focus on the main content.
  await player(page).getByRole('button', { name: 'Close player' }).press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test("a sermon page's play button shows the docked player's state after a navigation, and pauses it", async ({
  page,
  request,
}) => {
  const sermon = await audioSermon(request);
  await playAudio(page, sermon.sermonID);
  const main = page.locator('main');
  await expect(main.getByRole('button', { name: 'Pause audio' })).toHaveAttribute('data-playing', 'true');
  await media(page).evaluate((m: HTMLMediaElement) => {
    (window as unknown as { playerMedia: Element }).playerMedia = m;
  });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Speakers' }).click();
  await expect(page).toHaveURL(/\/speakers$/);
  // Back to the sermon's page through the docked player's title (a client-side navigation too).
  await player(page).locator('[data-player-title]').click();
  await expect(page).toHaveURL(new RegExp(`/sermons/${sermon.sermonID}$`));
  expect(await media(page).evaluate((m) => (window as unknown as { playerMedia: Element }).playerMedia === m)).toBe(
    true,
  );
  await expect(media(page)).toHaveJSProperty('paused', false);
  // The new page's button says the docked player plays its sermon, and pauses it.
  const pause = main.getByRole('button', { name: 'Pause audio' });
  await expect(pause).toHaveAttribute('data-playing', 'true');
  await pause.click();
  await expect(player(page)).toHaveAttribute('data-state', 'paused');
  await expect(media(page)).toHaveJSProperty('paused', true);
  await expect(main.getByRole('button', { name: 'Play audio' })).toHaveAttribute('data-playing', 'false');
  await expect(player(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
});

test('restored before its interface has loaded, the dock names its sermon', async ({ page, request }) => {
  const sermon = await audioSermon(request);
  await playAudio(page, sermon.sermonID);
  await media(page).evaluate((m: HTMLMediaElement) => {
    m.currentTime = 42;
  });
  await expect.poll(() => currentTime(page)).toBeGreaterThan(42);
  await player(page).getByRole('button', { name: 'Pause' }).click();
  // The interface's script never arrives: the dock shows what the server rendered and the engine filled.
  await page.route(/\/_astro\/Controls\.[^/]*\.js$/, (route) => route.abort());
  await page.goto('/');
  await expect(player(page)).toBeVisible();
  // Read at once, not waited for: until the interface hydrates (or never), this is what shows.
  const shown = await player(page).evaluate((dock) => {
    const title = dock.querySelector<HTMLAnchorElement>('[data-player-title]');
    return { hydrated: !dock.querySelector('astro-island[ssr]'), title: title?.textContent, href: title?.href };
  });
  expect(shown.hydrated).toBe(false);
  expect(shown.title).toBe(sermon.fullTitle);
  expect(shown.href).toMatch(new RegExp(`/sermons/${sermon.sermonID}$`));
  await expectNoAxeViolations(page, { include: '[data-player]', label: 'dock before its interface' });
});

test('after a reload, asks to resume where the listener left off', async ({ page, request }) => {
  const sermon = await audioSermon(request);
  await playAudio(page, sermon.sermonID);
  await media(page).evaluate((m: HTMLMediaElement) => {
    m.currentTime = 42;
  });
  await expect.poll(() => currentTime(page)).toBeGreaterThan(42);
  await player(page).getByRole('button', { name: 'Pause' }).click();
  await page.reload();
  const prompt = player(page).locator('[data-player-resume]');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('0:42');
  // Meanwhile the player shows the sermon paused there (nothing loads until it plays), not 'Loading'.
  await expect(player(page)).toHaveAttribute('data-state', 'paused');
  await expect(status(page)).toHaveText('Paused');
  await expect(status(page)).not.toHaveAttribute('data-shown');
  await expect(player(page).locator('[data-player-current]')).toHaveText('0:42');
  await expect(player(page).locator('[data-player-duration]')).toHaveText(clock(sermon.audioDurationSeconds));
  await expect(player(page).getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuenow', '42');
  await expect(player(page).getByRole('button', { name: 'Play', exact: true })).toHaveCSS('opacity', '1');
  // Unanswered, the question stands: leaving the page does not forget the position.
  await page.reload();
  await expect(prompt).toContainText('0:42');
  await prompt.getByRole('button', { name: 'Resume' }).click();
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  const at = await currentTime(page);
  expect(at).toBeGreaterThanOrEqual(42);
  expect(at).toBeLessThan(50);
  await expect(prompt).toBeHidden();
  // Play goes on from where it shows too, and answers the question.
  await player(page).getByRole('button', { name: 'Pause' }).click();
  const left = Math.floor(await currentTime(page));
  await page.reload();
  await expect(prompt).toContainText(clock(left));
  await player(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  expect(await currentTime(page)).toBeGreaterThanOrEqual(left);
  await expect(prompt).toBeHidden();
});

test('keyboard shortcuts: letters anywhere, Space and arrows in the player, changes announced; can be turned off', async ({
  page,
  request,
}) => {
  const sermon = await audioSermon(request);
  await playAudio(page, sermon.sermonID);
  await page.locator('main h1').click(); // focus on the page, not on a button
  await page.keyboard.press('k');
  await expect(player(page)).toHaveAttribute('data-state', 'paused');
  // Space and the arrows stay the page's (they scroll it) while focus is outside the player.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press(' ');
  await expect(media(page)).toHaveJSProperty('volume', 1);
  await expect(media(page)).toHaveJSProperty('paused', true);
  const t0 = await currentTime(page);
  await player(page).getByRole('button', { name: 'Play', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => currentTime(page)).toBeGreaterThan(t0 + 14);
  await page.keyboard.press('ArrowDown');
  await expect(media(page)).toHaveJSProperty('volume', 0.9);
  await expect(status(page)).toHaveText('Volume 90%');
  await page.keyboard.press('j');
  await expect.poll(() => currentTime(page)).toBeLessThan(t0);
  await page.keyboard.press('m');
  await expect(media(page)).toHaveJSProperty('muted', true);
  await expect(player(page).getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
  await expect(status(page)).toHaveText('Muted');
  await page.keyboard.press('>');
  await expect(status(page)).toHaveText('Playback speed 1.25×');
  await page.keyboard.press('Shift+Slash');
  await expect(player(page).getByText('Keyboard shortcuts', { exact: true })).toBeVisible();
  await expect(player(page).locator('[data-player-shortcuts] dl')).toBeVisible();
  await page.keyboard.press(' ');
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  // Typing in the search box is not a shortcut.
  await page.getByRole('searchbox').pressSequentially('kmj');
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  // The settings and the shortcuts list close with Escape, focus back on their summary, and
  // when focus leaves them.
  const settings = player(page).locator('details.more');
  const shortcuts = player(page).locator('[data-player-shortcuts]');
  await expect(settings).not.toHaveAttribute('open');
  await settings.locator('summary').first().press('Enter');
  await shortcuts.locator('summary').press('Enter');
  await page.keyboard.press('Escape');
  await expect(shortcuts).not.toHaveAttribute('open');
  await expect(shortcuts.locator('summary')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(settings).not.toHaveAttribute('open');
  await expect(settings.locator('summary').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Tab');
  await expect(settings).not.toHaveAttribute('open');
  // Turned off, the letters do nothing (and that is remembered).
  await settings.locator('summary').first().click();
  await player(page).getByLabel('Use keyboard shortcuts').uncheck();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('player-settings') ?? '{}').shortcuts)).toBe(false);
  await page.locator('main h1').click();
  await page.keyboard.press('k');
  await expect(media(page)).toHaveJSProperty('paused', false);
});

test('plays a video sermon, and an HLS stream through hls.js where there is no native HLS', async ({
  page,
  request,
}) => {
  const video = await videoSermon(request);
  const hlsChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/_astro\/hls\.[\w-]+\.js$/.test(r.url())) hlsChunks.push(r.url());
  });
  await page.goto(`/sermons/${video.sermonID}`);
  await page.getByRole('button', { name: 'Play video' }).click();
  await expect(player(page)).toHaveAttribute('data-kind', 'video');
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => media(page).evaluate((m: HTMLVideoElement) => m.videoWidth)).toBeGreaterThan(0);

  // An adaptive stream: an HLS ladder written where the server serves media from.
  const dataDir = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
  const key = `${video.sermonID}/e2e-hls`;
  const out = path.resolve(dataDir, 'media', key);
  mkdirSync(out, { recursive: true });
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=12', '-f', 'lavfi', '-i', 'sine=f=440:d=12'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '50', '-c:a', 'aac', '-b:a', '64k'],
    ...['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4'],
    ...['-master_pl_name', 'master.m3u8', path.join(out, 'stream.m3u8')],
  ]);
  const native = await media(page).evaluate((m) => m.canPlayType('application/vnd.apple.mpegurl') !== '');
  // A play button as PlayerButton.astro renders it, for a sermon whose video is that stream.
  await player(page).evaluate((el, url) => {
    const sermon = (el as HTMLElement & { sermon: Record<string, unknown> }).sermon;
    const button = document.createElement('button');
    button.textContent = 'Play the HLS stream';
    button.dataset.playerPlay = 'video';
    button.dataset.playerSermon = JSON.stringify({
      ...sermon,
      sermonID: 'e2e-hls',
      waveformURL: null,
      video: [{ url, height: null, adaptive: true }],
    });
    document.querySelector('main')?.prepend(button);
  }, `/media/${key}/master.m3u8`);
  await page.getByRole('button', { name: 'Play the HLS stream' }).click();
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => currentTime(page)).toBeGreaterThan(0.5);
  expect(await media(page).evaluate((m: HTMLVideoElement) => m.videoHeight)).toBe(360);
  // hls.js is fetched once, and only without native HLS.
  expect(hlsChunks.length).toBe(native ? 0 : 1);
});

test('autoplay next (default forward): a later sermon of the same broadcaster follows when one ends', async ({
  page,
  request,
}) => {
  const all = await sermonsWith(request, 'audio');
  const byDate = [...all].sort((a, b) => a.preachDate.localeCompare(b.preachDate));
  const first = byDate.find((s) =>
    byDate.some(
      (o) => o !== s && o.broadcaster.broadcasterID === s.broadcaster.broadcasterID && o.preachDate > s.preachDate,
    ),
  );
  if (!first) throw new Error('no broadcaster with two demo sermons with media');
  await playAudio(page, first.sermonID);
  await media(page).evaluate((m: HTMLMediaElement) => {
    m.currentTime = m.duration - 1;
  });
  const title = player(page).locator('[data-player-title]');
  await expect(title).not.toHaveAttribute('href', `/sermons/${first.sermonID}`, { timeout: 15_000 });
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  const nextID = (await title.getAttribute('href'))?.split('/').pop();
  const next = all.find((s) => s.sermonID === nextID);
  expect(next?.broadcaster.broadcasterID).toBe(first.broadcaster.broadcasterID);
  expect(next && next.preachDate >= first.preachDate).toBe(true);
});

/**
 * Gives the sermon of a play button on the page an English WebVTT track, one cue 'Grace and
 * peace to you.' from 0:00 to `until`, in the server's media folder.
 */
async function offerCaptions(button: Locator, sermonID: string, until: string) {
  const dataDir = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
  const dir = path.resolve(dataDir, 'media', sermonID, 'e2e-captions');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'en.vtt'), `WEBVTT\n\n00:00.000 --> ${until}\nGrace and peace to you.\n`);
  await button.evaluate((el, url) => {
    const data = JSON.parse((el as HTMLElement).dataset.playerSermon ?? '{}');
    (el as HTMLElement).dataset.playerSermon = JSON.stringify({
      ...data,
      captions: [{ url, language: 'en', label: 'English' }],
    });
  }, `/media/${sermonID}/e2e-captions/en.vtt`);
}

test('captions: a WebVTT track from the media list shows its cues under the player', async ({ page, request }) => {
  const sermon = await audioSermon(request);
  await page.goto(`/sermons/${sermon.sermonID}`);
  const button = page.getByRole('button', { name: 'Play audio' });
  await offerCaptions(button, sermon.sermonID, '01:00.000');
  await button.click();
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  // Its interface hydrates once the first sound has come (client:quiet).
  await hydrated(player(page));
  await player(page).getByText('Player settings').click();
  await player(page).getByLabel('Captions').selectOption('en');
  await expect(player(page).locator('[data-player-cue]')).toHaveText('Grace and peace to you.');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('player-settings') ?? '{}'));
  expect(stored.captions).toBe('en');
  await player(page).getByLabel('Captions').selectOption('');
  await expect(player(page).locator('[data-player-cue]')).toBeHidden();
});

test('captions of a video show over the picture in its page frame and in full screen, in the caption line when docked', async ({
  page,
  request,
}) => {
  const video = await videoSermon(request);
  await page.goto(`/sermons/${video.sermonID}`);
  const frame = page.locator('main').getByRole('button', { name: 'Play video' });
  await offerCaptions(frame, video.sermonID, '10:00.000');
  await frame.click();
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  await hydrated(player(page));
  const settings = player(page).getByText('Player settings');
  await settings.click();
  await player(page).getByLabel('Captions').selectOption('en');
  await settings.click();
  const line = player(page).locator('[data-player-cue]');
  const track = () =>
    media(page).evaluate((m: HTMLVideoElement) => {
      const t = m.textTracks[0];
      return { mode: t?.mode, cue: [...(t?.activeCues ?? [])].map((c) => (c as VTTCue).text).join('\n') };
    });
  // In the page's frame the browser draws them over the picture, not in the dock.
  await expect.poll(track).toEqual({ mode: 'showing', cue: 'Grace and peace to you.' });
  await expect(line).toBeHidden();

  // On another page the video is docked, its picture small: the caption line says them, at once.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Speakers' }).click();
  await expect(page).toHaveURL(/\/speakers$/);
  await expect(line).toHaveText('Grace and peace to you.');
  expect((await track()).mode).toBe('hidden');
  // Full screen: over the picture again, and back in the line after.
  await player(page).getByRole('button', { name: 'Full screen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await expect.poll(async () => (await track()).mode).toBe('showing');
  await expect(line).toBeHidden();
  await page.evaluate(() => document.exitFullscreen());
  await expect(line).toHaveText('Grace and peace to you.');
  expect((await track()).mode).toBe('hidden');

  // Back on its page, in the frame: over the picture.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/sermons/${video.sermonID}$`));
  await expect.poll(async () => (await track()).mode).toBe('showing');
  await expect(line).toBeHidden();
  // One setting for every place: turned off, off everywhere.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('player-settings') ?? '{}').captions)).toBe('en');
  await settings.click();
  await player(page).getByLabel('Captions').selectOption('');
  await expect.poll(async () => (await track()).mode).toBe('disabled');
  await expect(line).toBeHidden();
});

test('moving focus between the player controls leaves the page where it is', async ({ page, request }) => {
  // Instant scrolling, so that a jump shows at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const sermon = await audioSermon(request);
  await playAudio(page, sermon.sermonID);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sermons' }).click();
  await expect(page).toHaveURL(/\/sermons$/);
  await page.evaluate(() => scrollTo({ top: 300, behavior: 'instant' }));
  const where = () =>
    page.evaluate(() => ({
      y: Math.round(scrollY),
      inPlayer: Boolean(document.querySelector('[data-player]')?.contains(document.activeElement)),
    }));
  const start = await where();
  expect(start.y).toBe(300);
  await player(page).locator('[data-player-title]').focus();
  const steps = [await where()];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const now = await where();
    if (!now.inPlayer) break;
    steps.push(now);
  }
  expect(steps.length).toBeGreaterThan(6);
  expect(steps.map((s) => s.y)).toEqual(steps.map(() => 300));
  // Focus back in the page is still kept above the player (the footer's last link).
  await player(page).locator('[data-player-title]').focus();
  await page.keyboard.press('Shift+Tab');
  const focused = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const top = document.querySelector('[data-player]')?.getBoundingClientRect().top ?? 0;
    return { inPlayer: Boolean(el.closest('[data-player]')), above: el.getBoundingClientRect().bottom <= top };
  });
  expect(focused).toEqual({ inPlayer: false, above: true });
});

/** The docked player's height, and its video's, as shares of the window's height. */
async function dockShare(page: Page) {
  return page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[data-player][data-mode="page"]');
    const video = el?.querySelector('video');
    const box = (e: Element | null | undefined) => (e ? e.getBoundingClientRect().height / innerHeight : 0);
    return { player: box(el), video: el?.dataset.kind === 'video' ? box(video) : 0 };
  });
}

test('on a short (landscape phone) screen the docked player is compact and leaves most of the page visible', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 740, height: 360 });
  const sermon = await audioSermon(request);
  await playAudio(page, sermon.sermonID);
  const more = player(page).getByRole('button', { name: 'More controls' });
  await expect(more).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(player(page).getByRole('slider', { name: 'Volume' })).toBeHidden();
  await expect(player(page).getByRole('slider', { name: 'Seek' })).toBeVisible();
  await expect(player(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  // Measured once the interface has hydrated and laid out its sermon (under load, a while after the sound).
  await hydrated(player(page));
  await expect.poll(async () => (await dockShare(page)).player).toBeLessThanOrEqual(1 / 3);
  await more.click();
  await expect(player(page).getByRole('slider', { name: 'Volume' })).toBeVisible();
  await expectNoAxeViolations(page, { include: '[data-player]' });

  // A docked video (on another page than its own) takes about a third of the window at most, on any screen.
  const video = await videoSermon(request);
  await page.goto(`/sermons/${video.sermonID}`);
  await page.getByRole('button', { name: 'Play video' }).click();
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Speakers' }).click();
  await expect(page).toHaveURL(/\/speakers$/);
  for (const [width, height] of [
    [740, 360],
    [568, 320],
    [375, 667],
    [390, 844],
    [768, 1024],
    [1024, 600],
    [1280, 800],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    const share = await dockShare(page);
    expect(share.video, `video at ${width}×${height}`).toBeGreaterThan(0.1);
    expect(share.video, `video at ${width}×${height}`).toBeLessThanOrEqual(1 / 3);
    expect(share.player, `player at ${width}×${height}`).toBeLessThanOrEqual(0.36);
  }
  await expect(player(page).getByRole('button', { name: 'Full screen' })).toBeVisible();
});

/** The player's messages in a language (packages/i18n/messages). */
const playerMessages = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(path.resolve('packages/i18n/messages', `${code}.json`), 'utf8')).player;

test('changing the language while a video plays: it plays on, in the new language', async ({ page, request }) => {
  const video = await videoSermon(request);
  await page.goto(`/sermons/${video.sermonID}`);
  await page.getByRole('button', { name: 'Play video' }).click();
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  await media(page).evaluate((m: HTMLMediaElement) => {
    (window as unknown as { playerMedia: Element }).playerMedia = m;
    m.currentTime = 20;
  });
  await expect.poll(() => currentTime(page)).toBeGreaterThan(20);
  await page.locator('header details.lang summary').click();
  await page.getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(new RegExp(`/fr/sermons/${video.sermonID}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // The same media element plays on from where it was, picture and all, in the French page's frame.
  expect(await media(page).evaluate((m) => (window as unknown as { playerMedia: Element }).playerMedia === m)).toBe(
    true,
  );
  await expect(page.locator('main [data-player-screen] video')).toHaveCount(1);
  await expect(media(page)).toHaveJSProperty('paused', false);
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  const at = await currentTime(page);
  expect(at).toBeGreaterThan(20);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(at + 1);
  expect(await media(page).evaluate((m: HTMLVideoElement) => m.videoWidth)).toBeGreaterThan(0);
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing');
  // In French: the same words as a French page's own player, and the title links to the French page.
  const fr = playerMessages('fr');
  await expect(player(page).getByRole('button', { name: fr.pause, exact: true })).toBeVisible();
  await expect(player(page).getByRole('button', { name: fr.close })).toBeVisible();
  await expect(player(page).locator('[data-player-title]')).toHaveAttribute('href', `/fr/sermons/${video.sermonID}`);
  // Its words that do not depend on what plays (names, labels, setting lists) are those of the
  // player a French page has when loaded afresh.
  const html = await (await request.get(`/fr/sermons/${video.sermonID}`)).text();
  const words = await page.evaluate((markup) => {
    const of = (root: Element | null) => {
      if (!root) return [];
      const labelled = [...root.querySelectorAll('[aria-label]')].filter(
        (el) => !el.closest('[data-player-wave]') && !el.matches('[data-act="toggle"], [data-act="mute"]'),
      );
      const texts = root.querySelectorAll(
        [
          '[data-player-resume] button',
          '.field > span',
          'summary',
          'select[data-set="speed"] option',
          'select[data-set="autoplayNext"] option',
          'select[data-set="quality"] option:first-child',
          'select[data-set="captions"] option:first-child',
          '[data-player-shortcuts] dl',
        ].join(', '),
      );
      return [
        ...labelled.map((el) => `${el.tagName}@${el.getAttribute('aria-label')}`),
        ...[...texts].map((el) => `${el.tagName}:${el.textContent?.trim()}`),
      ];
    };
    const fresh = new DOMParser().parseFromString(markup, 'text/html');
    return {
      shown: of(document.querySelector('[data-player][data-mode="page"]')),
      expected: of(fresh.querySelector('[data-player][data-mode="page"]')),
    };
  }, html);
  expect(words.expected.length).toBeGreaterThan(20);
  expect(words.expected).toContain(`SUMMARY:${fr.settings}`);
  expect(words.shown).toEqual(words.expected);
  await player(page).getByRole('button', { name: fr.pause, exact: true }).click();
  await expect(player(page)).toHaveAttribute('data-state', 'paused');
  await expect(status(page)).toHaveText(fr.statePaused);
  // The position is kept for later.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('player-resume') ?? '{}'));
  expect(stored.positions[video.sermonID]).toBeGreaterThan(20);
  expect(stored.last.sermon.pageURL).toBe(`/fr/sermons/${video.sermonID}`);
  // Offered again on an English page, it links to the English page.
  await page.goto('/speakers');
  await expect(player(page).locator('[data-player-resume]')).toBeVisible();
  await expect(player(page).locator('[data-player-title]')).toHaveAttribute('href', `/sermons/${video.sermonID}`);
});

test('the language menu opens above the docked player', async ({ page, request }) => {
  await page.setViewportSize({ width: 740, height: 360 });
  const sermon = await audioSermon(request);
  await playAudio(page, sermon.sermonID);
  await page.locator('header details.lang summary').click();
  const menu = page.locator('header .lang ul');
  await expect(menu.getByRole('link')).toHaveCount(13);
  // The menu reaches over the player here: where they overlap, its links are the ones tapped.
  const overlaps = await menu.evaluate((list) => {
    const top = document.querySelector('[data-player]')?.getBoundingClientRect().top ?? Infinity;
    const bottom = list.getBoundingClientRect().bottom; // it scrolls within this
    return [...list.querySelectorAll<HTMLAnchorElement>('a')].flatMap((a) => {
      const box = a.getBoundingClientRect();
      const from = Math.max(box.top, top);
      const to = Math.min(box.bottom, bottom);
      if (to - from < 4) return [];
      const x = box.left + box.width / 2;
      const y = (from + to) / 2;
      return [{ lang: a.lang, x, y, hit: a.contains(document.elementFromPoint(x, y)) }];
    });
  });
  expect(overlaps.length).toBeGreaterThan(0);
  expect(overlaps.filter((o) => !o.hit)).toEqual([]);
  const last = overlaps.at(-1);
  if (!last) throw new Error('no overlap');
  await page.mouse.click(last.x, last.y);
  await expect(page.locator('html')).toHaveAttribute('lang', last.lang);
  await expect(media(page)).toHaveJSProperty('paused', false);
});

test('the video still on a sermon page is its play button', async ({ page, request }) => {
  const video = await videoSermon(request);
  await page.goto(`/sermons/${video.sermonID}`);
  const main = page.locator('main');
  // The picture belongs to the button that plays the video (one button: its name says it).
  const button = main.getByRole('button', { name: 'Play video' });
  await expect(button.locator('img')).toHaveCount(1);
  const still = button.locator('img');
  await expect(still).toBeVisible();
  const box = await still.boundingBox();
  if (!box) throw new Error('no still');
  expect(box.width).toBeGreaterThan(300);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 3);
  await expect(player(page)).toHaveAttribute('data-kind', 'video');
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  await expect(main.getByRole('button', { name: 'Pause video' })).toBeVisible();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 3);
  await expect(player(page)).toHaveAttribute('data-state', 'paused');
  await expectNoAxeViolations(page, { include: 'main .play' });
});

test('on a touch screen the label over a playing video shows a moment after a tap, then leaves the picture', async ({
  browser,
  baseURL,
  request,
}) => {
  const video = await videoSermon(request);
  const touch = await browser.newContext({
    baseURL,
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 844 },
  });
  const page = await touch.newPage();
  await page.goto(`/sermons/${video.sermonID}`);
  const frame = page.locator('main [data-player-frame]');
  const label = frame.locator('.label');
  const opacity = () => label.evaluate((el) => getComputedStyle(el).opacity);
  await frame.tap();
  // Shown at first, saying what the next tap does...
  expect(await opacity()).toBe('1');
  await expect(frame).toHaveAccessibleName('Pause video');
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  // ...then gone, though the tap left the frame :hover (a finger has no pointer to move away).
  await expect(label).toHaveCSS('opacity', '0');
  expect(await frame.evaluate((el) => el.matches(':hover'))).toBe(true);
  // Paused, it stays.
  await frame.tap();
  await expect(player(page)).toHaveAttribute('data-state', 'paused');
  await expect(frame).toHaveAccessibleName('Play video');
  await expect(label).toHaveCSS('opacity', '1');
  await frame.tap();
  expect(await opacity()).toBe('1');
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  await expect(label).toHaveCSS('opacity', '0');
  await touch.close();

  // With a mouse it shows while the pointer is on the picture, and goes a moment after it leaves.
  const desktop = await browser.newPage({ baseURL });
  await desktop.goto(`/sermons/${video.sermonID}`);
  const framed = desktop.locator('main [data-player-frame]');
  await framed.click();
  await expect(player(desktop)).toHaveAttribute('data-state', 'playing');
  await desktop.waitForTimeout(3000);
  await expect(framed.locator('.label')).toHaveCSS('opacity', '1');
  await desktop.mouse.move(0, 0);
  await expect(framed.locator('.label')).toHaveCSS('opacity', '0');
  await desktop.close();
});

test('on a laptop with a touch screen and a mouse, the label leaves a video started by a tap, and shows again under the mouse', async ({
  page,
  request,
}) => {
  const video = await videoSermon(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/sermons/${video.sermonID}`);
  // A desktop browser, (hover: hover), that a finger also taps: a touch screen's taps, which
  // Playwright's own tap() gives only where there is no mouse (hasTouch).
  expect(await page.evaluate(() => matchMedia('(hover: hover)').matches)).toBe(true);
  const touch = await page.context().newCDPSession(page);
  const frame = page.locator('main [data-player-frame]');
  const { x, y, width, height } = (await frame.boundingBox()) as {
    x: number;
    y: number;
    width: number;
    height: number;
  };
  const tap = async () => {
    await touch.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: x + width / 2, y: y + height / 3 }],
    });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  const label = frame.locator('.label');
  await tap();
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  // The tap left the frame :hover, yet the label goes a moment after it.
  await expect(label).toHaveCSS('opacity', '0');
  expect(await frame.evaluate((el) => el.matches(':hover'))).toBe(true);
  // The mouse on the picture brings it back, for as long as it stays there...
  await page.mouse.move(x + width / 2, y + height / 2);
  await expect(label).toHaveCSS('opacity', '1');
  await page.waitForTimeout(3000);
  await expect(label).toHaveCSS('opacity', '1');
  // ...and a tap, pausing and playing again, makes it go.
  await tap();
  await expect(player(page)).toHaveAttribute('data-state', 'paused');
  await tap();
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  await expect(label).toHaveCSS('opacity', '0');
});

/** Where an element is in the window, rounded to the pixel. */
async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
}

/** Where an element is in the page, however far it is scrolled. */
async function inPage(locator: Locator) {
  const b = await box(locator);
  return { ...b, y: b.y + Math.round(await locator.page().evaluate(() => scrollY)) };
}

test('a video plays in the frame of its sermon page, in the dock on other pages, and in the frame again back there', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const video = (await sermonsWith(request, 'video')).find((s) => s.hasAudio);
  if (!video) throw new Error('the demo catalogue has no video sermon with audio');
  await page.goto(`/sermons/${video.sermonID}`);
  const main = page.locator('main');
  const frame = main.getByRole('button', { name: 'Play video' });
  const playAudio = main.getByRole('button', { name: 'Play audio' });
  const still = await inPage(frame);
  const below = await inPage(playAudio);
  const framed = main.locator('[data-player-screen] video');
  await frame.click();
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  // The one video plays where the listener tapped, in the still's box, nothing moved; the button
  // over it pauses it, and the dock keeps its controls without a second picture. The page scrolls
  // the video out from under the dock that has just appeared.
  await expect(framed).toHaveJSProperty('paused', false);
  await expect.poll(() => framed.evaluate((m: HTMLVideoElement) => m.videoWidth)).toBeGreaterThan(0);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(0.5);
  await expect(player(page).locator('video')).toHaveCount(0);
  expect((await box(player(page))).height).toBeLessThan(640 * 0.3);
  await expect
    .poll(async () => (await box(framed)).y + still.height - (await box(player(page))).y)
    .toBeLessThanOrEqual(0);
  expect((await box(framed)).y).toBeGreaterThanOrEqual(0);
  expect(await inPage(framed)).toEqual(still);
  const pause = main.getByRole('button', { name: 'Pause video' });
  expect(await inPage(pause)).toEqual(still);
  expect(await inPage(playAudio)).toEqual(below);
  await expect(main.locator('picture')).toHaveCSS('visibility', 'hidden');
  // From the keyboard too: the frame is the button that plays and pauses.
  await pause.focus();
  await page.keyboard.press('Enter');
  await expect(player(page)).toHaveAttribute('data-state', 'paused');
  await expect(main.getByRole('button', { name: 'Play video' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  await expectNoAxeViolations(page, { include: 'main .play' });

  // On another page the video goes on in the dock: the very same element, still playing.
  await framed.evaluate((m) => {
    (window as unknown as { playerMedia: Element }).playerMedia = m;
  });
  const same = () => media(page).evaluate((m) => (window as unknown as { playerMedia: Element }).playerMedia === m);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Speakers' }).click();
  await expect(page).toHaveURL(/\/speakers$/);
  await expect(player(page).locator('video')).toHaveCount(1);
  expect(await same()).toBe(true);
  await expect(media(page)).toHaveJSProperty('paused', false);
  const away = await currentTime(page);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(away + 1);
  expect((await box(media(page))).y).toBeGreaterThanOrEqual((await box(player(page))).y);
  expect((await box(media(page))).height).toBeGreaterThan(50);

  // Back on its page, it is in the frame again, playing on.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/sermons/${video.sermonID}$`));
  await expect(framed).toHaveCount(1);
  expect(await same()).toBe(true);
  await expect(framed).toHaveJSProperty('paused', false);
  const back = await currentTime(page);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(back + 1);
  await expect(player(page).locator('video')).toHaveCount(0);
  expect(await box(framed)).toEqual(await box(main.getByRole('button', { name: 'Pause video' })));

  // Full screen (the dock's button) shows the frame's video, and leaving it puts it back there.
  await player(page).getByRole('button', { name: 'Full screen' }).click();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.fullscreenElement?.querySelector('video') ===
          (window as unknown as { playerMedia: Element }).playerMedia,
      ),
    )
    .toBe(true);
  await page.evaluate(() => document.exitFullscreen());
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  await expect(framed).toHaveCount(1);
  await expect(framed).toHaveJSProperty('paused', false);

  // On a wide screen the frame is the page's big picture; the dock has no second one.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect((await box(framed)).width).toBe(768);
  expect((await box(player(page))).height).toBeLessThan(800 / 4);

  // The audio of the same sermon is the dock's, the still back in the frame; it offers to go on
  // from where the video was left, paused there meanwhile (not 'Loading').
  await framed.evaluate((m: HTMLMediaElement) => {
    m.currentTime = 20;
  });
  await expect.poll(() => currentTime(page)).toBeGreaterThan(20);
  await main.getByRole('button', { name: 'Pause video' }).click();
  await expect(player(page)).toHaveAttribute('data-state', 'paused');
  await playAudio.click();
  await expect(player(page)).toHaveAttribute('data-kind', 'audio');
  await expect(framed).toHaveCount(0);
  await expect(main.locator('picture')).toHaveCSS('visibility', 'visible');
  await expect(player(page).locator('[data-player-resume]')).toContainText('0:20');
  await expect(player(page)).toHaveAttribute('data-state', 'paused');
  await expect(status(page)).not.toHaveAttribute('data-shown');
  await expect(player(page).locator('[data-player-current]')).toHaveText('0:20');
});

test('the video still is a WebP at the size it is shown, loaded first, in a box kept for it', async ({
  browser,
  baseURL,
  request,
}) => {
  const video = await videoSermon(request);
  // A wide screen shows the still 48rem wide (the 640 WebP); a phone at 1× about 340 px (the 360).
  for (const [viewport, width] of [
    [{ width: 1280, height: 800 }, 640],
    [{ width: 375, height: 740 }, 360],
  ] as const) {
    const page = await browser.newPage({ baseURL, viewport, deviceScaleFactor: 1 });
    const stills: { url: string; type: string | null }[] = [];
    page.on('response', (r) => {
      if (/\/video\/thumbnail/.test(r.url())) stills.push({ url: r.url(), type: r.headers()['content-type'] ?? null });
    });
    await page.goto(`/sermons/${video.sermonID}`, { waitUntil: 'domcontentloaded' });
    const still = page.getByRole('button', { name: 'Play video' }).locator('img');
    // Its box is reserved before the picture arrives: nothing below it moves.
    await expect(still).toHaveAttribute('width', '640');
    await expect(still).toHaveAttribute('height', '360');
    await expect(still).toHaveAttribute('loading', 'eager');
    await expect(still).toHaveAttribute('fetchpriority', 'high');
    await expect(still).toHaveJSProperty('complete', true);
    // Decoded (a srcset picture's natural size is the size it is shown at, whichever file it is).
    expect(await still.evaluate((img: HTMLImageElement) => [img.naturalWidth > 0, img.currentSrc])).toEqual([
      true,
      expect.stringMatching(new RegExp(`/video/thumbnail-${width}\\.webp$`)),
    ]);
    // The WebP alone is fetched, not the JPEG beside it.
    expect(stills).toEqual([{ url: expect.stringMatching(/thumbnail-\d+\.webp$/), type: 'image/webp' }]);
    const box = await still.boundingBox();
    expect(Math.abs((box?.height ?? 0) - ((box?.width ?? 0) * 9) / 16)).toBeLessThan(1);
    await page.close();
  }
});
