import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { hydrated } from './islands.ts';

/**
 * Accounts on the public site against the real server: signing up, the verification mail (the
 * server writes it to `<data dir>/outbox` with no SMTP_URL set, playwright.config.ts), the
 * header's account menu, signing out and in again with `next`, a password reset by mail, the
 * guards, in English and German, and axe on every account page.
 */

/**
 * Navigations here hash passwords (argon2id) and islands hydrate when the browser is idle
 * (`client:quiet`): on a busy machine both take longer than the default 5 s.
 */
const expect = baseExpect.configure({ timeout: 20_000 });

const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? 'test-results/e2e-data', 'outbox');
const PASSWORD = 'Psalm23shepherd';

/** A mail's text body from an .eml file (quoted-printable or base64, as nodemailer wrote it). */
function bodyOf(eml: string): string {
  const [head = '', ...rest] = eml.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The link in the newest mail to `to` that opens `page` (the verify or reset page), once it has been written. */
async function mailedLink(to: string, page: '/user/verify' | '/user/reset-password'): Promise<URL> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(OUTBOX).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
        for (const file of files.reverse()) {
          const eml = await readFile(path.join(OUTBOX, file), 'utf8');
          if (!eml.includes(`To: ${to}`)) continue;
          const found = /https?:\/\/\S+?\?code=[A-Z]+/.exec(bodyOf(eml))?.[0];
          if (found && new URL(found).pathname.endsWith(page)) {
            link = found;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return new URL(link as string);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const header = (page: Page) => page.getByRole('banner');
/** The account menu's name, once the island has learnt who is signed in. */
const accountName = (page: Page) => header(page).getByTestId('account-name');

async function signUp(page: Page, labels: Labels, who: { username: string; email: string; name: string }) {
  await hydrated(page.locator('main form'));
  await page.getByLabel(labels.username, { exact: true }).fill(who.username);
  await page.getByLabel(labels.email, { exact: true }).fill(who.email);
  await page.getByLabel(labels.displayName).fill(who.name);
  await page.getByLabel(labels.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(labels.confirm).fill(PASSWORD);
  await expect(page.getByText(labels.usernameFree)).toBeVisible();
  await page.getByRole('button', { name: labels.create }).click();
}

type Labels = {
  signIn: string;
  signOut: string;
  username: string;
  email: string;
  displayName: string;
  password: string;
  confirm: string;
  usernameFree: string;
  create: string;
  createLink: string;
  confirmed: string;
  continue: string;
  usernameOrEmail: string;
};

const EN: Labels = {
  signIn: 'Sign in',
  signOut: 'Sign out',
  username: 'Username',
  email: 'E-mail address',
  displayName: 'Your name (optional)',
  password: 'Password',
  confirm: 'Confirm the password',
  usernameFree: 'This username is free.',
  create: 'Create the account',
  createLink: 'Create an account',
  confirmed: 'Your e-mail address is confirmed.',
  continue: 'Continue',
  usernameOrEmail: 'Username or e-mail address',
};

const DE: Labels = {
  signIn: 'Anmelden',
  signOut: 'Abmelden',
  username: 'Benutzername',
  email: 'E-Mail-Adresse',
  displayName: 'Dein Name (freiwillig)',
  password: 'Passwort',
  confirm: 'Passwort bestätigen',
  usernameFree: 'Dieser Benutzername ist frei.',
  create: 'Konto erstellen',
  createLink: 'Konto erstellen',
  confirmed: 'Deine E-Mail-Adresse ist bestätigt.',
  continue: 'Weiter',
  usernameOrEmail: 'Benutzername oder E-Mail-Adresse',
};

/** The whole journey in one language, under `prefix` ('' or '/de'). */
async function journey(page: Page, prefix: string, labels: Labels) {
  const id = unique();
  const who = { username: `ann${id}`, email: `ann${id}@example.com`, name: `Ann ${id}` };

  // Signed out, the header offers to sign in, coming back to this page.
  await page.goto(`${prefix}/speakers`);
  await header(page).getByRole('link', { name: labels.signIn }).click();
  await expect(page).toHaveURL(`${prefix}/user/login?next=${encodeURIComponent(`${prefix}/speakers`)}`);
  await page.getByRole('link', { name: labels.createLink }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/signup\\?next=`));

  // Sign up: the rules show as the person types, the name is checked while typing.
  await signUp(page, labels, who);
  // Hashing the password twice (sign-up, then sign-in) takes a while on a busy machine.
  await expect(page).toHaveURL(new RegExp(`${prefix}/user/verify\\?`), { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: who.email })).toBeVisible();

  // The mailed link, in the page's language, verifies the address.
  const link = await mailedLink(who.email, '/user/verify');
  expect(link.pathname).toBe(`${prefix}/user/verify`);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('status').filter({ hasText: labels.confirmed })).toBeVisible();

  // Signed in: the header shows the name; Continue returns to where sign-in started.
  await expect(accountName(page)).toHaveText(who.name);
  await page.getByRole('link', { name: labels.continue }).click();
  await expect(page).toHaveURL(`${prefix}/speakers`);
  await expect(accountName(page)).toHaveText(who.name);

  // Sign out from the header's menu.
  await header(page)
    .getByRole('button', { name: new RegExp(who.name) })
    .click();
  await header(page).getByRole('button', { name: labels.signOut }).click();
  await expect(header(page).getByRole('link', { name: labels.signIn })).toBeVisible();
  await page.reload();
  await expect(header(page).getByRole('link', { name: labels.signIn })).toBeVisible();

  // Sign in again from another page: `next` brings the person back to it.
  await page.goto(`${prefix}/series`);
  await header(page).getByRole('link', { name: labels.signIn }).click();
  await hydrated(page.locator('main form'));
  await page.getByLabel(labels.usernameOrEmail).fill(who.email);
  await page.getByLabel(labels.password, { exact: true }).fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: labels.signIn }).click();
  await expect(page).toHaveURL(`${prefix}/series`, { timeout: 20_000 });
  await expect(accountName(page)).toHaveText(who.name);
  return who;
}

test.describe('accounts', () => {
  test.describe.configure({ timeout: 300_000 });

  test('sign up, verify by mail, the name in the header, sign out, sign in with next, reset the password', async ({
    page,
  }) => {
    const who = await journey(page, '', EN);

    // Guest-only pages send a signed-in person to settings; settings shows who it is.
    await page.goto('/user/login');
    await expect(page).toHaveURL('/user/settings');
    await expect(page.getByRole('heading', { name: `Signed in as ${who.name}` })).toBeVisible();
    await expectNoAxeViolations(page, { label: '/user/settings' });

    // The legacy /logout signs out and lands home.
    await page.goto('/logout');
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();

    // Settings is for the signed-in only.
    await page.goto('/user/settings');
    await expect(page).toHaveURL(`/user/login?next=${encodeURIComponent('/user/settings')}`);

    // Reset the password by mail, then sign in with the new one.
    await page.goto('/user/reset-password');
    await hydrated(page.locator('main form'));
    await page.getByLabel('Username or e-mail address').fill(who.username);
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'a code is on its way' })).toBeVisible();
    const link = await mailedLink(who.email, '/user/reset-password');
    await page.goto(`${link.pathname}${link.search}`);
    await hydrated(page.locator('main form'));
    const renewed = `${PASSWORD}New`;
    await page.getByLabel('New password').fill(renewed);
    await page.getByLabel('Confirm the password').fill(renewed);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password is changed' })).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL('/user/login');
    await hydrated(page.locator('main form'));
    await page.getByLabel('Username or e-mail address').fill(who.username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The username or password is incorrect.');
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(renewed);
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    // No `next`, no broadcaster: the library.
    await expect(page).toHaveURL('/library', { timeout: 20_000 });
  });

  test('the same in German', async ({ page }) => {
    await journey(page, '/de', DE);
  });

  test('a sign-up shows the rules as the person types and marks what is missing', async ({ page }) => {
    await page.goto('/signup');
    await hydrated(page.locator('main form'));
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abc');
    const rules = page.locator('#signup-password-rules li');
    await expect(rules.filter({ hasText: 'A lower-case letter' })).toHaveAttribute('data-met', 'true');
    await expect(rules.filter({ hasText: 'At least 8 characters' })).toHaveAttribute('data-met', 'false');
    await password.fill('abcdefgH');
    await expect(rules.filter({ hasText: 'At least 8 characters' })).toHaveAttribute('data-met', 'true');
    // Nothing in the username yet: sending marks it, says so, and puts focus there.
    await page.getByRole('button', { name: 'Create the account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please correct the fields marked.' })).toBeVisible();
    await expect(page.getByLabel('Username', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Username', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });

  for (const path of [
    '/user/about',
    '/user/login',
    '/user/login?signup=true',
    '/signup',
    '/signup/church',
    '/user/verify',
    '/user/reset-password',
    '/user/reset-password?code=ABCDEFGH',
    '/de/user/login',
    '/de/signup',
    '/de/user/verify',
    '/de/user/reset-password',
    '/de/user/about',
  ]) {
    test(`${path} has no axe violations`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, { label: path });
    });
  }
});
