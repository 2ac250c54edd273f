import {
  $follows,
  type FollowKey,
  type FollowKind,
  followKey,
  forgetFollows,
  loadFollows,
  parseFollowKey,
  setBusy,
  setFollowing,
} from '../../stores/follows.ts';
import { $user } from '../../stores/session.ts';
import { userCall } from './call.ts';
import { FOLLOW_STATES, type FollowStates, type FollowStatesBody, followRoute } from './routes.ts';

/**
 * The follow buttons' side of `$follows`: each button registers its item; once the listener is
 * signed in, the items not known yet are asked for in one batch call (spec §7 "GET followed",
 * many at once); a press follows or unfollows on the server and then, on its answer, in the
 * store (spec §4 "server add/remove then local update"). Signed out, a press goes to sign-in
 * with `?follow=<kind>:<id>` on the way back, and the follow is done on return.
 */

export const FOLLOW_PARAM = 'follow';

const watched = new Set<FollowKey>();
const asked = new Set<FollowKey>();
let scheduled = false;
let started = false;

function start() {
  if (started) return;
  started = true;
  $user.subscribe((user) => {
    if (!user) {
      asked.clear();
      forgetFollows();
      return;
    }
    schedule();
    void followFromReturn();
  });
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  // Every button on the page registers in the same task: one call for all of them.
  queueMicrotask(() => {
    scheduled = false;
    void askStates();
  });
}

async function askStates() {
  if (!$user.get()) return;
  const keys = [...watched].filter((k) => !asked.has(k) && $follows.get()[k] === undefined);
  if (keys.length === 0) return;
  for (const k of keys) asked.add(k);
  const items = keys.flatMap((k) => {
    const item = parseFollowKey(k);
    return item ? [{ type: item.kind, id: item.id }] : [];
  });
  try {
    const body: FollowStatesBody = { items };
    const answer = await userCall<FollowStates>(FOLLOW_STATES, { body });
    loadFollows(answer.results.map((r) => ({ kind: r.type, id: r.id, followed: r.followed })));
  } catch {
    // Unknown: the buttons keep saying 'Follow'; a later sign-in asks again.
    for (const k of keys) asked.delete(k);
  }
}

/** A follow button's item: its state is asked for once the listener is signed in. */
export function watchFollow(kind: FollowKind, id: string): void {
  start();
  watched.add(followKey(kind, id));
  if ($user.get()) schedule();
}

/** Follows or unfollows on the server, then in the store; throws when the server refused. */
export async function changeFollow(kind: FollowKind, id: string, follow: boolean): Promise<void> {
  const key = followKey(kind, id);
  setBusy(key, true);
  try {
    await userCall(followRoute(kind, follow ? 'POST' : 'DELETE'), { params: { id } });
    setFollowing(kind, id, follow);
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
