import type { ContractResponse } from '@kerygma/domain/contracts/contract';
import { managesBroadcaster } from '@kerygma/domain/roles';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $user } from '../../stores/session.ts';
import { type IslandMessages, islandTranslator } from '../messages.ts';
import { loadSession, sessionCall } from '../session/index.ts';
import { CommentText } from './CommentText.tsx';
import { type CommentCalls, errorText, formatDate, ROUTES } from './comment-calls.ts';

export const MODERATION_MESSAGES = [
  'comments.queue',
  'comments.queueEmpty',
  'comments.approve',
  'comments.reject',
  'comments.byOn',
  'comments.onSermon',
  'comments.loadFailed',
] as const;

type Queue = ContractResponse<CommentCalls['pendingComments']>;

/**
 * The broadcaster's comments waiting for review, with Approve and Reject, shown only to its
 * managers and site admins (known from the session in the browser: the page itself is the
 * same for everyone and cached). The server checks the same rule on every call.
 */
export default function ModerationQueue(props: {
  broadcasterID: string;
  sermonPath: string;
  messages: IslandMessages<(typeof MODERATION_MESSAGES)[number]>;
}) {
  const t = islandTranslator(props.messages);
  const lang = props.messages.lang;
  const user = useStore($user);
  const manager = !!user && managesBroadcaster(user, props.broadcasterID);
  const [queue, setQueue] = useState<Queue | 'loading' | 'failed'>('loading');
  const [notice, setNotice] = useState('');

  useEffect(() => {
    loadSession().catch(() => {});
  }, []);

  useEffect(() => {
    if (!manager) return;
    sessionCall<CommentCalls['pendingComments']>(ROUTES.pendingComments, {
      params: { broadcasterID: props.broadcasterID },
      query: { pageSize: 50 },
      noCache: true,
    }).then(setQueue, () => setQueue('failed'));
  }, [manager, props.broadcasterID]);

  if (!manager) return null;

  async function review(commentID: number, state: 'approved' | 'rejected') {
    try {
      await sessionCall<CommentCalls['reviewComment']>(ROUTES.reviewComment, {
        params: { commentID },
        body: { state },
      });
      setQueue((before) =>
        typeof before === 'object'
          ? {
              ...before,
              results: before.results.filter((c) => c.commentID !== commentID),
              totalCount: before.totalCount - 1,
            }
          : before,
      );
      setNotice('');
    } catch (error) {
      setNotice(errorText(error, t('comments.loadFailed')));
    }
  }

  return (
    <section className="moderation" aria-labelledby="moderation-heading">
      <h2 id="moderation-heading">{t('comments.queue')}</h2>
      <p role="status">{notice}</p>
      {queue === 'failed' && <p>{t('comments.loadFailed')}</p>}
      {typeof queue === 'object' && queue.results.length === 0 && <p>{t('comments.queueEmpty')}</p>}
      {typeof queue === 'object' && queue.results.length > 0 && (
        <ul className="comment-list">
          {queue.results.map((c) => (
            <li key={c.commentID}>
              <p className="comment-meta">
                {t('comments.byOn', { name: c.author.displayName, date: formatDate(c.created, lang) })}
                {' · '}
                <a href={`${props.sermonPath}/${encodeURIComponent(c.sermonID)}`}>
                  {t('comments.onSermon', { title: c.sermonTitle })}
                </a>
              </p>
              <CommentText text={c.comment} />
              <div className="comment-actions">
                <button type="button" onClick={() => review(c.commentID, 'approved')}>
                  {t('comments.approve')}
                </button>
                <button type="button" onClick={() => review(c.commentID, 'rejected')}>
                  {t('comments.reject')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
