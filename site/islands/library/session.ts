import { atom, computed } from 'nanostores';
import { $user, signedIn, signedOut } from '../../stores/session.ts';
import { userCall } from './call.ts';

/**
 * The library islands' view of the session: 'unknown' until loaded, then 'out' or 'in'.
 * `loadSession()` asks `GET site/users` only when the server's signed-in indicator cookie is there.
 */
const $known = atom(false);
export const $account = computed([$user, $known], (user, known) => (user ? 'in' : known ? 'out' : 'unknown'));

let loading: Promise<void> | null = null;

export function loadSession(): Promise<void> {
  if ($known.get()) return Promise.resolve();
  if (!document.cookie.split(/;\s*/).includes('kerygma_signed_in=1')) {
    signedOut();
    $known.set(true);
    return Promise.resolve();
  }
  loading ??= userCall<{ user_id: number; username: string; display_name: string }>({
    method: 'GET',
    path: '/site/users',
  })
    .then(
      (u) => signedIn({ userID: String(u.user_id), username: u.username, displayName: u.display_name, roles: [] }),
      () => signedOut(),
    )
    .finally(() => $known.set(true));
  return loading;
}
