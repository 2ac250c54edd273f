import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { loadMessages, type Translate, translator } from '../packages/i18n/src/t.ts';
import { signIn as signInAs, verifiedAccount } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';
import { hydrated } from './islands.ts';
import { currentTime, longestAudioSermon, player, playToMiddleAndPause } from './listening.ts';
import { mailedLink } from './mailbox.ts';

/**
 * Accounts on the public site against the real server: signing up, the verification mail (read
 * from the local SMTP server the server sends to, e2e/mail-server.ts), the header's account menu,
 * signing out and in again with `next`, then the listener's whole way through the library: follow
 * a speaker, play a sermon to its middle, resume it signed in on a second browser, comment, the
 * broadcaster's manager approves, the comment is public, sign out everywhere signs the first
 * browser out; in English and in German. Then a password reset by mail, the guards, and axe on
 * every account page.
 */

/**
 * Navigations here hash passwords (argon2id) and islands hydrate when the browser is idle
 * (`client:quiet`): on a busy machine both take longer than the default 5 s.
 */
const expect = baseExpect.configure({ timeout: 20_000 });

const PASSWORD = 'Psalm23shepherd';

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

/**
 * The signed-in listener's way through the library, under `prefix` in `lang`, from `page` (signed
 * in as `who`): follow a speaker from its page, play a sermon to its middle and pause, sign in on
 * a second browser and resume at the same second, comment there, the broadcaster's manager
 * approves it, a visitor sees it, then signing out everywhere on the second browser signs the
 * first one out too.
 */
async function library(page: Page, browser: Browser, prefix: string, lang: 'en' | 'de', who: { username: string }) {
  const t: Translate = translator(await loadMessages(lang), undefined, lang);
  const origin = new URL(page.url()).origin;
  const sermon = await longestAudioSermon(page.request);
  const { speaker } = sermon;

  await page.goto(`${prefix}/speakers/${speaker.speakerID}`);
  const follow = page.getByRole('button', { name: t('librarySite.followName', { name: speaker.displayName }) });
  await hydrated(follow);
  await follow.click();
  const following = page.getByRole('button', { name: t('librarySite.followingName', { name: speaker.displayName }) });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(following).toHaveText(t('librarySite.following'));

  await page.goto(`${prefix}/sermons/${sermon.sermonID}`);
  const stoppedAt = await playToMiddleAndPause(page, sermon, { play: t('player.playAudio'), pause: t('player.pause') });

  // A second browser, nothing kept locally, the same person: Play resumes where the first stopped.
  const laptop = await (await browser.newContext({ baseURL: origin })).newPage();
  await signInAs(laptop, origin, who.username, PASSWORD);
  await laptop.goto(`${prefix}/sermons/${sermon.sermonID}`);
  await laptop.getByRole('button', { name: t('player.playAudio') }).click();
  await expect(player(laptop)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => currentTime(laptop)).toBeGreaterThan(stoppedAt - 2);
  expect(await currentTime(laptop)).toBeLessThan(stoppedAt + 2);

  // A comment from the second browser waits for the broadcaster's manager, then is public.
  const stamp = unique();
  const comments = laptop.locator('section.comments');
  await comments.scrollIntoViewIfNeeded();
  await hydrated(comments);
  await comments.getByLabel(t('comments.label')).fill(`${who.username} ${stamp}: a sermon to hear again`);
  await comments.getByRole('button', { name: t('comments.submit') }).click();
  await expect(comments.locator('li', { hasText: stamp }).getByText(t('comments.state.pending'))).toBeVisible();
  const { broadcasterID } = sermon.broadcaster;
  const { username: manager } = await verifiedAccount('manager', { broadcasterID, role: 2 });
  const moderator = await (await browser.newContext({ baseURL: origin })).newPage();
  await signInAs(moderator, origin, manager);
  await moderator.goto(`${prefix}/broadcasters/${broadcasterID}/comments`);
  const waiting = moderator.locator('section.moderation li', { hasText: stamp });
  await waiting.getByRole('button', { name: t('comments.approve') }).click();
  await expect(waiting).toHaveCount(0);
  await moderator.context().close();
  const visitor = await (await browser.newContext({ baseURL: origin })).newPage();
  await visitor.goto(`${prefix}/sermons/${sermon.sermonID}`);
  const shown = visitor.locator('section.comments');
  await shown.scrollIntoViewIfNeeded();
  await hydrated(shown);
  await expect(shown.locator('.comment-list li', { hasText: stamp })).toBeVisible();
  await visitor.context().close();

  // Signing out everywhere on the second browser ends the first browser's session too.
  await laptop.goto(`${prefix}/user/settings`);
  const everywhere = laptop.getByRole('button', { name: t('account.pages.settings.everywhere') });
  await hydrated(everywhere);
  await everywhere.click();
  await expect(laptop).toHaveURL(new RegExp(`${prefix || ''}/?$`));
  await laptop.context().close();
  await page.reload();
  await expect(header(page).getByRole('link', { name: t('nav.signIn') })).toBeVisible();
}

test.describe('accounts', () => {
  test.describe.configure({ timeout: 300_000 });

  test('sign up, verify by mail, sign out and in with next, follow, play, resume elsewhere, comment, sign out everywhere, reset the password', async ({
    page,
    browser,
  }) => {
    const who = await journey(page, '', EN);
    await library(page, browser, '', 'en', who);
    await signInAs(page, new URL(page.url()).origin, who.username, PASSWORD);

    // Guest-only pages send a signed-in person to settings; settings shows who it is.
    await page.goto('/user/login');
    await expect(page).toHaveURL('/user/settings');
    await expect(page.getByRole('heading', { name: `Signed in as ${who.name}` })).toBeVisible();
    // Its main content: the docked player around it (the sermon played above, restored before its
    // interface hydrates) is the player's own journey's (player.spec.ts), as in library.spec.ts.
    await expectNoAxeViolations(page, { label: '/user/settings', include: 'main' });

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

  test('the same in German', async ({ page, browser }) => {
    const who = await journey(page, '/de', DE);
    await library(page, browser, '/de', 'de', who);
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
