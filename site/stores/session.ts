import type { SessionUser } from '@kerygma/api/session-client';
import { atom } from 'nanostores';

export type { SessionUser };

/**
 * Who is signed in: `undefined` while not known yet (before `loadSession()` has answered),
 * `null` when signed out, else the user (spec §3 User). The site renders every public page for
 * everyone and caches it, so islands learn who is signed in from here, never from the page.
 *
 * Written only by the session client (`site/islands/session/`: `loadSession`, `signIn`,
 * `signOut`, `signOutEverywhere`, and `sessionCall` when a session ends); any island reads it.
 */
export const $user = atom<SessionUser | null | undefined>(undefined);

/** For the session client only. */
export function setSessionUser(user: SessionUser | null): void {
  $user.set(user);
}
