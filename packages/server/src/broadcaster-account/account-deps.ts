import type { UserRow } from '../accounts/accounts.queries.ts';
import type { Db } from '../db/db.ts';
import { ApiError, notFound } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Payments } from '../payments/payments.ts';
import type { ConnectionProviders } from './connections.ts';
import { broadcasterExists } from './settings.queries.ts';

/** What the broadcaster account's services work with. */
export type AccountDeps = {
  db: Db;
  mail: Mailer;
  payments: Payments;
  connections: ConnectionProviders;
  now: () => number;
};

/** An error with one message from the `broadcasterAccount.error` catalogue. */
export const refuse = (status: number, code: string, key: string, params?: Record<string, string | number>) =>
  new ApiError(status, code, { error: { key: `broadcasterAccount.error.${key}`, params } });

/** 403 for an account whose e-mail address is not verified (spec §1). */
export function requireVerified(user: UserRow): void {
  if (!user.verified) throw refuse(403, 'not_verified', 'notVerified');
}

/** The stored broadcaster id (the guard lower-cased it), or 404 'Broadcaster not found'. */
export async function requireBroadcaster(db: Db, id: string): Promise<string> {
  const key = id.toLowerCase();
  if (!(await broadcasterExists(db, key))) throw notFound('error.broadcasterNotFound');
  return key;
}

export const epochSeconds = (ms: number) => Math.floor(ms / 1000);
