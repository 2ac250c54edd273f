import type { ContractResponse } from '@kerygma/domain/contracts/contract';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $user } from '../../stores/session.ts';
import { type IslandMessages, islandTranslator } from '../messages.ts';
import { loadSession, sessionCall } from '../session/index.ts';
import { CommentText } from './CommentText.tsx';
import { type CommentCalls, errorText, formatDate, ROUTES, signInHref } from './comment-calls.ts';

export const MY_COMMENTS_MESSAGES = [
  'comments.mine.empty',
  'comments.mine.signIn',
  'comments.state.pending',
  'comments.state.approved',
  'comments.state.rejected',
  'comments.onSermon',
  'comments.delete',
  'comments.deleteConfirm',
  'comments.loadFailed',
  'comments.previous',
  'comments.next',
  'comments.pageOf',
] as const;

type Mine = ContractResponse<CommentCalls['userComments']>;

/**
 * The signed-in user's comments with their state (/comments). Guarded in the browser, since
 * the page is the same for everyone: signed out, it goes to the sign-in page with `next`.
 */
export default function MyComments(props: {
  loginPath: string;
  sermonPath: string;
  messages: IslandMessages<(typeof MY_COMMENTS_MESSAGES)[number]>;
}) {
  const t = islandTranslator(props.messages);
  const lang = props.messages.lang;
  const user = useStore($user);
  const [page, setPage] = useState(1);
  const [mine, setMine] = useState<Mine | 'loading' | 'failed'>('loading');
  const [notice, setNotice] = useState('');

  useEffect(() => {
    loadSession().then(
      (known) => {
        if (known === null) location.replace(signInHref(props.loginPath));
      },
      () => {},
    );
  }, [props.loginPath]);

  useEffect(() => {
    if (!user) return;
    sessionCall<CommentCalls['userComments']>(ROUTES.userComments, { query: { page }, noCache: true }).then(
      setMine,
      () => setMine('failed'),
    );
  }, [user, page]);

  async function remove(commentID: number) {
    if (!window.confirm(t('comments.deleteConfirm'))) return;
    try {
      await sessionCall<CommentCalls['deleteComment']>(ROUTES.deleteComment, { params: { commentID } });
      setMine((before) =>
        typeof before === 'object'
          ? {
              ...before,
              results: before.results.filter((c) => c.commentID !== commentID),
              totalCount: before.totalCount - 1,
            }
          : before,
      );
    } catch (error) {
      setNotice(errorText(error, t('comments.loadFailed')));
    }
  }

  if (user === null)
    return (
      <p>
        <a href={props.loginPath}>{t('comments.mine.signIn')}</a>
      </p>
    );
  const loaded = typeof mine === 'object' ? mine : undefined;
  const pages = loaded ? Math.max(1, Math.ceil(loaded.totalCount / loaded.pageSize)) : 1;
  return (
    <div className="my-comments">
      <p role="status">{notice}</p>
      {mine === 'failed' && <p>{t('comments.loadFailed')}</p>}
      {loaded && loaded.results.length === 0 && <p>{t('comments.mine.empty')}</p>}
      {loaded && loaded.results.length > 0 && (
        <ul className="comment-list">
          {loaded.results.map((c) => (
            <li key={c.commentID}>
              <p className="comment-meta">
                <a href={`${props.sermonPath}/${encodeURIComponent(c.sermonID)}`}>
                  {t('comments.onSermon', { title: c.sermonTitle })}
                </a>
                {' · '}
                {formatDate(c.created, lang)} <span className="badge">{t(`comments.state.${c.state}`)}</span>
              </p>
              <CommentText text={c.comment} />
              <button type="button" onClick={() => remove(c.commentID)}>
                {t('comments.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t('comments.pageOf', { page, pages })}>
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('comments.previous')}
          </button>
          <span>{t('comments.pageOf', { page, pages })}</span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('comments.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
