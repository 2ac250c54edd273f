import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $user } from '../../stores/session.ts';
import { type IslandMessages, islandTranslator } from '../messages.ts';
import { userCall } from './call.ts';
import { signInHref } from './follow-state.ts';
import { ADD_BOOKMARK, BOOKMARK_STATE, type BookmarkState, REMOVE_BOOKMARK } from './routes.ts';
import { loadSession } from './session.ts';

export const BOOKMARK_BUTTON_MESSAGES = [
  'librarySite.bookmark',
  'librarySite.bookmarked',
  'librarySite.failed',
] as const;

type Props = {
  messages: IslandMessages<(typeof BOOKMARK_BUTTON_MESSAGES)[number]>;
  sermonID: string;
  /** The sign-in page in the page's language. */
  login: string;
};

/**
 * A sermon page's Bookmark button: 'Bookmark' for everyone in the page's HTML; signed in, it asks
 * whether this sermon is bookmarked and toggles it on the server (`site/bookmarks/sermons/{id}`).
 */
export default function BookmarkButton({ messages, sermonID, login }: Props) {
  const t = islandTranslator(messages);
  const user = useStore($user);
  const [marked, setMarked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const signedIn = Boolean(user);
  useEffect(() => void loadSession(), []);
  useEffect(() => {
    if (!signedIn) return setMarked(false);
    let live = true;
    userCall<BookmarkState>(BOOKMARK_STATE, { params: { sermonID } })
      .then((answer) => live && setMarked(answer.bookmarked))
      .catch(() => live && setMarked(false));
    return () => {
      live = false;
    };
  }, [signedIn, sermonID]);
  const press = async () => {
    await loadSession();
    if (!$user.get()) return location.assign(signInHref(login, `${location.pathname}${location.search}`));
    setBusy(true);
    setFailed(false);
    userCall<BookmarkState>(marked ? REMOVE_BOOKMARK : ADD_BOOKMARK, { params: { sermonID } })
      .then((answer) => setMarked(answer.bookmarked))
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };
  return (
    <span className="follow">
      <button
        type="button"
        className="follow-button"
        aria-pressed={marked}
        aria-busy={busy || undefined}
        onClick={busy ? undefined : () => void press()}
      >
        {marked ? t('librarySite.bookmarked') : t('librarySite.bookmark')}
      </button>
      {failed && (
        <span className="follow-failed" role="alert">
          {t('librarySite.failed')}
        </span>
      )}
    </span>
  );
}
