import { COMMENT_RULES, COMMENT_SORTS, type CommentSort, visibleLength } from '@kerygma/domain/comments';
import type { ContractResponse } from '@kerygma/domain/contracts/contract';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $user } from '../../stores/session.ts';
import { type IslandMessages, islandTranslator } from '../messages.ts';
import { loadSession, sessionCall } from '../session/index.ts';
import { CommentText } from './CommentText.tsx';
import { type CommentCalls, errorText, formatDate, publicTransport, ROUTES, signInHref } from './comment-calls.ts';

export const SERMON_COMMENTS_MESSAGES = [
  'comments.heading',
  'comments.headingCount',
  'comments.sortLabel',
  'comments.sort.date',
  'comments.sort.reverse-date',
  'comments.sort.random',
  'comments.empty',
  'comments.loadFailed',
  'comments.signIn',
  'comments.verifyFirst',
  'comments.label',
  'comments.hint',
  'comments.submit',
  'comments.posting',
  'comments.posted',
  'comments.delete',
  'comments.deleteConfirm',
  'comments.state.pending',
  'comments.byOn',
  'comments.previous',
  'comments.next',
  'comments.pageOf',
] as const;

type Page = ContractResponse<CommentCalls['sermonComments']>;
type Posted = ContractResponse<CommentCalls['postComment']>;

/**
 * A sermon's comments (spec §2 sermon page, §3 sort modes, §9 pages of 10): the approved ones
 * with their order and pages, the form for a signed-in user with a verified address, what the
 * reader posted in this visit marked 'pending approval', and a delete button on their own.
 * Rendered with the page but empty; it loads when scrolled into view (`client:visible`).
 */
export default function SermonComments(props: {
  sermonID: string;
  loginPath: string;
  messages: IslandMessages<(typeof SERMON_COMMENTS_MESSAGES)[number]>;
}) {
  const t = islandTranslator(props.messages);
  const lang = props.messages.lang;
  const user = useStore($user);
  const [sort, setSort] = useState<CommentSort>('date');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<Page | 'loading' | 'failed'>('loading');
  const [mine, setMine] = useState<Posted[]>([]);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);

  useEffect(() => {
    loadSession().catch(() => {});
  }, []);

  useEffect(() => {
    let current = true;
    setList('loading');
    publicTransport(lang)
      .call<CommentCalls['sermonComments']>(ROUTES.sermonComments, {
        params: { sermonID: props.sermonID },
        query: { page, sort },
        noCache: true,
      })
      .then(
        (answer) => current && setList(answer),
        () => current && setList('failed'),
      );
    return () => {
      current = false;
    };
  }, [props.sermonID, page, sort, lang]);

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (visibleLength(text) < COMMENT_RULES.minLength) {
      setNotice({ error: true, text: t('comments.hint', { min: COMMENT_RULES.minLength }) });
      return;
    }
    setSending(true);
    setNotice(null);
    try {
      const posted = await sessionCall<CommentCalls['postComment']>(ROUTES.postComment, {
        params: { sermonID: props.sermonID },
        body: { comment: text },
      });
      setMine((before) => [posted, ...before]);
      setText('');
      setNotice({ error: false, text: t('comments.posted') });
    } catch (error) {
      setNotice({ error: true, text: errorText(error, t('comments.loadFailed')) });
    } finally {
      setSending(false);
    }
  }

  async function remove(commentID: number) {
    if (!window.confirm(t('comments.deleteConfirm'))) return;
    try {
      await sessionCall<CommentCalls['deleteComment']>(ROUTES.deleteComment, { params: { commentID } });
      setMine((before) => before.filter((c) => c.commentID !== commentID));
      setList((before) =>
        typeof before === 'object'
          ? {
              ...before,
              results: before.results.filter((c) => c.commentID !== commentID),
              totalCount: before.totalCount - 1,
            }
          : before,
      );
    } catch (error) {
      setNotice({ error: true, text: errorText(error, t('comments.loadFailed')) });
    }
  }

  const loaded = typeof list === 'object' ? list : undefined;
  const pages = loaded ? Math.max(1, Math.ceil(loaded.totalCount / loaded.pageSize)) : 1;
  const own = (authorID: number) => user?.user_id === authorID;
  const deleteButton = (commentID: number) => (
    <button type="button" className="comment-delete" onClick={() => remove(commentID)}>
      {t('comments.delete')}
    </button>
  );

  return (
    <section className="comments" aria-labelledby="sermon-comments">
      <h2 id="sermon-comments">
        {loaded ? t('comments.headingCount', { count: loaded.totalCount }) : t('comments.heading')}
      </h2>

      {user === null && (
        <p>
          <a href={signInHref(props.loginPath)}>{t('comments.signIn')}</a>
        </p>
      )}
      {user && !user.verified && <p>{t('comments.verifyFirst')}</p>}
      {user?.verified && (
        <form className="comment-form" onSubmit={submit}>
          <label htmlFor="comment-text">{t('comments.label')}</label>
          <textarea
            id="comment-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={COMMENT_RULES.maxLength}
            rows={4}
            required
            aria-describedby="comment-hint"
          />
          <p id="comment-hint" className="hint">
            {t('comments.hint', { min: COMMENT_RULES.minLength })}
          </p>
          <button type="submit" disabled={sending}>
            {sending ? t('comments.posting') : t('comments.submit')}
          </button>
        </form>
      )}
      <p role="status" className={notice?.error ? 'notice error' : 'notice'}>
        {notice?.text}
      </p>

      {mine.length > 0 && (
        <ul className="comment-list mine">
          {mine.map((c) => (
            <li key={c.commentID}>
              <p className="comment-meta">
                {t('comments.byOn', { name: c.author.displayName, date: formatDate(c.created, lang) })}{' '}
                <span className="badge">{t('comments.state.pending')}</span>
              </p>
              <CommentText text={c.comment} />
              {deleteButton(c.commentID)}
            </li>
          ))}
        </ul>
      )}

      <div className="comment-sort">
        <label htmlFor="comment-sort">{t('comments.sortLabel')}</label>{' '}
        <select
          id="comment-sort"
          value={sort}
          onChange={(e) => {
            setSort(e.target.value as CommentSort);
            setPage(1);
          }}
        >
          {COMMENT_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`comments.sort.${s}`)}
            </option>
          ))}
        </select>
      </div>

      {list === 'failed' && <p>{t('comments.loadFailed')}</p>}
      {loaded && loaded.results.length === 0 && <p>{t('comments.empty')}</p>}
      {loaded && loaded.results.length > 0 && (
        <ul className="comment-list" aria-busy={list === 'loading'}>
          {loaded.results.map((c) => (
            <li key={c.commentID}>
              <p className="comment-meta">
                {t('comments.byOn', { name: c.author.displayName, date: formatDate(c.created, lang) })}
              </p>
              <CommentText text={c.comment} />
              {own(c.author.userID) && deleteButton(c.commentID)}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="comment-pages" aria-label={t('comments.heading')}>
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('comments.previous')}
          </button>
          <span>{t('comments.pageOf', { page, pages })}</span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('comments.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
