import { expect, test } from '@playwright/test';
import { signIn, verifiedAccount } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';

/**
 * The webcast screen (issue 27): a church's Admin reveals the stream key and makes a new one,
 * saves the defaults of new webcasts, and adds a restream destination, which cannot start while
 * nothing is live and is then deleted; an Admin in another time zone announces a webcast, which
 * the site lists as coming up on its own clock. Nothing publishes here (going live is
 * e2e/webcasts.spec.ts).
 */

type LiteSermon = { broadcaster: { broadcasterID: string } };

/** A demo broadcaster that may webcast (scheduled webcasts are only theirs), used by no other journey. */
const SCHEDULING_BROADCASTER = 'heritagebaptist';

test('an Admin makes a new stream key, saves the webcast defaults and adds a restream destination', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const list = await page.request.get('/api/v2/node/sermons?pageSize=1&lite=true');
  const broadcasterID = ((await list.json()) as { results: LiteSermon[] }).results[0]?.broadcaster.broadcasterID;
  if (!broadcasterID) throw new Error('the demo catalogue has no sermon');
  const admin = await verifiedAccount('webcastadmin', { broadcasterID, role: 2 });
  await signIn(page, origin, admin.username);

  await page.goto(`/dashboard/webcast?broadcasterID=${broadcasterID}`);
  const goLive = page.getByRole('region', { name: 'Go live' });
  const key = goLive.getByLabel('Stream key', { exact: true });
  await expect(key).toHaveAttribute('type', 'password');
  await goLive.getByRole('button', { name: 'Show the key' }).click();
  await expect(key).toHaveAttribute('type', 'text');
  const before = await key.inputValue();
  expect(before.length).toBeGreaterThan(8);
  await goLive.getByRole('button', { name: 'Make a new stream key' }).click();
  await goLive.getByRole('alertdialog').getByRole('button', { name: 'Make a new stream key' }).click();
  await expect(page.getByText('A new stream key was made.')).toBeVisible();
  await expect(key).not.toHaveValue(before);

  const defaults = page.getByRole('region', { name: 'Webcast defaults' });
  await defaults.getByLabel('Title').fill('Lord’s Day worship');
  await defaults.getByLabel('Replay').selectOption('unlisted');
  await defaults.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Webcast defaults saved.')).toBeVisible();

  // Each run's own name, as a rerun on the same data keeps the earlier runs' destinations.
  const label = `Sister church ${Date.now().toString(36)}`;
  const destinations = page.getByRole('region', { name: 'Restream destinations' });
  const form = destinations.getByRole('form', { name: 'Add a destination' });
  await form.getByLabel('Platform').selectOption('custom');
  await form.getByLabel('Name (optional)').fill(label);
  await form.getByLabel('RTMP address').fill('rtmp://127.0.0.1:1/live');
  await form.getByLabel('Stream key', { exact: true }).fill('sister-key-1234');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Destination added.')).toBeVisible();
  const item = destinations.getByRole('listitem', { name: label });
  await expect(item.getByText('Stopped')).toBeVisible();
  await expect(item).toContainText('1234');
  await expect(item).not.toContainText('sister-key');
  await expectNoAxeViolations(page, { include: 'main', label: 'the webcast screen' });

  // Nothing is live: the server refuses to start it, and it stays stopped.
  await item.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.locator('.toasts')).not.toBeEmpty();
  await expect(item.getByText('Stopped')).toBeVisible();

  await item.getByRole('button', { name: 'Delete', exact: true }).click();
  await item.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(item).toHaveCount(0);

  // Reloaded, the defaults are the saved ones.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Webcast defaults' }).getByLabel('Title')).toHaveValue(
    'Lord’s Day worship',
  );
});

test.describe('an Admin in Chicago', () => {
  test.use({ timezoneId: 'America/Chicago' });

  test('announces a webcast on their own clock; the site lists it coming up on US Eastern time until it is deleted', async ({
    page,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const broadcasterID = SCHEDULING_BROADCASTER;
    const admin = await verifiedAccount('webcastscheduler', { broadcasterID, role: 2 });
    await signIn(page, origin, admin.username);
    const screen = `/dashboard/webcast?broadcasterID=${broadcasterID}`;
    await page.goto(screen);
    const scheduled = page.getByRole('region', { name: 'Scheduled webcasts' });
    const form = scheduled.getByRole('form', { name: 'Schedule a webcast' });
    await expect(form.getByText('In your time zone (America/Chicago).')).toBeVisible();

    // A start that has passed is refused in the form.
    await form.getByLabel('Title', { exact: true }).fill('Too late');
    await form.getByLabel('Starts at').fill('2020-01-05T10:30');
    await form.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(form.getByText('Choose a start time in the future.')).toBeVisible();

    // 10:30 in Chicago (CST) is 11:30 in New York (EST).
    const title = `Lenten vespers ${Date.now().toString(36)}`;
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Starts at').fill('2027-03-07T10:30');
    await form.getByLabel('Expected length in minutes (optional)').fill('90');
    await form.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(page.getByText('Webcast scheduled.')).toBeVisible();
    const item = scheduled.getByRole('listitem', { name: title });
    await expect(item).toContainText('Mar 7, 2027 10:30 AM');

    for (const path of ['/webcasts', `/webcasts/${broadcasterID}`]) {
      await page.goto(path);
      const entry = page.getByRole('list', { name: 'Coming up' }).getByRole('listitem').filter({ hasText: title });
      await expect(entry).toContainText('Starts Mar 7, 2027, 11:30 AM EST');
      await expect(entry).toContainText('About 90 minutes');
    }

    await page.goto(screen);
    await item.getByRole('button', { name: 'Delete', exact: true }).click();
    await item.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Scheduled webcast deleted.')).toBeVisible();
    await expect(item).toHaveCount(0);
    // The server's cached page is dropped at once (the browser may keep its copy for seconds).
    expect(await (await page.request.get('/webcasts')).text()).not.toContain(title);
  });
});
