import { type Browser, expect, test } from '@playwright/test';
import { PASSWORD, signIn, verifiedAccount } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';
import { hydrated } from './islands.ts';
import { currentTime, longestAudioSermon, player, playToMiddleAndPause } from './listening.ts';

/**
 * The listener's library (site/islands/library/, site/islands/player/position-sync.ts): a new
 * account follows a speaker from its page (signed out → sign-in → back, the follow done), finds
 * it under /library/following, plays a sermon to its middle, and a second browser signed in as
 * the same person resumes it at the same second; a bookmark shows on /library/bookmarks.
 */

/*
 * axe runs on each new page's main content: the docked player around it, restoring the last
 * sermon played before its interface hydrates, is the player's own journey (player.spec.ts).
 */

async function signedInBrowser(browser: Browser, username: string, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page, baseURL, username);
  return { context, page };
}

test('follow from a speaker page, play on one device and resume on another, bookmark', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { username } = await verifiedAccount('listener');
  const sermon = await longestAudioSermon(request);
  const speaker = sermon.speaker;

  // Signed out, Follow goes to sign-in, with the way back carrying the follow.
  await page.goto(`/speakers/${speaker.speakerID}`);
  // Its name says the state too: 'Follow …', 'Following …'.
  const followName = new RegExp(`^Follow(ing)? ${speaker.displayName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const follow = page.getByRole('button', { name: followName });
  await expect(follow).toHaveText('Follow');
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  // Signed out, its script loads only when reached for: the click is given again once it has.
  await follow.click();
  await expect(page).toHaveURL(/\/user\/login\?next=/);
  const next = new URL(page.url()).searchParams.get('next') ?? '';
  const back = new URLSearchParams({ follow: `speaker:${speaker.displayName}` });
  expect(next).toBe(`/speakers/${speaker.speakerID}?${back}`);

  // Signed in on the sign-in page, back on the speaker's: the follow is done and the parameter
  // gone from the address.
  const followed = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/api/v2/site/speakers/') && r.ok(),
  );
  await hydrated(page.locator('main form'));
  await page.getByLabel('Username or e-mail address').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
  await followed;
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(follow).toHaveText('Following');
  await expect(page).toHaveURL(new RegExp(`/speakers/${speaker.speakerID}$`));

  await page.goto('/library/following/speakers');
  const list = page.getByRole('list', { name: 'Speakers' });
  await expect(list.getByRole('link', { name: speaker.displayName })).toBeVisible();
  await expect(list.getByRole('button', { name: followName })).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page, { label: '/library/following/speakers', include: 'main' });

  // Plays the sermon to its middle and pauses there: the position goes to the account.
  await page.goto(`/sermons/${sermon.sermonID}`);
  const stoppedAt = await playToMiddleAndPause(page, sermon, { play: 'Play audio', pause: 'Pause' });

  // Bookmarked here, it shows in the library.
  const bookmark = page.getByRole('button', { name: 'Bookmark' });
  await hydrated(bookmark);
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/library/bookmarks');
  await expect(
    page.getByRole('list', { name: 'Bookmarks' }).getByRole('link', { name: sermon.displayTitle }),
  ).toBeVisible();
  await expectNoAxeViolations(page, { label: '/library/bookmarks', include: 'main' });
  await page.goto('/library/history');
  await expect(
    page.getByRole('list', { name: 'History' }).getByRole('link', { name: sermon.displayTitle }),
  ).toBeVisible();
  await expectNoAxeViolations(page, { label: '/library/history', include: 'main' });
  for (const path of ['/library', '/feed', '/mychurch']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    await expectNoAxeViolations(page, { label: path, include: 'main' });
  }

  // Another browser, the same person, nothing kept locally: Play resumes where the first stopped.
  const other = await signedInBrowser(browser, username, baseURL ?? '');
  await other.page.goto(`/sermons/${sermon.sermonID}`);
  await other.page.getByRole('button', { name: 'Play audio' }).click();
  await expect(player(other.page)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => currentTime(other.page)).toBeGreaterThan(stoppedAt - 2);
  expect(await currentTime(other.page)).toBeLessThan(stoppedAt + 2);
  await other.context.close();
});

test('the library asks a signed-out visitor to sign in and brings them back', async ({ page }) => {
  await page.goto('/library/history');
  await expect(page).toHaveURL(/\/user\/login\?next=%2Flibrary%2Fhistory$/, { timeout: 15_000 });
});
