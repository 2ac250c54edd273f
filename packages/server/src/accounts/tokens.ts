import { createHash, randomBytes, randomInt } from 'node:crypto';
import { ACCOUNT_RULES, CODE_ALPHABET } from '@kerygma/domain/account-rules';

/** Lifetimes (spec §4): the access token 900 s, the refresh token about a year. */
export const ACCESS_TOKEN_SECONDS = 900;
export const REFRESH_TOKEN_SECONDS = 365 * 24 * 3600;
/** How long a mailed code works. */
export const CODE_LIFETIME_MS = { verify: 2 * 24 * 3600_000, reset: 3600_000, email: 24 * 3600_000 } as const;

/** A bearer token: 32 random bytes, URL-safe. Only its digest is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const digest = (secret: string): Buffer => createHash('sha256').update(secret).digest();

/** A code a person types from an e-mail: ACCOUNT_RULES.codeLength letters. */
export function newCode(): string {
  let code = '';
  for (let i = 0; i < ACCOUNT_RULES.codeLength; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
