import { execFileSync } from 'node:child_process';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, signIn, verifiedAccount } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';
import { hydrated } from './islands.ts';

/** A picture in the repository, 1200×630: large enough for a profile picture. */
const PICTURE = 'public/images/share.png';

/** Signing in through the API with `password`: its status. */
async function signInStatus(request: APIRequestContext, origin: string, username: string, password: string) {
  const answer = await request.post(`/api/v2/site/users/${username}/login`, {
    data: { password },
    headers: { origin },
  });
  return answer.status();
}

test('a listener changes their name, password and picture in settings, then deletes the account', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const origin = baseURL as string;
  const { username } = await verifiedAccount('settings');
  await signIn(page, origin, username);

  await page.goto('/user/settings');
  const main = page.locator('main');
  await expect(page.getByRole('heading', { name: `Signed in as ${username}` })).toBeVisible();
  await hydrated(main);
  await expect(page.getByText('will come here soon')).toHaveCount(0);
  await expectNoAxeViolations(page, { label: '/user/settings' });

  // The profile: a new name, saved; the header's menu shows it after a reload.
  const profile = main.locator('form', { has: page.getByRole('heading', { name: 'Your profile' }) });
  await profile.getByLabel('Your name').fill('Ruth Listener');
  await profile.getByLabel('E-mail me once a day about new sermons from what I follow').check();
  await profile.getByLabel('Gender').selectOption({ label: 'Female' });
  await profile.getByLabel('I am a church leader').check();
  // Leaving with the changes not saved asks first; staying keeps them.
  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sermons' }).click();
  await expect.poll(() => questions).toEqual(['Do you really want to leave? You have unsaved changes!']);
  await expect(page).toHaveURL('/user/settings');
  await expect(profile.getByLabel('Your name')).toHaveValue('Ruth Listener');
  // A year of birth out of range is marked, not sent.
  await profile.getByLabel('Year of birth (optional)').fill('1850');
  await profile.getByRole('button', { name: 'Save the profile' }).click();
  await expect(profile.getByText(/^Enter a year from 1900 to \d{4}\.$/)).toBeVisible();
  await expect(profile.getByLabel('Year of birth (optional)')).toBeFocused();
  await profile.getByLabel('Year of birth (optional)').fill('1961');
  await profile.getByRole('button', { name: 'Save the profile' }).click();
  await expect(profile.getByRole('status')).toHaveText('Saved.');
  await page.reload();
  await expect(page.getByRole('banner').getByTestId('account-name')).toHaveText('Ruth Listener');
  await hydrated(main);
  await expect(profile.getByLabel('E-mail me once a day about new sermons from what I follow')).toBeChecked();
  await expect(profile.getByLabel('Gender')).toHaveValue('female');
  await expect(profile.getByLabel('Year of birth (optional)')).toHaveValue('1961');
  await expect(profile.getByLabel('I am a church leader')).toBeChecked();

  // The password: the rules are checked before sending; then the old one is refused at sign-in, the new one works.
  const password = main.locator('form', { has: page.getByRole('heading', { name: 'Change your password' }) });
  const renewed = `${PASSWORD}New`;
  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByLabel('New password').fill('short');
  await password.getByLabel('Confirm the password').fill('short');
  await password.getByRole('button', { name: 'Change the password' }).click();
  await expect(password.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
  await expect(password.getByLabel('New password')).toBeFocused();
  await password.getByLabel('New password').fill(renewed);
  await password.getByLabel('Confirm the password').fill(renewed);
  await password.getByRole('button', { name: 'Change the password' }).click();
  await expect(password.getByRole('status')).toHaveText(/Your password is changed/);
  expect(await signInStatus(request, origin, username, PASSWORD)).toBe(401);
  expect(await signInStatus(request, origin, username, renewed)).toBe(200);

  // The picture: one too small is refused with the API's reason; a large one is shown.
  const picture = main.locator('form', { has: page.getByRole('heading', { name: 'Profile picture' }) });
  const small = testInfo.outputPath('small.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:s=64x64', '-frames:v', '1', small]);
  await picture.getByLabel('Choose a picture').setInputFiles(small);
  await picture.getByRole('button', { name: 'Upload the picture' }).click();
  await expect(picture.getByRole('alert')).toContainText('200');
  await expect(picture.getByRole('img')).toHaveCount(0);
  await picture.getByLabel('Choose a picture').setInputFiles(PICTURE);
  await picture.getByRole('button', { name: 'Upload the picture' }).click();
  await expect(picture.getByRole('status')).toHaveText('Your new picture is saved.');
  const shown = picture.getByRole('img', { name: 'Your profile picture' });
  await expect(shown).toHaveAttribute('src', /\/200\.jpg$/);
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(200);
  await expectNoAxeViolations(page, { label: '/user/settings, filled in' });

  // The e-mail address: a code goes to the new one, which shows as waiting until it is used.
  const email = main.locator('form', { has: page.getByRole('heading', { name: 'Change your e-mail address' }) });
  const newAddress = `${username}-new@example.org`;
  await email.getByLabel('New e-mail address').fill(newAddress);
  await email.getByLabel('Current password').fill(renewed);
  await email.getByRole('button', { name: 'Send a code to the new address' }).click();
  await expect(email.getByRole('status')).toHaveText(
    `We sent a code to ${newAddress}. Your address changes once you enter it.`,
  );
  await expect(email.getByText(`Waiting for confirmation: ${newAddress}.`)).toBeVisible();
  await expect(email.getByRole('link', { name: 'Enter the code' })).toHaveAttribute('href', '/user/verify');

  // Deleting needs the explicit confirmation; then signed out, home, and the account is gone.
  const remove = main.locator('form', { has: page.getByRole('heading', { name: 'Delete your account' }) });
  await remove.getByLabel('Current password').fill(renewed);
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  await expect(remove.getByText('Please confirm that you want to delete your account.')).toBeVisible();
  await remove.getByLabel('I understand that my account will be deleted for good').check();
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await signInStatus(request, origin, username, renewed)).toBe(401);
  const free = await request.get(`/api/v2/site/users/available?username=${username}`);
  expect(await free.json()).toEqual({ available: true });
});

test('the reset form shares the new-password fields: rules marked as typed, errors tied to the fields', async ({
  page,
}) => {
  await page.goto('/user/reset-password?code=ABCDEFGH');
  const form = page.locator('main form');
  await hydrated(form);
  await form.getByLabel('New password').fill('lower');
  await expect(form.getByRole('listitem').filter({ hasText: 'A lower-case letter' })).toHaveAttribute(
    'data-met',
    'true',
  );
  await expect(form.getByRole('listitem').filter({ hasText: 'A capital letter or a digit' })).toHaveAttribute(
    'data-met',
    'false',
  );
  await form.getByLabel('Confirm the password').fill('other');
  await form.getByRole('button', { name: 'Set the new password' }).click();
  await expect(form.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('New password')).toBeFocused();
  await expect(form.getByLabel('Confirm the password')).toHaveAccessibleDescription('Both passwords are the same');
});
