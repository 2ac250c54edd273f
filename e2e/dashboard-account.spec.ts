import { deflateSync } from 'node:zlib';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import type { ReceivedMail } from '../packages/server/src/test/smtp-server.ts';
import { MAP_SERVICE } from '../playwright.config.ts';
import { signIn, verifiedAccount } from './accounts.ts';
import { MAILBOX_URL } from './mailbox.ts';

/**
 * The broadcaster account screens of the dashboard, for the church's Admin: the settings (name,
 * service times, a social link, the map pin, with the tiles and the place name answered here),
 * shown on the public broadcaster page once saved; a manager invited, the invitation resent and
 * revoked; the API key shown once and replaced; the connections this site has not set up; the
 * podcast settings kept; and the question before unsaved settings are left.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const LEAVE_WARNING = 'Do you really want to leave? You have unsaved changes!';

/** A 1×1 grey PNG, every tile of the stand-in tile server. */
function tilePNG(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0xcc]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The stand-in map services: tiles and a Nominatim-shaped answer naming the clicked place. */
async function standInMaps(page: Page): Promise<{ tiles: () => number; asked: () => number }> {
  let tiles = 0;
  let asked = 0;
  const png = tilePNG();
  await page.route(`${MAP_SERVICE}/tiles/**`, (route) => {
    tiles++;
    return route.fulfill({ status: 200, contentType: 'image/png', body: png });
  });
  await page.route(`${MAP_SERVICE}/reverse?**`, (route) => {
    asked++;
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      json: {
        display_name: 'Nazareth, Northern District, Israel',
        address: { town: 'Nazareth', state: 'Northern District', country: 'Israel', country_code: 'il' },
      },
    });
  });
  return { tiles: () => tiles, asked: () => asked };
}

/** The texts of the mails to `to` so far. */
async function mailsTo(to: string): Promise<string[]> {
  const inbox = (await (await fetch(MAILBOX_URL)).json()) as ReceivedMail[];
  return inbox.filter((m) => m.to === to).map((m) => m.text);
}

test.use({ viewport: { width: 1280, height: 900 } });

test("a broadcaster's Admin edits the settings with the map pin, invites and revokes a manager, replaces the API key and sees the connections", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL as string;
  const list = await (await page.request.get('/api/v2/node/broadcasters?pageSize=1&lite=true')).json();
  const broadcasterID: string = list.results[0].broadcasterID;
  const { username } = await verifiedAccount('admin', { broadcasterID, role: 2 });
  await signIn(page, origin, username);
  const maps = await standInMaps(page);
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const nav = page.getByRole('navigation', { name: 'Dashboard' });

  // (a) Settings: name, service times, a social link and the pin, placed by a click on the map.
  await page.goto('/dashboard-beta/account/settings');
  const name = `Grace Fellowship ${unique}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Service times').fill('Sunday 10:30 AM Morning worship\nWednesday 7 PM Prayer meeting');
  await page.getByLabel('Facebook address').fill(`https://www.facebook.com/grace${unique}`);
  const map = page.getByLabel('Map of your location');
  await expect(map).toBeVisible();
  await expect.poll(maps.tiles).toBeGreaterThan(0);
  await map.click({ position: { x: 200, y: 120 } });
  await expect(page.getByRole('status').filter({ hasText: 'Pin set near' })).toHaveText(
    'Pin set near Nazareth, Northern District, Israel.',
  );
  expect(maps.asked()).toBe(1);
  await expect(page.getByLabel('Place name')).toHaveValue('Nazareth, Northern District, Israel');
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('Israel');
  const latitude = Number(await page.getByLabel('Latitude').inputValue());
  const longitude = Number(await page.getByLabel('Longitude').inputValue());
  expect(Number.isFinite(latitude) && Number.isFinite(longitude)).toBe(true);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  const settings = await (await page.request.get(`/api/v2/node/broadcasters/${broadcasterID}/private_data`)).json();
  expect(settings).toMatchObject({ displayName: name, latitude, longitude });
  // The public page is refreshed on save.
  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error('no browser');
  await visitor.goto(`/broadcasters/${broadcasterID}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(name);
  await visitor.close();

  // (e) A change not saved: leaving asks first, and staying keeps it.
  await page.getByLabel('Name', { exact: true }).fill(`${name} (draft)`);
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await nav.getByRole('link', { name: 'Managers' }).click();
  await expect.poll(() => asked).toEqual([LEAVE_WARNING]);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${name} (draft)`);
  page.once('dialog', (dialog) => void dialog.accept());
  await nav.getByRole('link', { name: 'Managers' }).click();
  await expect(page).toHaveURL(/\/managers$/);

  // (b) A manager invited by e-mail, the invitation resent (a second mail), then revoked.
  const invitee = `helper${unique}@example.org`;
  await page.getByLabel('E-mail', { exact: true }).fill(invitee);
  await page.getByLabel('Uploader').check();
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(`Invitation sent to ${invitee}.`)).toBeVisible();
  await expect.poll(() => mailsTo(invitee).then((m) => m.length), { timeout: 15_000 }).toBe(1);
  const invitation = page.getByRole('listitem').filter({ hasText: invitee });
  await invitation.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText(`Invitation sent again to ${invitee}.`)).toBeVisible();
  await expect.poll(() => mailsTo(invitee).then((m) => m.length), { timeout: 15_000 }).toBe(2);
  const mailed = /https?:\/\/\S+\/broadcaster\/linking-users\?code=[\w-]+/.exec((await mailsTo(invitee))[1])?.[0];
  expect(mailed).toBeTruthy();
  await invitation.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`Invitation to ${invitee} revoked.`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: invitee })).toHaveCount(0);
  const link = new URL(mailed as string);
  const opened = await page.context().browser()?.newPage();
  if (!opened) throw new Error('no browser');
  await opened.goto(`${link.pathname}${link.search}`);
  await expect(opened.getByText('This invite has been accepted, revoked or has expired.')).toBeVisible();
  await opened.close();

  // (c) The API key: shown once; a new one replaces it and the old one is refused.
  // (From Managers by the navigation: its rows once reset their forms on every render, without
  // end, and the page never moved on.)
  await nav.getByRole('link', { name: 'API key' }).click();
  await expect(page).toHaveURL(/\/account\/api-key$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API key');
  const keyField = page.getByLabel('Copy this key now: it will not be shown again.');
  const make = page.getByRole('button', { name: /^(Make a key|Make a new key)$/ });
  await make.click();
  if (await page.getByRole('alertdialog').isVisible())
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make a new key' }).click();
  const first = await keyField.inputValue();
  expect(first).toMatch(/\S{16,}/);
  await page.reload();
  await expect(page.getByText('For your safety the key is shown only once')).toBeVisible();
  await expect(keyField).toHaveCount(0);
  await page.getByRole('button', { name: 'Make a new key' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Make a new key' }).click();
  await expect(keyField).not.toHaveValue(first);
  const second = await keyField.inputValue();
  expect(second).toMatch(/\S{16,}/);
  const upload = (key: string) =>
    page.request.post('/api/v2/media', {
      headers: { 'x-api-key': key, origin },
      data: { broadcasterID, fileName: 'sermon.mp3', fileSize: 1000 },
    });
  expect([401, 403]).toContain((await upload(first)).status());
  expect([401, 403]).not.toContain((await upload(second)).status());

  // (d) Connections this site has not set up say so.
  await nav.getByRole('link', { name: 'Connections' }).click();
  await expect(page.getByText('FTP is not set up on this site, so it cannot be connected.')).toBeVisible();
  await expect(page.getByText('Dropbox is not set up on this site, so it cannot be connected.')).toBeVisible();
  // (e) The podcast screen: the feed's address to give out, a podcast recommended, the lock lifted.
  await nav.getByRole('link', { name: 'Podcast', exact: true }).click();
  await expect(page.getByLabel('RSS feed')).toHaveValue(`${origin}/feeds/broadcaster/${broadcasterID}.rss`);
  // The list starts empty, however often the journey ran on this data.
  const remove = page.getByRole('button', { name: 'Remove' });
  while ((await remove.count()) > 0) await remove.first().click();
  await page.getByRole('button', { name: 'Add a podcast' }).click();
  await page.getByLabel('Title').fill('Puritan Classics');
  await page.getByLabel('Feed address').fill(`${origin}/feeds/broadcaster/puritanaudio.rss`);
  await page.getByLabel('Let other hosts import my feeds').check();
  // Earlier steps' 'Saved.' may still show: the answer to this save is what counts.
  const saved = page.waitForResponse((r) => r.url().endsWith('/podcast_settings') && r.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue('Puritan Classics');
  await expect(page.getByLabel('Let other hosts import my feeds')).toBeChecked();
});
