import { expect, type Locator, test } from '@playwright/test';

/**
 * The catalogue's pictures on the public pages: the demo data's own artwork, served as sized
 * JPEGs from the media route, loaded by the browser, with their size set before they load.
 */

/** Waits until the browser has loaded the picture; answers its natural width and the URL it chose. */
async function loaded(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0)), { timeout: 15_000 })
    .toBeGreaterThan(0);
  return img.evaluate((i: HTMLImageElement) => ({ naturalWidth: i.naturalWidth, currentSrc: i.currentSrc }));
}

test('a broadcaster page shows its own profile picture and banner, sized, from the media route', async ({ page }) => {
  await page.goto('/broadcasters/gracechurch');
  const profile = page.locator('header.profile img');
  await expect(profile).toHaveAttribute(
    'src',
    /\/media\/images\/broadcaster_profile\/gracechurch-[0-9a-f]{12}\/\d+\.jpg$/,
  );
  await expect(profile).toHaveAttribute('srcset', /192\.jpg 192w/);
  await expect(profile).toHaveAttribute('width', '112');
  await expect(profile).toHaveAttribute('height', '112');
  const chosen = await loaded(profile);
  expect(chosen.currentSrc).toMatch(/\/media\/images\/broadcaster_profile\/.+\/(96|192|360)\.jpg$/);
  expect(chosen.naturalWidth).toBeLessThanOrEqual(360);

  const banner = page.locator('img.banner');
  await expect(banner).toHaveAttribute(
    'src',
    /\/media\/images\/broadcaster_banner\/gracechurch-[0-9a-f]{12}\/1280\.jpg$/,
  );
  expect((await loaded(banner)).naturalWidth).toBe(1280);

  // The picture's file is cached for good: a new picture has a new URL.
  const answer = await page.request.get(chosen.currentSrc);
  expect(answer.headers()['content-type']).toBe('image/jpeg');
  expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test("a sermon page shows its speaker's portrait, small and sized", async ({ page, request }) => {
  const list = await (await request.get('/api/v2/node/sermons?broadcasterID=gracechurch&pageSize=1')).json();
  const sermon = list.results[0] as { sermonID: string; speaker: { displayName: string } };
  await page.goto(`/sermons/${sermon.sermonID}`);
  const portrait = page.locator('.byline img.portrait');
  await expect(portrait).toHaveAttribute('src', /\/media\/images\/speaker_portrait\/\d+-[0-9a-f]{12}\/96\.jpg$/);
  await expect(portrait).toHaveAttribute('width', '40');
  await expect(portrait).toHaveAttribute('height', '40');
  const chosen = await loaded(portrait);
  expect(chosen.naturalWidth).toBeLessThanOrEqual(192);
});
