import { expect as baseExpect, test } from '@playwright/test';
import { signIn, verifiedAccount } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';
import { hydrated } from './islands.ts';

/**
 * Sessions across devices: a TV app is connected with the code it shows, entered at /activate
 * (RFC 8628), and signing out everywhere in one browser ends every session at once: another
 * browser's and the TV's.
 */

/** Islands hydrate when the browser is idle: on a busy machine that takes longer than 5 s. */
const expect = baseExpect.configure({ timeout: 20_000 });

test('a TV app connects at /activate; signing out everywhere ends every session, the TV’s too', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL as string;
  const { username } = await verifiedAccount('viewer');
  const laptop = await (await browser.newContext({ baseURL: origin })).newPage();
  const phone = await (await browser.newContext({ baseURL: origin })).newPage();
  await laptop.goto('/');
  await signIn(laptop, origin, username);
  await phone.goto('/');
  await signIn(phone, origin, username);

  // The TV asks for a code pair and shows its link (or QR code) with the user code.
  const device = await (await request.post('/api/v2/site/device/code')).json();
  expect(device.verification_uri).toBe(`${origin}/activate`);

  // The person opens it signed in: the code is filled in; they connect the TV.
  const link = new URL(device.verification_uri_complete);
  await laptop.goto(`${link.pathname}${link.search}`);
  const form = laptop.locator('main form');
  await hydrated(form);
  await expect(laptop.getByLabel('Code shown on your device')).toHaveValue(device.user_code);
  await expectNoAxeViolations(laptop, { label: '/activate' });
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(laptop.getByRole('status').filter({ hasText: 'Your device is now signed in' })).toBeVisible();

  // The TV's poll gets its tokens: it is signed in as that person (the polls before it, and
  // their interval, are the API tests' concern: accounts/devices.db.test.ts).
  const granted = await request.post('/api/v2/site/device/token', { data: { device_code: device.device_code } });
  expect(granted.status()).toBe(200);
  const tv = { authorization: `Bearer ${(await granted.json()).access_token}` };
  const me = await request.get('/api/v2/site/users', { headers: tv });
  expect((await me.json()).username).toBe(username);

  // Sign out everywhere from the laptop's settings.
  await laptop.goto('/user/settings');
  const everywhere = laptop.getByRole('button', { name: 'Sign out everywhere' });
  await hydrated(laptop.locator('main'));
  await everywhere.click();
  await expect(laptop.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  // The phone's next page finds itself signed out; the TV's token no longer works.
  await phone.goto('/library');
  await expect(phone).toHaveURL(/\/user\/login\?next=/);
  await expect(phone.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect((await request.get('/api/v2/site/users', { headers: tv })).status()).toBe(401);
});
