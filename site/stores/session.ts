import { atom } from 'nanostores';

/**
 * The signed-in listener, or null when signed out (spec §3 User). The site renders every
 * public page for everyone, so islands learn who is signed in from here, never from the page.
 * Written by the session code that the accounts work brings (sign-in, refresh, sign-out); read
 * by any island that shows personal state.
 */
export type SignedInUser = {
  userID: string;
  username: string;
  displayName: string;
  /** Spec §6 roles, e.g. 'listener', 'broadcaster-manager', 'site-admin'. */
  roles: string[];
};

export const $user = atom<SignedInUser | null>(null);

export function signedIn(user: SignedInUser): void {
  $user.set(user);
}

export function signedOut(): void {
  $user.set(null);
}
