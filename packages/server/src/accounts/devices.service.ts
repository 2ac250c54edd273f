import { randomUUID } from 'node:crypto';
import { ACCOUNT_RULES } from '@kerygma/domain/account-rules';
import { ApiError } from '../errors.ts';
import { type AccountDeps, type Caller, type IssuedTokens, startSession } from './accounts.service.ts';
import { countOrRefuse } from './attempt-limits.ts';
import * as d from './devices.queries.ts';
import { digest, newCode, newToken } from './tokens.ts';

/**
 * Device activation for TV and car apps, as RFC 8628 has it: the device asks for a code pair,
 * shows the user code and the address to enter it at, and polls with the device code; a
 * signed-in user enters the user code on the website; the device's next poll gets a token pair
 * (a session of its own, as signing in with remember-me starts), once.
 */

/** Seconds a device activation lasts, and the least seconds between a device's polls. */
export const DEVICE_CODE_SECONDS = 600;
export const DEVICE_POLL_SECONDS = 5;
/** The page of the website where a user code is entered. */
export const DEVICE_PAGE = '/activate';

/** A user code as shown: XXXX-XXXX. */
const shown = (code: string) =>
  `${code.slice(0, ACCOUNT_RULES.codeLength / 2)}-${code.slice(ACCOUNT_RULES.codeLength / 2)}`;
/** A user code as typed: case, spaces and dashes forgiven. */
const typed = (code: string) => code.replace(/[\s-]+/g, '').toUpperCase();

export async function startDeviceAuthorization(deps: AccountDeps, caller: Caller) {
  await countOrRefuse(deps.db, 'deviceCodeAddress', caller.address, deps.now());
  for (;;) {
    const deviceCode = newToken();
    const userCode = newCode();
    const stored = await d.insertDevice(deps.db, {
      deviceHash: digest(deviceCode),
      userHash: digest(userCode),
      expiresAt: deps.now() + DEVICE_CODE_SECONDS * 1000,
      intervalSeconds: DEVICE_POLL_SECONDS,
      now: deps.now(),
    });
    // A user code already in use (one in 1.1e11 per live code) is drawn again.
    if (!stored) continue;
    const verificationUri = `${caller.origin}${DEVICE_PAGE}`;
    return {
      device_code: deviceCode,
      user_code: shown(userCode),
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?code=${shown(userCode)}`,
      expires_in: DEVICE_CODE_SECONDS,
      interval: DEVICE_POLL_SECONDS,
    };
  }
}

/** A signed-in user approves (or refuses) the device showing `userCode`. */
export async function decideDevice(
  deps: AccountDeps,
  caller: Caller,
  userId: number,
  input: { userCode: string; approve?: boolean },
): Promise<void> {
  await countOrRefuse(deps.db, 'deviceActivateAddress', caller.address, deps.now());
  await countOrRefuse(deps.db, 'deviceActivateAccount', String(userId), deps.now());
  const decided = await d.decideDevice(
    deps.db,
    digest(typed(input.userCode)),
    { userId, approve: input.approve ?? true },
    deps.now(),
  );
  if (!decided) throw new ApiError(400, 'invalid_code', { userCode: { key: 'error.account.codeInvalid' } });
}

/** RFC 8628 §3.5's answers to a poll before (or instead of) the tokens, as 400s with its words as `code`. */
const refusal = (code: string, key: string, params?: Record<string, number>) =>
  new ApiError(400, code, { error: { key, params } });

/** A device's poll: the token pair once approved, else the RFC's word for why not. */
export async function pollDevice(deps: AccountDeps, caller: Caller, deviceCode: string): Promise<IssuedTokens> {
  await countOrRefuse(deps.db, 'deviceTokenAddress', caller.address, deps.now());
  const hash = digest(deviceCode);
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const device = await d.lockedDevice(tx, hash, now);
    if (!device || device.state === 'used') return refusal('invalid_grant', 'error.account.deviceCodeInvalid');
    if (device.expired) return refusal('expired_token', 'error.account.deviceExpired');
    if (device.state === 'denied') return refusal('access_denied', 'error.account.deviceDenied');
    if (device.last_polled_at !== null && now - device.last_polled_at < device.interval_seconds * 1000) {
      await d.recordPoll(tx, hash, { now, slowDown: true });
      return refusal('slow_down', 'error.account.deviceSlowDown', { seconds: device.interval_seconds + 5 });
    }
    if (device.state === 'pending' || device.user_id === null) {
      await d.recordPoll(tx, hash, { now });
      return refusal('authorization_pending', 'error.account.devicePending');
    }
    await d.recordPoll(tx, hash, { now, used: true });
    return startSession(tx, { familyId: randomUUID(), userId: device.user_id, remember: true }, now);
  });
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
}
