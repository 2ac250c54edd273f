import { atom } from 'nanostores';
import { $user } from '../../stores/session.ts';
import { userCall } from './call.ts';
import { UPDATE_USER } from './routes.ts';
import { loadSession } from './session.ts';

/**
 * The listener's My Church (spec §2 /mychurch): a broadcaster id kept in this browser under the
 * §9 local-storage key, and on the user record when signed in (`PATCH site/users`
 * `myChurchBroadcasterID`), which wins over the browser's once known.
 */
export const MY_CHURCH_KEY = 'kerygma-my-church-broadcaster-id';

/** The id, '' for none, undefined until read in the browser. */
export const $myChurch = atom<string | undefined>(undefined);

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

const fromUser = (user: unknown): string | null | undefined =>
  user && typeof user === 'object'
    ? (user as { myChurchBroadcasterID?: string | null }).myChurchBroadcasterID
    : undefined;

let watching = false;

/** Reads it (the browser's, then the account's once signed in); every island showing it calls this. */
export function watchMyChurch(): void {
  if (watching) return;
  watching = true;
  void loadSession();
  $myChurch.set(storage()?.getItem(MY_CHURCH_KEY) ?? '');
  $user.subscribe((user) => {
    const id = fromUser(user);
    if (id === undefined) return;
    if (id) {
      storage()?.setItem(MY_CHURCH_KEY, id);
      $myChurch.set(id);
    } else if ($myChurch.get()) {
      // Chosen here before signing in: the account takes it.
      void saveToAccount($myChurch.get() ?? '').catch(() => undefined);
    }
  });
}

async function saveToAccount(id: string) {
  if (!$user.get()) return;
  await userCall(UPDATE_USER, { body: { myChurchBroadcasterID: id || null } });
}

/** Sets (or with '' clears) My Church here and on the account; throws when the account refused. */
export async function setMyChurch(id: string): Promise<void> {
  try {
    if (id) storage()?.setItem(MY_CHURCH_KEY, id);
    else storage()?.removeItem(MY_CHURCH_KEY);
  } catch {
    // Storage refused: kept on the account only, or for this page.
  }
  $myChurch.set(id);
  await saveToAccount(id);
}
