import { expect, test } from '@playwright/test';
import { signIn, verifiedAccount } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';
import { hydrated } from './islands.ts';

test('a verified listener comments and sees it pending; the broadcaster’s manager approves it; it is public', async ({
  browser,
  request,
  baseURL,
}) => {
  // Three browsers and axe: slow on a busy 2-core machine.
  test.setTimeout(240_000);
  const origin = baseURL as string;
  const stamp = Date.now().toString(36);
  const text = `Thank you for this sermon ${stamp}; notes at https://example.org/notes`;

  const list = await (await request.get('/api/v2/node/sermons?pageSize=1&lite=true')).json();
  const sermonID: string = list.results[0].sermonID;
  const broadcasterID: string = list.results[0].broadcaster.broadcasterID;
  const { username: listener } = await verifiedAccount('listener');
  // The broadcaster's manager: its Admin.
  const { username: manager } = await verifiedAccount('manager', { broadcasterID, role: 2 });

  // Signed out: the comments, and a way to sign in that comes back here.
  const visitor = await browser.newPage();
  await visitor.goto(`/sermons/${sermonID}`);
  const visitorComments = visitor.locator('section.comments');
  await visitorComments.scrollIntoViewIfNeeded();
  await hydrated(visitorComments);
  const signInLink = visitorComments.getByRole('link', { name: 'Sign in to comment' });
  await expect(signInLink).toHaveAttribute('href', `/user/login?next=${encodeURIComponent(`/sermons/${sermonID}`)}`);

  // The listener comments: shown to them as pending, not to anyone else.
  const reader = await (await browser.newContext({ baseURL: origin })).newPage();
  await signIn(reader, origin, listener);
  await reader.goto(`/sermons/${sermonID}`);
  const comments = reader.locator('section.comments');
  await comments.scrollIntoViewIfNeeded();
  await hydrated(comments);
  await comments.getByLabel('Your comment').fill(text);
  await comments.getByRole('button', { name: 'Post comment' }).click();
  const pending = comments.locator('.comment-list.mine li', { hasText: stamp });
  await expect(pending.getByText('Pending approval')).toBeVisible();
  await expect(pending.getByRole('link', { name: 'https://example.org/notes' })).toHaveAttribute(
    'rel',
    'nofollow ugc noopener',
  );
  await expectNoAxeViolations(reader, { include: 'section.comments', label: 'sermon comments' });
  await visitor.reload();
  await visitorComments.scrollIntoViewIfNeeded();
  await hydrated(visitorComments);
  await expect(visitorComments.getByText(stamp)).toHaveCount(0);

  // The manager approves it on the broadcaster's comments tab.
  const moderator = await (await browser.newContext({ baseURL: origin })).newPage();
  await signIn(moderator, origin, manager);
  await moderator.goto(`/broadcasters/${broadcasterID}/comments`);
  const queue = moderator.locator('section.moderation');
  const waiting = queue.locator('li', { hasText: stamp });
  await expect(waiting).toBeVisible();
  await expectNoAxeViolations(moderator, { label: 'broadcaster comments tab' });
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await expect(waiting).toHaveCount(0);

  // Public now, for everyone; the author sees it approved on /comments.
  await visitor.reload();
  await visitorComments.scrollIntoViewIfNeeded();
  await hydrated(visitorComments);
  await expect(visitorComments.locator('.comment-list li', { hasText: stamp })).toBeVisible();
  await reader.goto('/comments');
  const mine = reader.locator('.my-comments li', { hasText: stamp });
  await expect(mine.getByText('Approved')).toBeVisible();
  await expectNoAxeViolations(reader, { label: '/comments' });

  // Signed out, /comments sends the reader to sign in and back.
  await visitor.goto('/comments');
  await expect(visitor).toHaveURL(/\/user\/login\?next=%2Fcomments$/);
});

test('the contact page is the broadcaster’s, and asks a signed-out reader to sign in', async ({ page, request }) => {
  const list = await (await request.get('/api/v2/node/broadcasters?pageSize=1')).json();
  const broadcaster = list.results[0];
  await page.goto(`/contact/${broadcaster.broadcasterID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Contact ${broadcaster.displayName}`);
  // Shown once the form's island knows no one is signed in.
  await expect(page.getByRole('link', { name: 'Sign in to send a message' })).toBeVisible();
  await expectNoAxeViolations(page, { label: '/contact' });
  expect(await page.content()).not.toContain('@example.org');
});
