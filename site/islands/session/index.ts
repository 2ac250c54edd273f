import { createSessionClient, type SessionMessage } from '@kerygma/api/session-client';
import { SIGNED_IN_COOKIE } from '@kerygma/domain/account-values';
import { $user, setSessionUser } from '../../stores/session.ts';

/**
 * The session client for islands (ARCHITECTURE.md, "Islands and stores"): `loadSession()`,
 * `signIn`, `signOut`, `signOutEverywhere`, and `sessionCall(route, request)` for any call made
 * for the signed-in user; `userChanged(user)` when such a call answers the user anew (settings),
 * `accountDeleted()` after the account is gone. The only writer of `stores/session.ts` (`$user`).
 */
const CHANNEL = 'kerygma-session';
const LOCK = 'kerygma-session-refresh';

let channel: BroadcastChannel | null | undefined;
const openChannel = () => {
  if (channel === undefined) channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  return channel;
};

const client = createSessionClient({
  fetch: (url, init) => fetch(url, init),
  origin: () => location.origin,
  language: () => document.documentElement.lang || 'en',
  now: () => performance.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  timeout: (ms) => AbortSignal.timeout(ms),
  signedInCookie: () => document.cookie.split(/;\s*/).includes(`${SIGNED_IN_COOKIE}=1`),
  removeStored: (key) => {
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage refused (private mode): nothing was kept.
    }
  },
  // The lock's callback returns the promise; its result is what the promise gives.
  exclusive: <T>(fn: () => Promise<T>): Promise<T> =>
    navigator.locks ? (navigator.locks.request(LOCK, fn) as unknown as Promise<T>) : fn(),
  broadcast: {
    post: (message) => openChannel()?.postMessage(message),
    listen: (on) => openChannel()?.addEventListener('message', (e: MessageEvent<SessionMessage>) => on(e.data)),
  },
  user: { get: () => $user.get(), set: setSessionUser },
});

export const { loadSession, signIn, signOut, signOutEverywhere, sessionCall, userChanged, accountDeleted } = client;
export { STORED_PERSONAL_ITEMS } from '@kerygma/api/session-client';
