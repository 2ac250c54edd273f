import { expect as baseExpect, test } from '@playwright/test';
import { sendAdminCommand } from '../packages/server/src/cli/admin-channel.ts';
import type { ReceivedMail } from '../packages/server/src/test/smtp-server.ts';
import { DATA_DIR, PASSWORD as HELPER_PASSWORD, signIn, verifiedAccount } from './accounts.ts';
import { hydrated } from './islands.ts';
import { MAILBOX_URL, mailedLink } from './mailbox.ts';

/**
 * Becoming a broadcaster against the real server: a new user signs up and verifies the address
 * by mail, signs a church up on /broadcaster/sign-up (payments are not configured, so it waits),
 * a site admin approves it, and the user's way in, /broadcaster/select, opens the church's
 * dashboard. Then the new Admin invites a manager by e-mail, who accepts on the mailed link.
 */

/** Passwords are hashed (argon2id) and islands hydrate when the browser is idle: slow on a busy machine. */
const expect = baseExpect.configure({ timeout: 20_000 });
const PASSWORD = 'Psalm23shepherd';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The path and query of the newest mailed link to `to` that opens /broadcaster/linking-users. */
async function mailedInvite(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const inbox = (await (await fetch(MAILBOX_URL)).json()) as ReceivedMail[];
        const mail = inbox.filter((m) => m.to === to).at(-1);
        const found = mail && /https?:\/\/\S+\/broadcaster\/linking-users\?code=[\w-]+/.exec(mail.text)?.[0];
        link = found ? `${new URL(found).pathname}${new URL(found).search}` : '';
        return link !== '';
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return link;
}

test('a new user signs a church up, a site admin approves it, the dashboard opens; an invited manager accepts, keeps the series and cannot open managers or billing', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL as string;
  const id = unique();
  const who = { username: `pastor${id}`, email: `pastor${id}@example.org` };
  const churchId = `hope${id}`.toLowerCase();

  // Signed out, the sign-up page asks for an account first; creating one comes back here.
  await page.goto('/broadcaster/sign-up?coupon=&info=conference');
  await page.getByRole('link', { name: 'Create an account' }).click();
  // The sign-up form of the page it went to: on a slow machine the old page's form was still there.
  await page.waitForURL(/\/user\/login\?signup=true/);
  await hydrated(page.locator('main form'));
  await page.getByLabel('Username', { exact: true }).fill(who.username);
  await page.getByLabel('E-mail address', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm the password').fill(PASSWORD);
  await expect(page.getByText('This username is free.')).toBeVisible();
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page).toHaveURL(/\/user\/verify\?/, { timeout: 30_000 });
  const link = await mailedLink(who.email, '/user/verify');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' })).toBeVisible();

  // The church: its ID is checked as it is typed (§5), then with the server.
  await page.goto('/broadcaster/sign-up?info=conference');
  await hydrated(page.locator('main form'));
  const idField = page.getByLabel('Broadcaster ID');
  await idField.fill('Hope Chapel');
  await expect(page.getByText('Use only lower-case letters a-z and digits.')).toBeVisible();
  await idField.fill('gracechurch');
  await expect(page.getByText('This ID is already taken.')).toBeVisible();
  await idField.fill(churchId);
  await expect(page.getByText('This ID is available.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Hope Chapel');
  await page.getByLabel('Location').fill('Greenville, SC');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Accept the articles of faith to sign up.')).toBeVisible();
  await page.getByLabel('I have read and accept the articles of faith.').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('status')).toContainText('waits for a site administrator');

  // Nothing is public until a site admin approves it.
  expect((await page.request.get(`/api/v2/node/broadcasters/${churchId}`)).status()).toBe(404);
  const admin = await verifiedAccount('siteadmin');
  expect(await sendAdminCommand(DATA_DIR, { command: 'site-admin', name: admin.username }, () => {})).toMatchObject({
    ok: true,
  });
  // The site admin approves it on the /admin screen.
  const adminContext = await browser.newContext({ baseURL: origin });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, origin, admin.username, HELPER_PASSWORD);
  await adminPage.goto('/admin');
  await expect(adminPage.getByRole('heading', { name: 'Broadcasters waiting for approval' })).toBeVisible();
  const row = adminPage.getByRole('row').filter({ hasText: churchId });
  await expect(row).toContainText('Hope Chapel');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByText(`${churchId} approved`)).toBeVisible();
  // From there, the webcasts' health, which only site admins are answered.
  await adminPage.getByRole('link', { name: 'Webcast health' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Webcast health' })).toBeVisible();
  await expect(adminPage.getByText(/No webcast is on air\.|Stream health:/).first()).toBeVisible();
  await expect(adminPage.getByRole('alert')).toHaveCount(0);
  await adminContext.close();
  expect((await page.request.get(`/api/v2/node/broadcasters/${churchId}`)).status()).toBe(200);

  // The signer's way in: the one broadcaster they manage opens its dashboard.
  await page.goto('/broadcaster/select');
  // (/dashboard?broadcasterID=…, which the dashboard shows under its canonical prefix.)
  await expect(page).toHaveURL(`${origin}/dashboard-beta/sermons?broadcasterID=${churchId}`);
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();

  // The new Admin invites a manager by e-mail; the mailed link accepts it once signed in.
  const helper = await verifiedAccount('helper');
  const invited = await page.request.post(`/api/v2/node/broadcasters/${churchId}/user_invites`, {
    data: { email: helper.email, roles: [3] },
    headers: { origin },
  });
  expect(invited.status()).toBe(201);
  const invite = await mailedInvite(helper.email);
  const context = await browser.newContext({ baseURL: origin });
  const other = await context.newPage();
  await other.goto(invite);
  await expect(other.getByText('You are invited to manage Hope Chapel as Uploader.')).toBeVisible();
  await other.getByRole('link', { name: 'Sign in to accept' }).click();
  await hydrated(other.locator('main form'));
  await other.getByLabel('Username or e-mail address').fill(helper.username);
  await other.getByLabel('Password', { exact: true }).fill(HELPER_PASSWORD);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL(/\/broadcaster\/linking-users\?code=/, { timeout: 30_000 });
  await hydrated(other.locator('main'));
  await other.getByRole('button', { name: 'Accept the invite' }).click();
  await expect(other.getByRole('status')).toHaveText('You now help manage Hope Chapel.');
  const roles = await (await other.request.get('/api/v2/site/users')).json();
  expect(roles.broadcasterIds).toContain(churchId);

  // The new Uploader keeps the church's series: makes one and renames it.
  await other.goto(`/dashboard-beta/series?broadcasterID=${churchId}`);
  await other.getByRole('button', { name: 'New series' }).click();
  await other.getByLabel('Series title').fill('Romans');
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(other.getByText('Saved.')).toBeVisible();
  const romans = other.getByRole('listitem').filter({ hasText: 'Romans' });
  await romans.getByRole('button', { name: 'Edit' }).click();
  await other.getByLabel('Series title').fill('Romans: the Gospel of God');
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(other.getByRole('listitem').filter({ hasText: 'Romans: the Gospel of God' })).toBeVisible();
  const series = await (await other.request.get(`/api/v2/node/broadcasters/${churchId}/editable_series`)).json();
  expect(JSON.stringify(series)).toContain('Romans: the Gospel of God');

  // An Uploader cannot open the managers or billing: not offered, refused when asked for, and
  // the server refuses their calls.
  const nav = other.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Series' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Managers' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Billing' })).toHaveCount(0);
  for (const screen of ['managers', 'billing']) {
    await other.goto(`/dashboard-beta/account/${screen}?broadcasterID=${churchId}`);
    await expect(other.getByText('This page is unavailable with the current permissions')).toBeVisible();
  }
  expect((await other.request.get(`/api/v2/node/broadcasters/${churchId}/user_roles`)).status()).toBe(403);
  expect((await other.request.get(`/api/v2/node/broadcasters/${churchId}/next_bill`)).status()).toBe(403);
  await context.close();
});
