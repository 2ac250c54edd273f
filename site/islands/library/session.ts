import { computed } from 'nanostores';
import { $user } from '../../stores/session.ts';

export { loadSession } from '../session/index.ts';

/** The library islands' view of the session: 'unknown' until `loadSession()` has answered, then 'out' or 'in'. */
export const $account = computed($user, (user) => (user === undefined ? 'unknown' : user ? 'in' : 'out'));
