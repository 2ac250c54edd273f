import { expect as baseExpect, type Page, test } from '@playwright/test';
import { sendAdminCommand } from '../packages/server/src/cli/admin-channel.ts';
import { publish } from '../packages/server/src/test/rtmp-publisher.ts';
import { MAP_SERVICE, RTMP_PORT } from '../playwright.config.ts';
import { DATA_DIR, signIn, verifiedAccount } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';

/**
 * The video wall (issue 27, spec §2 video wall, §6, §9): a site admin saves the wall's settings
 * in this browser and finds them again; the wall says when nothing is live and draws its map;
 * the QR code points phones at the live webcasts; a listener is refused every screen; a church
 * goes live (ffmpeg publishing to the server's RTMP ingest) and the wall plays it, muted, and
 * marks it on the map. The journeys run one at a time (playwright.config.ts), so nothing else is
 * live while the wall is looked at.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const REFUSED = 'This page is unavailable with the current permissions';

/** A signed-in site admin (§6: may do everything, the video wall too). */
async function signInSiteAdmin(page: Page, origin: string) {
  const admin = await verifiedAccount('walladmin');
  expect(await sendAdminCommand(DATA_DIR, { command: 'site-admin', name: admin.username }, () => {})).toMatchObject({
    ok: true,
  });
  await signIn(page, origin, admin.username);
}

/** The map's tiles, answered here (a 1×1 GIF each), so no run asks a real tile server; counts them. */
async function standInTiles(page: Page): Promise<() => number> {
  let tiles = 0;
  const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64');
  await page.route(`${MAP_SERVICE}/tiles/**`, (route) => {
    tiles++;
    return route.fulfill({ status: 200, contentType: 'image/gif', body: gif });
  });
  return () => tiles;
}

test('a site admin saves the wall’s settings, which this browser keeps', async ({ page, baseURL }) => {
  await signInSiteAdmin(page, baseURL ?? '');
  await page.goto('/video-wall/admin');
  await expect(page.getByRole('heading', { name: 'Video wall settings' })).toBeVisible();
  const duration = page.getByLabel('Show each page of previews for (seconds)');
  const zoom = page.getByLabel('Map zoom');
  // The §9 defaults.
  await expect(duration).toHaveValue('9');
  await expect(zoom).toHaveValue('3');
  await expect(page.getByLabel('Preview volume (%)')).toHaveValue('7');
  await expect(page.getByLabel('Most previews at once')).toHaveValue('35');

  await duration.fill('20');
  await zoom.fill('40');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a whole number from 1 to 18.')).toBeVisible();
  await zoom.fill('5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Video wall settings saved.')).toBeVisible();
  await expectNoAxeViolations(page, { include: 'main', label: 'the video wall settings' });

  await page.reload();
  await expect(duration).toHaveValue('20');
  await expect(zoom).toHaveValue('5');
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('kerygma-video-wall-settings') ?? '{}'));
  expect(kept).toMatchObject({ displayDuration: 20, baseZoom: 5, previewVolume: 7 });

  await page.getByRole('button', { name: 'Restore the defaults' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Video wall settings saved.')).toBeVisible();
  await page.reload();
  await expect(duration).toHaveValue('9');
});

test('with nothing live the wall says so and draws the map; the QR code opens the live webcasts', async ({
  page,
  baseURL,
}) => {
  const tiles = await standInTiles(page);
  await signInSiteAdmin(page, baseURL ?? '');
  await page.goto('/video-wall');
  await expect(page).toHaveURL(/\/video-wall\/group$/);
  await expect(page.getByText('No webcast is live right now.')).toBeVisible();
  const map = page.getByRole('region', { name: 'Map of live broadcasters' });
  await expect(map).toBeVisible();
  await expect(map.locator('.leaflet-tile-pane')).toBeAttached();
  await expect.poll(tiles).toBeGreaterThan(0);
  await expect(map).toHaveAttribute('data-live-markers', '0');
  await expectNoAxeViolations(page, { include: 'main', label: 'the video wall' });

  await page.goto('/video-wall/broadcaster/nobodylivehere');
  await expect(page.getByText('No webcast is live right now.')).toBeVisible();

  await page.goto('/video-wall/qr');
  const url = `${baseURL}/webcasts`;
  await expect(page.getByRole('img', { name: `QR code for ${url}` })).toBeVisible();
  await expect(page.getByText(url, { exact: true })).toBeVisible();
  await page.goto('/de/video-wall/qr?broadcasterID=gracechurch');
  await expect(page.getByRole('img', { name: `QR-Code für ${baseURL}/de/webcasts/gracechurch` })).toBeVisible();
});

test('a listener is refused every video wall screen', async ({ page, baseURL }) => {
  const listener = await verifiedAccount('walllistener');
  await signIn(page, baseURL ?? '', listener.username);
  for (const path of ['/video-wall/admin', '/video-wall/qr', '/video-wall/group', '/video-wall/broadcaster/x']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: REFUSED })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Video wall' })).toHaveCount(0);
  }
});

test('signed out, the wall sends the browser to sign in and back', async ({ page }) => {
  await page.goto('/video-wall/admin');
  await expect(page).toHaveURL(/\/user\/login\?next=%2Fvideo-wall%2Fadmin$/);
});

/** A demo broadcaster that may webcast and has a place on the map (seed/demo-data.ts), no other journey's. */
const BROADCASTER = 'lakesidecc';

/**
 * Debian's Chromium plays HLS itself; told it cannot, the wall brings hls.js, as for Firefox or
 * an older Chrome.
 */
const PLAYBACK = [
  { via: 'the browser’s own HLS', withoutNativeHls: false },
  { via: 'hls.js', withoutNativeHls: true },
];

for (const { via, withoutNativeHls } of PLAYBACK) {
  test(`a live webcast plays muted on the wall (${via}), is heard at the preview volume when picked, and is on the map`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = baseURL ?? '';
    if (withoutNativeHls)
      await page.addInitScript(() => {
        const canPlayType = HTMLMediaElement.prototype.canPlayType;
        HTMLMediaElement.prototype.canPlayType = function (type: string) {
          return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
        };
      });
    // The church's Admin names its next webcast; ffmpeg publishes to the server's RTMP ingest.
    const title = `Evening worship ${Date.now().toString(36)}`;
    const manager = (await browser.newContext()).request;
    await signIn(
      manager,
      origin,
      (await verifiedAccount('wallchurch', { broadcasterID: BROADCASTER, role: 2 })).username,
    );
    const metadata = await manager.put(`/api/v2/node/broadcasters/${BROADCASTER}/webcast_metadata`, {
      data: { defaultWebcastTitle: title, defaultWebcastReplay: 'listed', defaultWebcastPassword: null },
      headers: { origin },
    });
    expect(metadata.status()).toBe(200);
    const { streamKey } = (await metadata.json()) as { streamKey: string };
    const publisher = publish(`rtmp://127.0.0.1:${RTMP_PORT}/live/${streamKey}`);
    let webcastID = '';
    try {
      // Live, with a first segment in its playlist.
      const live = async () =>
        (
          (await (await page.request.get(`/api/v2/node/webcasts?broadcasterID=${BROADCASTER}`)).json()) as {
            results: { webcastID: string; hlsURL: string; title: string }[];
          }
        ).results.find((w) => w.title === title);
      await expect.poll(async () => Boolean(await live())).toBe(true);
      const webcast = await live();
      webcastID = webcast?.webcastID ?? '';
      const playlist = new URL(webcast?.hlsURL ?? '', origin).pathname;
      await expect.poll(async () => (await page.request.get(playlist)).text()).toContain('#EXTINF');

      await standInTiles(page);
      await signInSiteAdmin(page, origin);

      await page.goto('/video-wall/group');
      const video = page.getByLabel(`${title}, live from Lakeside Community Church`);
      await expect(video).toBeVisible();
      // Its player has frames (HAVE_CURRENT_DATA or more), muted.
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
      expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);

      await page.getByRole('button', { name: 'Listen' }).click();
      expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.volume])).toEqual([false, 0.07]);
      await expect(page.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');

      await expect(page.getByRole('region', { name: 'Map of live broadcasters' })).toHaveAttribute(
        'data-live-markers',
        '1',
      );

      // Its own wall shows it; another broadcaster's leaves it out.
      await page.goto(`/video-wall/broadcaster/${BROADCASTER}`);
      await expect(page.getByLabel(`${title}, live from Lakeside Community Church`)).toBeVisible();
      await page.goto('/video-wall/broadcaster/aucklandreformed');
      await expect(page.getByText('No webcast is live right now.')).toBeVisible();
    } finally {
      await publisher.stop();
      // Ended, not offline: a publisher back within the offline time would resume this webcast,
      // title and all, and the next journey would not find its own.
      if (webcastID)
        await expect
          .poll(async () => {
            const res = await page.request.get(`/api/v2/node/broadcasters/${BROADCASTER}/webcasts/${webcastID}`);
            return ((await res.json()) as { state: string }).state;
          })
          .toBe('ended');
    }
  });
}
