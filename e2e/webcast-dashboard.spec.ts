import { expect, test } from '@playwright/test';
import { signIn, verifiedAccount } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';

/**
 * The webcast screen (issue 27): a church's Admin reveals the stream key and makes a new one,
 * saves the defaults of new webcasts, and adds a restream destination, which cannot start while
 * nothing is live and is then deleted. Nothing publishes here (going live is e2e/webcasts.spec.ts).
 */

type LiteSermon = { broadcaster: { broadcasterID: string } };

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
