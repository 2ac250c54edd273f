import { map } from 'nanostores';

/**
 * What the signed-in listener follows (spec §3 "followed items"), keyed `kind:id`, so every
 * follow button for the same broadcaster, speaker or series shows one state. Filled and changed
 * by the follow buttons once accounts exist; empty when signed out.
 */
export type FollowKind = 'broadcaster' | 'speaker' | 'series';
type FollowKey = `${FollowKind}:${string}`;

export const $follows = map<Partial<Record<FollowKey, true>>>({});

export const followKey = (kind: FollowKind, id: string | number): FollowKey => `${kind}:${id}`;

export function setFollowing(kind: FollowKind, id: string | number, following: boolean): void {
  $follows.setKey(followKey(kind, id), following ? true : undefined);
}

/** Replaces the whole set (a fresh list from the server after sign-in). */
export function loadFollows(items: { kind: FollowKind; id: string | number }[]): void {
  $follows.set(Object.fromEntries(items.map(({ kind, id }) => [followKey(kind, id), true as const])));
}

/** Signing out forgets them. */
export function forgetFollows(): void {
  $follows.set({});
}
