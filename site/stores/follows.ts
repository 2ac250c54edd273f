import { atom, map } from 'nanostores';

/**
 * What the signed-in listener follows (spec §3 "Followed item": sermon, broadcaster, speaker or
 * series), keyed `kind:id`, so every follow button for the same item shows one state. Written
 * only by the follow buttons (islands/library/follow-state.ts: the batch follow-state call once
 * signed in, and each toggle after the server's answer) and the library's lists
 * (islands/library/LibraryView.tsx, from the followed lists they load); empty when signed out.
 */
export type FollowKind = 'broadcaster' | 'speaker' | 'series' | 'sermon';
export const FOLLOW_KINDS: readonly FollowKind[] = ['broadcaster', 'speaker', 'series', 'sermon'];
export type FollowKey = `${FollowKind}:${string}`;

export const $follows = map<Partial<Record<FollowKey, boolean>>>({});

/** Items whose state is being changed on the server (their buttons wait). */
export const $followsBusy = atom<ReadonlySet<FollowKey>>(new Set());

export const followKey = (kind: FollowKind, id: string | number): FollowKey => `${kind}:${id}`;

export function parseFollowKey(key: string): { kind: FollowKind; id: string } | null {
  const at = key.indexOf(':');
  const kind = key.slice(0, at) as FollowKind;
  const id = key.slice(at + 1);
  return at > 0 && id && FOLLOW_KINDS.includes(kind) ? { kind, id } : null;
}

/** Followed: true; not followed: false; not known yet: undefined. */
export function followState(kind: FollowKind, id: string | number): boolean | undefined {
  return $follows.get()[followKey(kind, id)];
}

export function setFollowing(kind: FollowKind, id: string | number, following: boolean): void {
  $follows.setKey(followKey(kind, id), following);
}

/** Adds what the server says of some items (the batch call, a followed list), keeping the rest. */
export function loadFollows(items: { kind: FollowKind; id: string | number; followed: boolean }[]): void {
  $follows.set({
    ...$follows.get(),
    ...Object.fromEntries(items.map(({ kind, id, followed }) => [followKey(kind, id), followed])),
  });
}

export function setBusy(key: FollowKey, busy: boolean): void {
  const next = new Set($followsBusy.get());
  if (busy) next.add(key);
  else next.delete(key);
  $followsBusy.set(next);
}

/** Everything the user follows (the batch call after sign-in): what it names is followed, every other item not. */
export function loadAllFollows(items: { kind: FollowKind; id: string | number }[]): void {
  $follows.set(Object.fromEntries(items.map(({ kind, id }) => [followKey(kind, id), true])));
  $followsLoaded.set(true);
}

/** Whether the batch call has answered: unlisted items are then known not to be followed. */
export const $followsLoaded = atom(false);

/** Signing out forgets them. */
export function forgetFollows(): void {
  $follows.set({});
  $followsLoaded.set(false);
  $followsBusy.set(new Set());
}
