import type { Contract, ContractResponse } from '@kerygma/domain/contracts/contract';
import type { userContracts } from '@kerygma/domain/contracts/users';
import { ApiRequestError } from './request.ts';
import { type ApiFetch, type CallRequest, createTransport, type Route } from './transport.ts';

/**
 * The one session client of the browser (spec §4), shared by the site's islands
 * (`site/islands/session/`) and the dashboard (`dashboard/src/session.ts`): each gives it the
 * browser's edges and the place it keeps who is signed in. No zod: routes only, typed by contract.
 */

/** The signed-in user as `GET site/users` answers (the contract's `userSchema`; a type only). */
export type SessionUser = ContractResponse<Users['currentUser']>;

type Users = typeof userContracts;
const route = <K extends keyof Users>(_: K, r: Pick<Users[K], 'method' | 'path'>): Route => r;
/** The calls' routes, checked against their contracts; the schemas stay on the server. */
const ROUTES = {
  currentUser: route('currentUser', { method: 'GET', path: '/site/users' }),
  signIn: route('signIn', { method: 'POST', path: '/site/users/:username/login' }),
  refresh: route('refreshSession', { method: 'POST', path: '/site/users/refresh' }),
  signOut: route('signOut', { method: 'POST', path: '/site/users/logout' }),
  signOutEverywhere: route('signOutEverywhere', { method: 'POST', path: '/site/users/logout_all' }),
};

/** Spec §4: a refresh waits at most 5 s; a network failure is retried every 500 ms for up to 31 s. */
export const REFRESH_TIMEOUT_MS = 5000;
export const NETWORK_RETRY_MS = 500;
export const NETWORK_RETRY_FOR_MS = 31_000;

/**
 * Spec §4 "Logout clears two stored items first": the ones that belong to the person, not the
 * browser (§9 local storage): their preferences and their church. The player's settings and the
 * video wall's stay with the device. Whoever stores these uses these keys.
 */
export const STORED_PERSONAL_ITEMS = ['kerygma-preferences', 'kerygma-my-church-broadcaster-id'] as const;

/** What tabs tell each other, so a second tab neither refreshes again nor shows a stale user. */
export type SessionMessage = { type: 'refreshed' } | { type: 'signed-in'; user: SessionUser } | { type: 'signed-out' };

/** The browser's edges the session client talks through, injected so tests can drive them. */
export type SessionEnv = {
  fetch: ApiFetch;
  origin: () => string;
  language: () => string;
  now: () => number;
  wait: (ms: number) => Promise<void>;
  /** A signal that aborts after `ms`. */
  timeout: (ms: number) => AbortSignal;
  /** Whether the `kerygma_signed_in` indicator cookie is there (the tokens are httpOnly). */
  signedInCookie: () => boolean;
  removeStored: (key: string) => void;
  /** Runs `fn` alone among this browser's tabs (Web Locks), else directly. */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Tells the other tabs; `listen` is called once. */
  broadcast: { post: (message: SessionMessage) => void; listen: (on: (message: SessionMessage) => void) => void };
  /** Who is signed in (`undefined` not known yet, `null` signed out): the client is its only writer. */
  user: { get: () => SessionUser | null | undefined; set: (user: SessionUser | null) => void };
};

type RefreshOutcome = 'refreshed' | 'kept' | 'ended';

/** A failure with no answer (network down, or the 5 s timeout): the transport marks it 405 with no body. */
const noAnswer = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 405 && error.body === undefined;
const unauthorised = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

export function createSessionClient(env: SessionEnv) {
  const setSessionUser = env.user.set;
  const transport = () =>
    createTransport({ origin: env.origin(), language: env.language(), sameHost: true, fetch: env.fetch });
  /** Counts refreshes (this tab's and others'): a 401 on a call sent before the last one needs no other. */
  let generation = 0;
  let refreshing: Promise<RefreshOutcome> | null = null;
  let loading: Promise<SessionUser | null | undefined> | null = null;
  let listening = false;

  function listen() {
    if (listening) return;
    listening = true;
    env.broadcast.listen((message) => {
      if (message.type === 'refreshed') generation++;
      else if (message.type === 'signed-in') setSessionUser(message.user);
      else setSessionUser(null);
    });
  }

  function ended() {
    setSessionUser(null);
    env.broadcast.post({ type: 'signed-out' });
  }

  /** One refresh for every caller in this tab, and one at a time across tabs. */
  function refresh(sentIn: number): Promise<RefreshOutcome> {
    if (generation !== sentIn) return Promise.resolve('refreshed');
    refreshing ??= env
      .exclusive(async () => {
        // Another tab may have refreshed while this one waited for the lock: the cookies are new.
        if (generation !== sentIn) return 'refreshed' as const;
        return refreshNow();
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function refreshNow(): Promise<RefreshOutcome> {
    // Spec §4 "missing token resets session".
    if (!env.signedInCookie()) {
      ended();
      return 'ended';
    }
    const started = env.now();
    for (;;) {
      try {
        await transport().call<Users['refreshSession']>(ROUTES.refresh, {
          body: {},
          signal: env.timeout(REFRESH_TIMEOUT_MS),
        });
        generation++;
        env.broadcast.post({ type: 'refreshed' });
        return 'refreshed';
      } catch (error) {
        if (noAnswer(error)) {
          if (env.now() - started + NETWORK_RETRY_MS > NETWORK_RETRY_FOR_MS) return 'kept';
          await env.wait(NETWORK_RETRY_MS);
          continue;
        }
        // A server failing is not a session ending: keep it (§4 "refresh 5xx ignored").
        if (error instanceof ApiRequestError && error.status >= 500) return 'kept';
        // Expired, reused or revoked (401, 403, 400): the session is over.
        ended();
        return 'ended';
      }
    }
  }

  /**
   * A call for the signed-in user: through the transport with the contract's route and type;
   * on a 401 the tokens are refreshed once (shared with every other caller, across tabs) and
   * the call sent again. When the session has ended, `$user` becomes null and the 401 is thrown.
   */
  async function sessionCall<C extends Contract>(
    route: Route,
    request: CallRequest<C> = {} as CallRequest<C>,
  ): Promise<ContractResponse<C>> {
    listen();
    const sentIn = generation;
    try {
      return await transport().call<C>(route, request);
    } catch (error) {
      if (!unauthorised(error)) throw error;
      if ((await refresh(sentIn)) !== 'refreshed') throw error;
    }
    try {
      return await transport().call<C>(route, request);
    } catch (error) {
      if (unauthorised(error)) ended();
      throw error;
    }
  }

  /**
   * Who is signed in, into `$user`: null at once without the indicator cookie (no call), else
   * `GET site/users` once (concurrent callers share it). Left unknown (`undefined`) when the
   * server could not answer.
   */
  function loadSession(options: { again?: boolean } = {}): Promise<SessionUser | null | undefined> {
    listen();
    if (!env.signedInCookie()) {
      setSessionUser(null);
      return Promise.resolve(null);
    }
    const known = env.user.get();
    if (known !== undefined && !options.again) return Promise.resolve(known);
    loading ??= sessionCall<Users['currentUser']>(ROUTES.currentUser, { noCache: true })
      .then(
        (user) => {
          setSessionUser(user);
          return user;
        },
        (error) => {
          if (unauthorised(error)) return null;
          return env.user.get();
        },
      )
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  /** Signs in (username or e-mail address); the API's error (401, 403, 429) is thrown for the form to show. */
  async function signIn(name: string, password: string, remember: boolean): Promise<SessionUser> {
    listen();
    const answer = await transport().call<Users['signIn']>(ROUTES.signIn, {
      params: { username: name },
      body: { password, remember },
    });
    generation++;
    setSessionUser(answer.user);
    env.broadcast.post({ type: 'signed-in', user: answer.user });
    return answer.user;
  }

  function forgetPersonal() {
    for (const key of STORED_PERSONAL_ITEMS) env.removeStored(key);
  }

  /** Ends this session: the personal stored items go first (§4); signed out here even if the server could not be told. */
  async function signOut(): Promise<void> {
    listen();
    forgetPersonal();
    try {
      await transport().call<Users['signOut']>(ROUTES.signOut);
    } finally {
      ended();
    }
  }

  /** Ends every session of the user, on every device; a failure (not a 401) is thrown and the session kept. */
  async function signOutEverywhere(): Promise<void> {
    forgetPersonal();
    try {
      await sessionCall<Users['signOutEverywhere']>(ROUTES.signOutEverywhere);
    } catch (error) {
      if (!unauthorised(error)) throw error;
    }
    ended();
  }

  /**
   * The user as a call made for them answered (a profile, password, e-mail or picture change):
   * `$user` and the other tabs take it. `newTokens` when the call set a new token pair (a
   * password change), so a 401 on a call sent before it needs no refresh.
   */
  function userChanged(user: SessionUser, options: { newTokens?: boolean } = {}): void {
    listen();
    if (options.newTokens) {
      generation++;
      env.broadcast.post({ type: 'refreshed' });
    }
    setSessionUser(user);
    env.broadcast.post({ type: 'signed-in', user });
  }

  /** The account was deleted (its cookies cleared by the server): §4, its stored items go and every tab is signed out. */
  function accountDeleted(): void {
    listen();
    forgetPersonal();
    ended();
  }

  return { sessionCall, loadSession, signIn, signOut, signOutEverywhere, userChanged, accountDeleted };
}
