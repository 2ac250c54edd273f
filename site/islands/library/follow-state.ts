import {
  $follows,
  type FollowKind,
  followKey,
  forgetFollows,
  loadAllFollows,
  parseFollowKey,
  setBusy,
  setFollowing,
} from '../../stores/follows.ts';
import { $user } from '../../stores/session.ts';
import { userCall } from './call.ts';
import { type FollowState, followCall, USER_FOLLOWS, type UserFollows } from './routes.ts';

/**
 * The follow buttons' side of `$follows`: once the listener is signed in, one call
 * (`GET site/users/follows`) says everything they follow, for every button on the page and the
 * next ones (kept across client-side navigations); a press follows or unfollows on the server and then, on its answer, in the
 * store (spec §4 "server add/remove then local update"). Signed out, a press goes to sign-in
 * with `?follow=<kind>:<id>` on the way back, and the follow is done on return.
 */

export const FOLLOW_PARAM = 'follow';

let started = false;
let asked = false;

/** Signed in: asks once for everything the user follows; signed out: forgets it. */
function start() {
  if (started) return;
  started = true;
  $user.subscribe((user) => {
    if (user === null) {
      asked = false;
      forgetFollows();
    } else if (user) {
      if (!asked) void loadFollowed();
      asked = true;
      void followFromReturn();
    }
  });
}

async function loadFollowed() {
  try {
    const all = await userCall<UserFollows>(USER_FOLLOWS);
    // Changes made meanwhile (a press, a return from sign-in) were made on the server first: keep them.
    const meanwhile = $follows.get();
    loadAllFollows([
      ...all.broadcasters.map((id) => ({ kind: 'broadcaster' as const, id })),
      ...all.speakers.map((s) => ({ kind: 'speaker' as const, id: s.displayName })),
      ...all.series.map((id) => ({ kind: 'series' as const, id })),
      ...all.sermons.map((id) => ({ kind: 'sermon' as const, id })),
    ]);
    $follows.set({ ...$follows.get(), ...meanwhile });
  } catch {
    // Unknown: the buttons keep saying 'Follow'; the next sign-in asks again.
    asked = false;
  }
}

/** A follow button is on the page: its state comes with everything the user follows, once signed in. */
export function watchFollow(): void {
  start();
}

/** Follows or unfollows on the server, then in the store; throws when the server refused. */
export async function changeFollow(kind: FollowKind, id: string, follow: boolean): Promise<void> {
  const key = followKey(kind, id);
  setBusy(key, true);
  try {
    const { route, params } = followCall(kind, follow, id);
    const answer = await userCall<FollowState>(route, { params });
    setFollowing(kind, id, answer.followed);
  } finally {
    setBusy(key, false);
  }
}

/** Where a signed-out press sends the listener: sign-in, then back here with the follow to do. */
export function signInToFollow(kind: FollowKind, id: string, login: string): string {
  const back = new URL(location.href);
  back.searchParams.set(FOLLOW_PARAM, `${kind}:${id}`);
  return signInHref(login, `${back.pathname}${back.search}${back.hash}`);
}

/** The sign-in page (`login`, in the page's language) with the way back. */
export const signInHref = (login: string, next: string): string => `${login}?next=${encodeURIComponent(next)}`;

let returning = false;

/** Back from sign-in with `?follow=kind:id`: follows it (once) and takes the parameter off the address. */
export async function followFromReturn(): Promise<void> {
  if (returning || !$user.get()) return;
  const url = new URL(location.href);
  const wanted = url.searchParams.get(FOLLOW_PARAM);
  const item = wanted ? parseFollowKey(wanted) : null;
  if (!wanted) return;
  returning = true;
  url.searchParams.delete(FOLLOW_PARAM);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (item) await changeFollow(item.kind, item.id, true).catch(() => undefined);
  returning = false;
}
