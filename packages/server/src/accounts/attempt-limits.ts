import type { Db } from '../db/db.ts';
import { ApiError } from '../errors.ts';
import { countAttempt, forgetEndedWindows } from './accounts.queries.ts';

type Limit = { limit: number; windowMs: number };
const MINUTE = 60_000;

/**
 * How often each account action may be tried, per account and per client address. Counted in
 * the database (rate_limit), so the limits hold across web processes. Sign-in is counted before
 * the password is checked, so guessing costs the guesser, not the server's CPU.
 */
export const ATTEMPT_LIMITS = {
  signInAccount: { limit: 10, windowMs: 15 * MINUTE },
  signInAddress: { limit: 30, windowMs: 15 * MINUTE },
  signUpAddress: { limit: 5, windowMs: 60 * MINUTE },
  resetAccount: { limit: 3, windowMs: 60 * MINUTE },
  resetAddress: { limit: 10, windowMs: 60 * MINUTE },
  resendAccount: { limit: 3, windowMs: 60 * MINUTE },
  /** Device activations (RFC 8628): code pairs asked for, user codes entered, polls. */
  deviceCodeAddress: { limit: 10, windowMs: 15 * MINUTE },
  deviceActivateAccount: { limit: 10, windowMs: 15 * MINUTE },
  deviceActivateAddress: { limit: 30, windowMs: 15 * MINUTE },
  /** A device polls every 5 s for 10 minutes at most: 120 polls; a few devices behind one address. */
  deviceTokenAddress: { limit: 600, windowMs: 15 * MINUTE },
  /** Comments on sermons, per account (comments/). */
  commentAccount: { limit: 10, windowMs: 60 * MINUTE },
  /** Messages to broadcasters, per account (comments/, message_from_user). */
  contactAccount: { limit: 5, windowMs: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

export type AttemptKind = keyof typeof ATTEMPT_LIMITS;

/**
 * Counts one attempt of `kind` by `who`; past the limit (`ATTEMPT_LIMITS`, or `limit` where the
 * configuration sets it), a 429 saying when to try again.
 */
export async function countOrRefuse(
  db: Db,
  kind: AttemptKind,
  who: string,
  now: number,
  limit: number = ATTEMPT_LIMITS[kind].limit,
): Promise<void> {
  const { windowMs } = ATTEMPT_LIMITS[kind];
  // Attempts are few (sign-ins, sign-ups): each clears what has ended, so the table holds only
  // the current windows' keys.
  await forgetEndedWindows(db, now);
  const { count, endsAt } = await countAttempt(db, `${kind}:${who.toLowerCase()}`, windowMs, now);
  if (count <= limit) return;
  const seconds = Math.max(1, Math.ceil((endsAt - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new ApiError(
    429,
    'rate_limited',
    { error: { key: 'error.account.tooManyAttempts', params: { minutes } } },
    { 'retry-after': String(seconds) },
  );
}
