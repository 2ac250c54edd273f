import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { type IslandMessages, islandTranslator } from '../messages.ts';
import { $myChurch, setMyChurch, watchMyChurch } from './my-church.ts';

export const MY_CHURCH_BUTTON_MESSAGES = [
  'librarySite.setMyChurch',
  'librarySite.isMyChurch',
  'librarySite.myChurchLink',
  'librarySite.failed',
] as const;

type Props = {
  messages: IslandMessages<(typeof MY_CHURCH_BUTTON_MESSAGES)[number]>;
  broadcasterID: string;
  /** /mychurch in the page's language. */
  myChurch: string;
};

/** A broadcaster page's 'Set as My Church': pressed, it is the listener's church (a link to /mychurch beside it). */
export default function MyChurchButton({ messages, broadcasterID, myChurch }: Props) {
  const t = islandTranslator(messages);
  const current = useStore($myChurch);
  const [failed, setFailed] = useState(false);
  useEffect(() => watchMyChurch(), []);
  const mine = current === broadcasterID;
  return (
    <span className="follow">
      <button
        type="button"
        className="follow-button"
        aria-pressed={mine}
        onClick={() => {
          setFailed(false);
          setMyChurch(mine ? '' : broadcasterID).catch(() => setFailed(true));
        }}
      >
        {mine ? t('librarySite.isMyChurch') : t('librarySite.setMyChurch')}
      </button>
      {mine && <a href={myChurch}>{t('librarySite.myChurchLink')}</a>}
      {failed && (
        <span className="follow-failed" role="alert">
          {t('librarySite.failed')}
        </span>
      )}
    </span>
  );
}
