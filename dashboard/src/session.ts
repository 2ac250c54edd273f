import { createSessionClient, type SessionMessage, type SessionUser } from '@kerygma/api/session-client';
import type { CallRequest, Route } from '@kerygma/api/transport';
import { SIGNED_IN_COOKIE } from '@kerygma/domain/account-values';
import type { Contract } from '@kerygma/domain/contracts/contract';
import { useSyncExternalStore } from 'react';

/**
 * The dashboard's session: the same client as the site's islands (`@kerygma/api/session-client`,
 * spec §4 refresh-once-on-401, one refresh across tabs), with the signed-in user kept here.
 */
const CHANNEL = 'kerygma-session';
const LOCK = 'kerygma-session-refresh';

let current: SessionUser | null | undefined;
const listeners = new Set<() => void>();
const userStore = {
  get: () => current,
  set: (user: SessionUser | null) => {
    current = user;
    for (const on of listeners) on();
  },
};

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
      // Storage refused: nothing was kept.
    }
  },
  exclusive: <T>(fn: () => Promise<T>): Promise<T> =>
    navigator.locks ? (navigator.locks.request(LOCK, fn) as unknown as Promise<T>) : fn(),
  broadcast: {
    post: (message) => openChannel()?.postMessage(message),
    listen: (on) => openChannel()?.addEventListener('message', (e: MessageEvent<SessionMessage>) => on(e.data)),
  },
  user: userStore,
});

export const { loadSession, signOut, userChanged } = client;
export type { SessionUser };

/**
 * A call for the signed-in user by its contract's route (`{ method, path }`), typed by the
 * contract `C`: `call<Sermons['sermonList']>(routes.sermonList, { query })`.
 */
export const call = client.sessionCall;

/** Declares a contract's route for `call`, checked against the contract, without its schemas. */
export const routeOf = <C extends Contract>(route: Pick<C, 'method' | 'path'>): Route => route;

/**
 * A contract's call for the signed-in user by its route alone (the screens' scripts carry no
 * schemas); `fresh` calls skip the cache hints (what a manager just changed must show at once).
 */
export const callOf =
  <C extends Contract>(route: Pick<C, 'method' | 'path'>, { fresh = false } = {}) =>
  (request: CallRequest<C>) =>
    call<C>(route, fresh ? ({ ...request, noCache: true } as CallRequest<C>) : request);

/** Who is signed in: `undefined` not known yet, `null` signed out. */
export function useUser(): SessionUser | null | undefined {
  return useSyncExternalStore(
    (on) => {
      listeners.add(on);
      return () => listeners.delete(on);
    },
    () => current,
  );
}
