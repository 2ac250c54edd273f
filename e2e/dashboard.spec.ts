import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signIn, verifiedAccount } from './accounts.ts';
import { player } from './listening.ts';

/**
 * The broadcaster dashboard (issue 24): a church's manager creates a sermon, uploads its audio
 * from the browser, fills it in and publishes it; a signed-out visitor finds it on the
 * broadcaster page and plays it. The editor asks before unsaved changes are left. The same on a
 * phone. A podcast series' listings elsewhere reach its public page.
 */

/** A short real MP3 (a tone), made once per run. */
function audioFile(): string {
  const dir = path.resolve('test-results/dashboard-fixtures');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'sunday-sermon.mp3');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=330:d=8'],
    ...['-c:a', 'libmp3lame', '-b:a', '64k', file],
  ]);
  return file;
}

async function broadcasterManager(page: Page, baseURL: string) {
  const list = await (await page.request.get('/api/v2/node/broadcasters?pageSize=1&lite=true')).json();
  const broadcasterID: string = list.results[0].broadcasterID;
  const { username } = await verifiedAccount('pastor', { broadcasterID, role: 2 });
  await signIn(page, baseURL, username);
  return broadcasterID;
}

const LEAVE_WARNING = 'Do you really want to leave? You have unsaved changes!';

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test('a broadcaster uploads, fills in and publishes a sermon; a visitor finds it and plays it', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const broadcasterID = await broadcasterManager(page, baseURL ?? '');
      const title = `Walking in the Light ${viewport.name} ${Date.now().toString(36)}`;
      const speaker = `Pastor ${viewport.name} ${Date.now().toString(36)}`;

      await page.goto('/dashboard-beta/sermons/create');
      await expect(page).toHaveURL(/\/dashboard-beta\/sermons\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Untitled Sermon');

      // The audio goes first, over tus, while the broadcaster fills in the rest.
      await page.getByLabel('Upload audio or video').setInputFiles(audioFile());
      await expect(page.getByText('Upload complete. Processing…')).toBeVisible({ timeout: 60_000 });

      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByRole('button', { name: 'New speaker…' }).click();
      await page.getByLabel('Name of the new speaker').fill(speaker);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(page.getByLabel('Speaker', { exact: true })).toHaveValue(/\d+/);
      await expect(page.getByLabel('Speaker', { exact: true }).locator('option:checked')).toHaveText(speaker);
      await page.getByLabel('Bible passage').fill('1 John 1:5-10');
      await page.getByLabel('Keywords').fill('light fellowship');
      await page.getByLabel('I have the right to publish this recording and its content.').check();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Sermon saved.')).toBeVisible();

      await expect(page.getByText('The media are ready.')).toBeVisible({ timeout: 120_000 });
      await page.getByRole('button', { name: 'Publish now' }).click();
      await expect(page.getByText('The sermon is published.')).toBeVisible();

      // The dashboard's list finds it by its new speaker; no sermon of theirs is a funeral.
      await page.goto('/dashboard-beta/sermons');
      // (By role: a label around a <select> also holds its options' text.)
      await page.getByRole('combobox', { name: 'Speaker', exact: true }).selectOption({ label: speaker });
      await expect(page).toHaveURL(/speakerID=\d+/);
      await expect(page.locator('.rows > li')).toHaveCount(1);
      await expect(page.locator('.rows > li')).toContainText(title);
      await page.getByRole('combobox', { name: 'Event type', exact: true }).selectOption({ label: 'Funeral Service' });
      await expect(page.getByText('No sermons match.')).toBeVisible();

      // The published sermon on the broadcaster page, for someone not signed in.
      const visitor = await browser.newPage({ viewport: viewport.size });
      await visitor.goto(`/broadcasters/${broadcasterID}`);
      await visitor.getByRole('link', { name: title }).first().click();
      await expect(visitor.getByRole('heading', { level: 1 })).toContainText(title);
      await visitor.getByRole('main').getByRole('button', { name: 'Play audio' }).click();
      await expect(player(visitor)).toHaveAttribute('data-state', 'playing');
      await visitor.close();
    });

    test('the sermon editor asks before unsaved changes are left', async ({ page, baseURL }) => {
      await broadcasterManager(page, baseURL ?? '');
      await page.goto('/dashboard-beta/sermons/create');
      await expect(page).toHaveURL(/\/dashboard-beta\/sermons\/\d+$/);
      const editor = page.url();
      await page.getByLabel('Title', { exact: true }).fill('Not saved yet');

      const asked: string[] = [];
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Series' }).click();
      // The question comes once the router has held the navigation back, a moment after the click.
      await expect.poll(() => asked).toEqual([LEAVE_WARNING]);
      expect(page.url()).toBe(editor);
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Not saved yet');

      // The unsaved work survives the tab being closed: a new visit brings it back. (From here
      // on, every question is answered 'leave'.)
      page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
      await page.goto('about:blank');
      await page.goto(editor);
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Not saved yet');
      await expect(page.getByText('Your unsaved changes from before were restored.')).toBeVisible();

      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Series' }).click();
      await expect(page).toHaveURL(/\/dashboard-beta\/series$/);
    });
  });
}

test("a podcast series' listings, set in the dashboard, are offered on its public page", async ({ page, baseURL }) => {
  const broadcasterID = await broadcasterManager(page, baseURL ?? '');
  const title = `Psalms for Pilgrims ${Date.now().toString(36)}`;
  const apple = 'https://podcasts.apple.com/us/podcast/psalms-for-pilgrims/id123';
  const spotify = 'https://open.spotify.com/show/psalms';
  await page.goto('/dashboard-beta/series');
  await page.getByRole('button', { name: 'New series' }).click();
  await page.getByLabel('Series title').fill(title);
  await page.getByLabel('Apple Podcasts address').fill(apple);
  await page.getByLabel('Spotify address').fill(spotify);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(title)).toBeVisible();

  const mine = await (await page.request.get(`/api/v2/node/broadcasters/${broadcasterID}/editable_series`)).json();
  const seriesID = (mine.results as { seriesID: number; title: string }[]).find((s) => s.title === title)?.seriesID;
  await page.goto(`/series/${seriesID}`);
  const listed = page.getByRole('definition').filter({ has: page.getByRole('link', { name: 'Spotify' }) });
  await expect(listed.getByRole('link', { name: 'Apple Podcasts' })).toHaveAttribute('href', apple);
  await expect(listed.getByRole('link', { name: 'Spotify' })).toHaveAttribute('href', spotify);
  const menu = page.locator('details.subscribe');
  await menu.getByText('Subscribe', { exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Apple Podcasts' })).toHaveAttribute('href', apple);
  await expect(menu.getByRole('link', { name: 'Spotify' })).toHaveAttribute('href', spotify);
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    `${baseURL}/feeds/series/${seriesID}.rss`,
  );
});
