import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $follows, $followsBusy, type FollowKind, followKey } from '../../stores/follows.ts';
import { $user } from '../../stores/session.ts';
import { type IslandMessages, islandTranslator } from '../messages.ts';
import { changeFollow, signInToFollow, watchFollow } from './follow-state.ts';
import { loadSession } from './session.ts';

export const FOLLOW_BUTTON_MESSAGES = [
  'librarySite.follow',
  'librarySite.following',
  'librarySite.followName',
  'librarySite.followingName',
  'librarySite.failed',
] as const;

type Props = {
  messages: IslandMessages<(typeof FOLLOW_BUTTON_MESSAGES)[number]>;
  kind: FollowKind;
  /** The item's id (a speaker's display name, spec §3 "speakers keyed by displayName"). */
  id: string;
  /** What is followed, for the button's name ('Follow Grace Church'). */
  name: string;
  /** The sign-in page in the page's language. */
  login: string;
};

/**
 * Follow / Following for a broadcaster, speaker, series or sermon (spec §4 following). Rendered
 * the same for everyone ('Follow', so the page stays cacheable); once hydrated it shows what
 * `$follows` says, so every button for one item agrees. Signed out, a press goes to sign-in and
 * the follow is done on the way back (follow-state.ts).
 */
export default function FollowButton({ messages, kind, id, name, login }: Props) {
  const t = islandTranslator(messages);
  const key = followKey(kind, id);
  const following = useStore($follows, { keys: [key] })[key] === true;
  const busy = useStore($followsBusy).has(key);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    watchFollow();
    void loadSession();
  }, []);
  const press = async () => {
    await loadSession();
    if (!$user.get()) {
      location.assign(signInToFollow(kind, id, login));
      return;
    }
    setFailed(false);
    await changeFollow(kind, id, !following).catch(() => setFailed(true));
  };
  return (
    <span className="follow">
      <button
        type="button"
        className="follow-button"
        aria-pressed={following}
        aria-label={t(following ? 'librarySite.followingName' : 'librarySite.followName', { name })}
        aria-busy={busy || undefined}
        onClick={busy ? undefined : () => void press()}
      >
        {following ? t('librarySite.following') : t('librarySite.follow')}
      </button>
      {failed && (
        <span className="follow-failed" role="alert">
          {t('librarySite.failed')}
        </span>
      )}
    </span>
  );
}
