import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { sendAdminCommand } from '../packages/server/src/cli/admin-channel.ts';

/**
 * Accounts for the journeys that need someone signed in but are not about signing up
 * (accounts.spec.ts is): made verified through the running server's admin channel, so they do
 * not count against the sign-up limit per address that every journey's requests share.
 */

export const PASSWORD = 'Listener-pass-1';
/** Where the server under test keeps its data (playwright.config.ts). */
export const DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? 'test-results/e2e-data');

/** A new verified account, `<prefix><unique>`, with PASSWORD; its broadcaster role, if given (2 Admin). */
export async function verifiedAccount(
  prefix: string,
  role?: { broadcasterID: string; role: 2 | 3 | 4 },
): Promise<{ username: string; email: string }> {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `${username}@example.org`;
  const quiet = () => {};
  expect(
    await sendAdminCommand(DATA_DIR, { command: 'user', username, email, password: PASSWORD }, quiet),
  ).toMatchObject({ ok: true });
  if (role)
    expect(
      await sendAdminCommand(
        DATA_DIR,
        { command: 'broadcaster-role', username, broadcasterId: role.broadcasterID, role: role.role },
        quiet,
      ),
    ).toMatchObject({ ok: true });
  return { username, email };
}

/** Signs the browser of `page` (or a request context) in: the session cookies land in its context. */
export async function signIn(
  target: Page | APIRequestContext,
  origin: string,
  username: string,
  password = PASSWORD,
): Promise<void> {
  const request = 'request' in target ? target.request : target;
  const answer = await request.post(`/api/v2/site/users/${username}/login`, {
    data: { password },
    headers: { origin },
  });
  expect(answer.status()).toBe(200);
}
