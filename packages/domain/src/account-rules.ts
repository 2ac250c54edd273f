import { z } from 'zod';
import {
  ACCOUNT_RULES,
  EMAIL_PATTERN,
  PASSWORD_CAPITAL_OR_DIGIT,
  PASSWORD_LOWER,
  USERNAME_PATTERN,
} from './account-values.ts';

/**
 * The account and content rules of spec §5 as zod schemas, built from the values in
 * account-values.ts (zod-free, for the site's islands) so that the server, the site's forms and
 * the dashboard check the same thing.
 */
export { ACCOUNT_RULES, CODE_ALPHABET } from './account-values.ts';

/**
 * The listener's library (spec §5 "Follow limit"): how many of each kind a user may follow, and
 * how many sermons they may bookmark. A thousand is far past what a person reads in a feed, and
 * keeps every follow-state answer and every feed query small.
 */
export const LIBRARY_RULES = {
  followMaxPerKind: 1000,
  bookmarkMax: 1000,
  /** Play history keeps this many sermons per user; older entries are dropped as new ones come. */
  historyMax: 1000,
  /** Sermons one digest e-mail lists; it says how many more there are. */
  digestMaxSermons: 20,
} as const;

/** The kinds of thing a user follows (spec §3 Followed item). */
export const FOLLOW_KINDS = ['broadcaster', 'speaker', 'series', 'sermon'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** Only a-z, A-Z and 0-9 (§5). */
export const usernameSchema = z
  .string()
  .min(ACCOUNT_RULES.usernameMinLength)
  .max(ACCOUNT_RULES.usernameMaxLength)
  .regex(USERNAME_PATTERN, 'only the letters a-z and A-Z and the digits 0-9');

/** At least the minimum length, one lower-case letter, and one capital or digit (§5). */
export const passwordSchema = z
  .string()
  .min(ACCOUNT_RULES.passwordMinLength)
  .max(ACCOUNT_RULES.passwordMaxLength)
  .regex(PASSWORD_LOWER, 'needs a lower-case letter')
  .regex(PASSWORD_CAPITAL_OR_DIGIT, 'needs a capital letter or a digit');

/** Non-space text, one @, a dot in the domain (§5). */
export const emailSchema = z.string().max(ACCOUNT_RULES.emailMaxLength).regex(EMAIL_PATTERN, 'not an e-mail address');

/** A code as a person may type it: spaces and case forgiven. */
export const codeSchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .length(ACCOUNT_RULES.codeLength)
      .regex(/^[A-Z]+$/, 'letters only'),
  );
