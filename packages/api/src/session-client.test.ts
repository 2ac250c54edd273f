import { beforeEach, describe, expect, it } from 'vitest';
import {
  createSessionClient,
  NETWORK_RETRY_FOR_MS,
  NETWORK_RETRY_MS,
  type SessionEnv,
  type SessionMessage,
  type SessionUser,
  STORED_PERSONAL_ITEMS,
} from './session-client.ts';
import type { ApiResponse } from './transport.ts';

/**
 * The session client's refresh rules (spec §4) against a fake of the browser's edge: the fetch
 * the transport calls, the clock, the lock and the channel between tabs. The server's side of
 * the same rules (rotation, reuse ends the family) is tested in server/src/accounts.
 */

/** Where the page keeps who is signed in (the site's `$user`), one for every tab of the test. */
const $user = (() => {
  let value: SessionUser | null | undefined;
  const listeners = new Set<(user: SessionUser | null | undefined) => void>();
  return {
    get: () => value,
    set: (user: SessionUser | null) => {
      value = user;
      for (const on of listeners) on(user);
    },
    listen: (on: (user: SessionUser | null | undefined) => void) => {
      listeners.add(on);
      return () => listeners.delete(on);
    },
  };
})();
const setSessionUser = $user.set;

const user = { user_id: 1, username: 'ann', display_name: 'Ann' } as SessionUser;
const ROUTE = { method: 'GET', path: '/site/users' } as const;

type Answer = { status: number; body?: unknown } | 'network';
const json = (status: number, body: unknown = status < 400 ? {} : { errors: { x: 'y' }, status }): ApiResponse => ({
  ok: status < 400,
  status,
  headers: { get: (name: string) => (name === 'content-type' ? 'application/json' : null) },
  json: async () => body,
  text: async () => JSON.stringify(body),
});

/** A browser: a clock that moves only when the client waits, a fetch answering from queues per call. */
function browser(shared?: { lock: Lock; bus: Bus }) {
  const clock = { now: 0 };
  const sent: { method: string; path: string; at: number }[] = [];
  const answers = new Map<string, Answer[]>();
  const fallback = new Map<string, Answer>();
  const stored = new Map<string, string>(STORED_PERSONAL_ITEMS.map((k) => [k, 'x']));
  let cookie = true;
  const lock = shared?.lock ?? new Lock();
  const bus = shared?.bus ?? new Bus();
  const key = (method: string, path: string) => `${method} ${path}`;
  const env: SessionEnv = {
    fetch: async (url, init) => {
      const method = init?.method ?? 'GET';
      const path = new URL(url).pathname.replace('/api/v2', '');
      sent.push({ method, path, at: clock.now });
      // Let other callers run first, as a real round trip would.
      await Promise.resolve();
      const answer = answers.get(key(method, path))?.shift() ?? fallback.get(key(method, path)) ?? { status: 404 };
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return json(answer.status, answer.body);
    },
    origin: () => 'http://127.0.0.1:4321',
    language: () => 'en',
    now: () => clock.now,
    wait: async (ms) => {
      clock.now += ms;
    },
    timeout: () => new AbortController().signal,
    signedInCookie: () => cookie,
    removeStored: (k) => {
      stored.delete(k);
    },
    exclusive: (fn) => lock.run(fn),
    broadcast: bus.join(),
    user: $user,
  };
  return {
    client: createSessionClient(env),
    clock,
    sent,
    stored,
    sentTo: (method: string, path: string) => sent.filter((s) => s.method === method && s.path === path),
    /** Answers for the next calls of `method path`, in order; `then` for every one after. */
    answer: (method: string, path: string, next: Answer[], then?: Answer) => {
      answers.set(key(method, path), [...next]);
      if (then) fallback.set(key(method, path), then);
    },
    dropCookie: () => {
      cookie = false;
    },
  };
}

/** Web Locks between tabs: one holder at a time, in order. */
class Lock {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** A BroadcastChannel: every other tab hears a message. */
class Bus {
  private tabs: ((m: SessionMessage) => void)[] = [];
  join(): SessionEnv['broadcast'] {
    let self: ((m: SessionMessage) => void) | undefined;
    return {
      post: (m) => {
        for (const tab of this.tabs) if (tab !== self) tab(m);
      },
      listen: (on) => {
        self = on;
        this.tabs.push(on);
      },
    };
  }
}

const REFRESH = ['POST', '/site/users/refresh'] as const;

describe('session client: a 401 refreshes once and retries (spec §4)', () => {
  beforeEach(() => setSessionUser(user));

  it('retries the call after a refresh and keeps the user', async () => {
    const b = browser();
    b.answer('GET', '/site/users', [{ status: 401 }], { status: 200, body: user });
    b.answer(...REFRESH, [], { status: 200, body: {} });
    await expect(b.client.sessionCall(ROUTE)).resolves.toEqual(user);
    expect(b.sentTo(...REFRESH)).toHaveLength(1);
    expect($user.get()).toEqual(user);
  });

  it('ignores a 5xx refresh answer: the session is kept and the call fails', async () => {
    const b = browser();
    b.answer('GET', '/site/users', [], { status: 401 });
    b.answer(...REFRESH, [], { status: 503 });
    await expect(b.client.sessionCall(ROUTE)).rejects.toMatchObject({ status: 401 });
    expect(b.sentTo(...REFRESH)).toHaveLength(1);
    expect($user.get()).toEqual(user);
  });

  it('resets the session on any other refresh failure (expired, reused, revoked)', async () => {
    for (const status of [401, 403]) {
      setSessionUser(user);
      const b = browser();
      b.answer('GET', '/site/users', [], { status: 401 });
      b.answer(...REFRESH, [], { status });
      await expect(b.client.sessionCall(ROUTE)).rejects.toMatchObject({ status: 401 });
      expect($user.get(), String(status)).toBeNull();
    }
  });

  it('resets without asking when the signed-in indicator cookie is gone (missing token)', async () => {
    const b = browser();
    b.answer('GET', '/site/users', [], { status: 401 });
    b.dropCookie();
    await expect(b.client.sessionCall(ROUTE)).rejects.toMatchObject({ status: 401 });
    expect(b.sentTo(...REFRESH)).toHaveLength(0);
    expect($user.get()).toBeNull();
  });

  it('retries a refresh that got no answer every 500 ms, then goes on', async () => {
    const b = browser();
    b.answer('GET', '/site/users', [{ status: 401 }], { status: 200, body: user });
    b.answer(...REFRESH, ['network', 'network', 'network'], { status: 200, body: {} });
    await expect(b.client.sessionCall(ROUTE)).resolves.toEqual(user);
    expect(b.sentTo(...REFRESH).map((s) => s.at)).toEqual([0, 500, 1000, 1500]);
  });

  it('gives up after 31 s without an answer and keeps the session', async () => {
    const b = browser();
    b.answer('GET', '/site/users', [], { status: 401 });
    b.answer(...REFRESH, [], 'network');
    await expect(b.client.sessionCall(ROUTE)).rejects.toMatchObject({ status: 401 });
    const times = b.sentTo(...REFRESH).map((s) => s.at);
    expect(times[0]).toBe(0);
    expect(times.at(-1)).toBe(NETWORK_RETRY_FOR_MS);
    expect(times).toHaveLength(NETWORK_RETRY_FOR_MS / NETWORK_RETRY_MS + 1);
    expect($user.get()).toEqual(user);
  });

  it('shares one refresh among concurrent calls', async () => {
    const b = browser();
    b.answer('GET', '/site/users', [{ status: 401 }, { status: 401 }, { status: 401 }], { status: 200, body: user });
    b.answer(...REFRESH, [], { status: 200, body: {} });
    const calls = [b.client.sessionCall(ROUTE), b.client.sessionCall(ROUTE), b.client.sessionCall(ROUTE)];
    await expect(Promise.all(calls)).resolves.toEqual([user, user, user]);
    expect(b.sentTo(...REFRESH)).toHaveLength(1);
  });

  it('does not refresh again for a 401 that answered a call sent before the last refresh', async () => {
    const b = browser();
    b.answer('GET', '/site/users', [{ status: 401 }], { status: 200, body: user });
    b.answer(...REFRESH, [], { status: 200, body: {} });
    await b.client.sessionCall(ROUTE);
    // A call sent after the refresh that still gets 401 needs a new one.
    b.answer('GET', '/site/users', [{ status: 401 }], { status: 200, body: user });
    await b.client.sessionCall(ROUTE);
    expect(b.sentTo(...REFRESH)).toHaveLength(2);
  });

  it('lets one tab refresh while another waits for it, so a refresh token is never sent twice', async () => {
    const shared = { lock: new Lock(), bus: new Bus() };
    const [a, c] = [browser(shared), browser(shared)];
    for (const tab of [a, c]) {
      tab.answer('GET', '/site/users', [{ status: 401 }], { status: 200, body: user });
      tab.answer(...REFRESH, [], { status: 200, body: {} });
    }
    await expect(Promise.all([a.client.sessionCall(ROUTE), c.client.sessionCall(ROUTE)])).resolves.toEqual([
      user,
      user,
    ]);
    expect(a.sentTo(...REFRESH).length + c.sentTo(...REFRESH).length).toBe(1);
  });

  it('tells the other tabs when the session ends', async () => {
    const shared = { lock: new Lock(), bus: new Bus() };
    const [a, c] = [browser(shared), browser(shared)];
    await c.client.loadSession(); // the second tab listens
    a.answer('GET', '/site/users', [], { status: 401 });
    a.answer(...REFRESH, [], { status: 401 });
    setSessionUser(user);
    const heard: (SessionUser | null | undefined)[] = [];
    const stop = $user.listen((u) => heard.push(u));
    await expect(a.client.sessionCall(ROUTE)).rejects.toMatchObject({ status: 401 });
    stop();
    expect(heard).toContain(null);
  });
});

describe('session client: loading, signing in and out', () => {
  beforeEach(() => setSessionUser(undefined as unknown as null));

  it('asks nobody when the indicator cookie says no one is signed in', async () => {
    const b = browser();
    b.dropCookie();
    await expect(b.client.loadSession()).resolves.toBeNull();
    expect(b.sent).toHaveLength(0);
    expect($user.get()).toBeNull();
  });

  it('loads the user once for concurrent callers', async () => {
    const b = browser();
    b.answer('GET', '/site/users', [], { status: 200, body: user });
    await Promise.all([b.client.loadSession(), b.client.loadSession()]);
    expect(b.sentTo('GET', '/site/users')).toHaveLength(1);
    expect($user.get()).toEqual(user);
  });

  it('stays unknown when the server cannot answer', async () => {
    const b = browser();
    b.answer('GET', '/site/users', [], { status: 500 });
    await expect(b.client.loadSession()).resolves.toBeUndefined();
    expect($user.get()).toBeUndefined();
  });

  it('signs in with remember-me and sets the user', async () => {
    const b = browser();
    b.answer('POST', '/site/users/ann/login', [], { status: 200, body: { user } });
    await expect(b.client.signIn('ann', 'Secret123', true)).resolves.toEqual(user);
    expect($user.get()).toEqual(user);
  });

  it('clears the two personal stored items before signing out, and signs out even if the server is unreachable', async () => {
    setSessionUser(user);
    const b = browser();
    b.answer('POST', '/site/users/logout', ['network']);
    await expect(b.client.signOut()).rejects.toBeDefined();
    expect([...b.stored.keys()]).toEqual([]);
    expect($user.get()).toBeNull();
  });

  it('takes a changed user from a settings call and tells the other tabs', () => {
    setSessionUser(user);
    const shared = { lock: new Lock(), bus: new Bus() };
    const heard: SessionMessage[] = [];
    shared.bus.join().listen((m) => heard.push(m));
    const renamed = { ...user, display_name: 'Ann B.' };
    browser(shared).client.userChanged(renamed, { newTokens: true });
    expect($user.get()).toEqual(renamed);
    expect(heard).toEqual([{ type: 'refreshed' }, { type: 'signed-in', user: renamed }]);
  });

  it('after the account is deleted, clears the personal stored items and signs out (§4)', () => {
    setSessionUser(user);
    const b = browser();
    b.client.accountDeleted();
    expect([...b.stored.keys()]).toEqual([]);
    expect($user.get()).toBeNull();
  });
});
