import type { LiteSermon } from '@kerygma/domain/catalogue';
import type { MessageKey } from '@kerygma/i18n/t';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { formatDuration } from '../../lib/format.ts';
import { $follows, followKey, loadFollows } from '../../stores/follows.ts';
import { $user } from '../../stores/session.ts';
import { type IslandMessages, islandTranslator } from '../messages.ts';
import { userCall } from './call.ts';
import FollowButton, { FOLLOW_BUTTON_MESSAGES } from './FollowButton.tsx';
import { signInHref } from './follow-state.ts';
import { $myChurch, watchMyChurch } from './my-church.ts';
import {
  BOOKMARK_REMOVE,
  BOOKMARKS,
  type BookmarkEntry,
  BROADCASTER,
  FEED,
  type FollowedBroadcaster,
  type FollowedSeries,
  type FollowedSpeaker,
  followedRoute,
  HISTORY,
  HISTORY_CLEAR,
  HISTORY_FORGET,
  type HistoryEntry,
  type Paged,
  SERMONS,
} from './routes.ts';
import SermonRows from './SermonRows.tsx';

export const LIBRARY_MESSAGES = [
  ...FOLLOW_BUTTON_MESSAGES,
  'librarySite.loading',
  'librarySite.loadFailed',
  'librarySite.recent',
  'librarySite.history',
  'librarySite.bookmarks',
  'librarySite.followingTitle',
  'librarySite.viewAll',
  'librarySite.emptyHistory',
  'librarySite.emptyBookmarks',
  'librarySite.emptyFollowing',
  'librarySite.emptyFeed',
  'librarySite.clearHistory',
  'librarySite.clearConfirm',
  'librarySite.remove',
  'librarySite.removeName',
  'librarySite.stoppedAt',
  'librarySite.loadMore',
  'librarySite.followCount',
  'librarySite.noMyChurch',
  'librarySite.chooseMyChurch',
  'librarySite.findChurch',
  'librarySite.newestSermons',
  'nav.broadcasters',
  'nav.speakers',
  'nav.series',
] as const;
type Key = (typeof LIBRARY_MESSAGES)[number];

export type LibraryKind = 'broadcaster' | 'speaker' | 'series';
export type LibraryViewName = 'index' | 'history' | 'bookmarks' | 'following' | 'feed' | 'mychurch';

type Props = {
  view: LibraryViewName;
  /** The following page's tab. */
  kind?: LibraryKind;
  messages: IslandMessages<Key>;
  rowMessages: IslandMessages<MessageKey>;
  /** The locale's path prefix ('' or '/es'). */
  base: string;
  /** The sign-in page in the page's language. */
  login: string;
};

const PAGE_SIZE = 25;
const PREVIEW = 5;
const KINDS: LibraryKind[] = ['broadcaster', 'speaker', 'series'];
const KIND_NAV = { broadcaster: 'nav.broadcasters', speaker: 'nav.speakers', series: 'nav.series' } as const;
const KIND_PATH = { broadcaster: 'broadcasters', speaker: 'speakers', series: 'series' } as const;

type Load<T> = { status: 'loading' } | { status: 'failed' } | { status: 'done'; value: T };

/** Loads what `fetcher` answers once `ready` (signed in, or not needed); `reload` asks again. */
function useLoad<T>(ready: boolean, fetcher: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the fetch depends on
  useEffect(() => {
    if (!ready) return;
    let live = true;
    setState({ status: 'loading' });
    fetcher().then(
      (value) => live && setState({ status: 'done', value }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [ready, round, ...deps]);
  return [state, () => setRound((r) => r + 1), setState] as const;
}

const sermonOf = (entry: { sermon?: LiteSermon } | LiteSermon): LiteSermon | null =>
  'sermonID' in entry && 'displayTitle' in entry
    ? (entry as LiteSermon)
    : ((entry as { sermon?: LiteSermon }).sermon ?? null);

/**
 * The listener's library pages (spec §2 /library, /feed, /mychurch): everything personal is
 * loaded here, in the browser, so the pages' HTML is the same for everyone and cacheable.
 * Signed out (once known), the library and the feed go to sign-in and come back.
 */
export default function LibraryView(props: Props) {
  const { view, messages, base, login } = props;
  const t = islandTranslator(messages);
  const user = useStore($user);
  const needsAccount = view !== 'mychurch';
  useEffect(() => {
    if (needsAccount && user === null) location.replace(signInHref(login, `${location.pathname}${location.search}`));
  }, [needsAccount, user, login]);
  if (needsAccount && !user) {
    return (
      <p className="library-status" role="status">
        {t('librarySite.loading')}
      </p>
    );
  }
  const shared = { ...props, t };
  switch (view) {
    case 'index':
      return <LibraryIndex {...shared} />;
    case 'history':
      return <History {...shared} limit={null} />;
    case 'bookmarks':
      return <Bookmarks {...shared} limit={null} />;
    case 'following':
      return <Following {...shared} kind={props.kind ?? 'broadcaster'} />;
    case 'feed':
      return <Feed {...shared} />;
    case 'mychurch':
      return <MyChurch {...shared} base={base} />;
  }
}

type Shared = Props & { t: ReturnType<typeof islandTranslator<Key>> };

function Status({ t, state }: { t: Shared['t']; state: { status: 'loading' | 'failed' } }) {
  return (
    <p className="library-status" role={state.status === 'failed' ? 'alert' : 'status'}>
      {state.status === 'failed' ? t('librarySite.loadFailed') : t('librarySite.loading')}
    </p>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <p className="sermon-list-empty" role="status">
      {text}
    </p>
  );
}

function LibraryIndex(props: Shared) {
  const { t, base } = props;
  const [counts] = useLoad(
    true,
    () =>
      Promise.all(
        KINDS.map((kind) =>
          userCall<Paged<unknown>>(followedRoute(kind), { query: { page: 1, pageSize: 1 } }).then(
            (list) => list.totalCount ?? list.results.length,
          ),
        ),
      ),
    [],
  );
  return (
    <>
      <section aria-labelledby="library-recent">
        <h2 id="library-recent">{t('librarySite.recent')}</h2>
        <History {...props} limit={PREVIEW} />
        <p>
          <a href={`${base}/library/history`}>{t('librarySite.viewAll')}</a>
        </p>
      </section>
      <section aria-labelledby="library-bookmarks">
        <h2 id="library-bookmarks">{t('librarySite.bookmarks')}</h2>
        <Bookmarks {...props} limit={PREVIEW} />
        <p>
          <a href={`${base}/library/bookmarks`}>{t('librarySite.viewAll')}</a>
        </p>
      </section>
      <section aria-labelledby="library-following">
        <h2 id="library-following">{t('librarySite.followingTitle')}</h2>
        {counts.status === 'done' ? (
          <ul className="library-counts">
            {KINDS.map((kind, i) => (
              <li key={kind}>
                <a href={`${base}/library/following/${KIND_PATH[kind]}`}>
                  {t(KIND_NAV[kind])}: {t('librarySite.followCount', { count: counts.value[i] ?? 0 })}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <Status t={t} state={counts} />
        )}
      </section>
    </>
  );
}

function History(props: Shared & { limit: number | null }) {
  const { t, limit } = props;
  const [history, reload, setHistory] = useLoad(
    true,
    () => userCall<Paged<HistoryEntry>>(HISTORY, { query: { page: 1, pageSize: limit ?? PAGE_SIZE } }),
    [limit],
  );
  const forget = useCallback(
    (sermonID: string) =>
      userCall(HISTORY_FORGET, { params: { sermonID } }).then(() =>
        setHistory((h) =>
          h.status === 'done'
            ? { status: 'done', value: { ...h.value, results: h.value.results.filter((e) => e.sermonID !== sermonID) } }
            : h,
        ),
      ),
    [setHistory],
  );
  if (history.status !== 'done') return <Status t={t} state={history} />;
  const entries = history.value.results.filter((e) => e.sermon);
  const positions = new Map(entries.map((e) => [e.sermonID, e.play_position]));
  return (
    <>
      {entries.length === 0 ? (
        <Empty text={t('librarySite.emptyHistory')} />
      ) : (
        <SermonRows
          sermons={entries.map((e) => e.sermon as LiteSermon)}
          rowMessages={props.rowMessages}
          base={props.base}
          label={t('librarySite.history')}
          extra={(s) => (
            <p className="library-extra">
              {(positions.get(s.sermonID) ?? 0) > 0 && (
                <span>{t('librarySite.stoppedAt', { time: formatDuration(positions.get(s.sermonID) ?? 0) })}</span>
              )}
              {limit === null && (
                <button
                  type="button"
                  className="link-button"
                  aria-label={t('librarySite.removeName', { title: s.displayTitle })}
                  onClick={() => void forget(s.sermonID).catch(reload)}
                >
                  {t('librarySite.remove')}
                </button>
              )}
            </p>
          )}
        />
      )}
      {limit === null && entries.length > 0 && (
        <p>
          <button
            type="button"
            className="follow-button"
            onClick={() => {
              if (!confirm(t('librarySite.clearConfirm'))) return;
              void userCall(HISTORY_CLEAR).then(reload, reload);
            }}
          >
            {t('librarySite.clearHistory')}
          </button>
        </p>
      )}
    </>
  );
}

function Bookmarks(props: Shared & { limit: number | null }) {
  const { t, limit } = props;
  const [marks, reload, setMarks] = useLoad(
    true,
    () => userCall<Paged<BookmarkEntry>>(BOOKMARKS, { query: { page: 1, pageSize: limit ?? PAGE_SIZE } }),
    [limit],
  );
  if (marks.status !== 'done') return <Status t={t} state={marks} />;
  const sermons = marks.value.results.map(sermonOf).filter((s): s is LiteSermon => s !== null);
  if (sermons.length === 0) return <Empty text={t('librarySite.emptyBookmarks')} />;
  return (
    <SermonRows
      sermons={sermons}
      rowMessages={props.rowMessages}
      base={props.base}
      label={t('librarySite.bookmarks')}
      extra={(s) =>
        limit === null && (
          <p className="library-extra">
            <button
              type="button"
              className="link-button"
              aria-label={t('librarySite.removeName', { title: s.displayTitle })}
              onClick={() =>
                void userCall(BOOKMARK_REMOVE, { params: { sermonID: s.sermonID } }).then(
                  () =>
                    setMarks((m) =>
                      m.status === 'done'
                        ? {
                            status: 'done',
                            value: {
                              ...m.value,
                              results: m.value.results.filter((e) => sermonOf(e)?.sermonID !== s.sermonID),
                            },
                          }
                        : m,
                    ),
                  reload,
                )
              }
            >
              {t('librarySite.remove')}
            </button>
          </p>
        )
      }
    />
  );
}

type FollowedRow = { id: string; name: string; href: string };

function followedRows(kind: LibraryKind, results: unknown[], base: string): FollowedRow[] {
  return results.map((r) => {
    if (kind === 'broadcaster') {
      const b = r as FollowedBroadcaster;
      return {
        id: b.broadcasterID,
        name: b.displayName,
        href: `${base}/broadcasters/${encodeURIComponent(b.broadcasterID)}`,
      };
    }
    if (kind === 'speaker') {
      const s = r as FollowedSpeaker;
      return { id: s.displayName, name: s.displayName, href: `${base}/speakers/${s.speakerID}` };
    }
    const s = r as FollowedSeries;
    return { id: String(s.seriesID), name: s.title, href: `${base}/series/${s.seriesID}` };
  });
}

function Following(props: Shared & { kind: LibraryKind }) {
  const { t, kind, base, login } = props;
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<FollowedRow[]>([]);
  const [more, setMore] = useState(false);
  const [list] = useLoad(
    true,
    () => userCall<Paged<unknown>>(followedRoute(kind), { query: { page, pageSize: PAGE_SIZE } }),
    [kind, page],
  );
  useEffect(() => {
    if (list.status !== 'done') return;
    const got = followedRows(kind, list.value.results, base);
    // What is listed is followed: the buttons below say so at once.
    loadFollows(got.map((r) => ({ kind, id: r.id, followed: true })));
    setRows((before) => (page === 1 ? got : [...before, ...got]));
    setMore(got.length === PAGE_SIZE);
  }, [list, kind, base, page]);
  const follows = useStore($follows);
  const followMessages = {
    lang: props.messages.lang,
    text: Object.fromEntries(FOLLOW_BUTTON_MESSAGES.map((k) => [k, props.messages.text[k]])) as Record<
      (typeof FOLLOW_BUTTON_MESSAGES)[number],
      string
    >,
  };
  return (
    <>
      <nav className="library-tabs" aria-label={t('librarySite.followingTitle')}>
        <ul>
          {KINDS.map((k) => (
            <li key={k}>
              <a href={`${base}/library/following/${KIND_PATH[k]}`} aria-current={k === kind ? 'page' : undefined}>
                {t(KIND_NAV[k])}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {list.status !== 'done' && page === 1 ? (
        <Status t={t} state={list} />
      ) : rows.length === 0 ? (
        <Empty text={t('librarySite.emptyFollowing')} />
      ) : (
        <ul className="library-followed" aria-label={t(KIND_NAV[kind])}>
          {rows.map((r) => (
            <li key={r.id} className={follows[followKey(kind, r.id)] === false ? 'unfollowed' : undefined}>
              <a href={r.href}>{r.name}</a>
              <FollowButton messages={followMessages} kind={kind} id={r.id} name={r.name} login={login} />
            </li>
          ))}
        </ul>
      )}
      {more && (
        <p>
          <button type="button" className="follow-button" onClick={() => setPage((p) => p + 1)}>
            {t('librarySite.loadMore')}
          </button>
        </p>
      )}
    </>
  );
}

/** A paged sermon list: 'Show more' adds the next page (by the answer's `next`, else by page number). */
function useSermonPages(
  ready: boolean,
  fetchPage: (page: number, next: unknown) => Promise<Paged<unknown>>,
  deps: unknown[],
) {
  const [page, setPage] = useState<{ n: number; next: unknown }>({ n: 1, next: undefined });
  const [sermons, setSermons] = useState<LiteSermon[]>([]);
  const [more, setMore] = useState(false);
  const [list] = useLoad(ready, () => fetchPage(page.n, page.next), [page, ...deps]);
  useEffect(() => {
    if (list.status !== 'done') return;
    const got = list.value.results.map((r) => sermonOf(r as LiteSermon)).filter((s): s is LiteSermon => s !== null);
    setSermons((before) => (page.n === 1 ? got : [...before, ...got]));
    setMore(list.value.next ? true : got.length === PAGE_SIZE);
  }, [list, page]);
  const loadMore = () => setPage((p) => ({ n: p.n + 1, next: list.status === 'done' ? list.value.next : undefined }));
  return { list, sermons, more, loadMore, first: page.n === 1 };
}

function Feed(props: Shared) {
  const { t } = props;
  const { list, sermons, more, loadMore, first } = useSermonPages(
    true,
    (page, next) =>
      userCall<Paged<unknown>>(FEED, {
        query: typeof next === 'string' ? { next, pageSize: PAGE_SIZE } : { page, pageSize: PAGE_SIZE },
      }),
    [],
  );
  if (list.status !== 'done' && first) return <Status t={t} state={list} />;
  return (
    <>
      {sermons.length === 0 ? (
        <Empty text={t('librarySite.emptyFeed')} />
      ) : (
        <SermonRows
          sermons={sermons}
          rowMessages={props.rowMessages}
          base={props.base}
          label={t('librarySite.newestSermons')}
        />
      )}
      {more && (
        <p>
          <button type="button" className="follow-button" onClick={loadMore}>
            {t('librarySite.loadMore')}
          </button>
        </p>
      )}
    </>
  );
}

function MyChurch(props: Shared) {
  const { t, base } = props;
  const id = useStore($myChurch);
  useEffect(() => watchMyChurch(), []);
  const [church] = useLoad(
    Boolean(id),
    () =>
      userCall<{ displayName: string; broadcasterID: string; location?: string | null }>(BROADCASTER, {
        params: { broadcasterID: id ?? '' },
      }),
    [id],
  );
  const { list, sermons, more, loadMore, first } = useSermonPages(
    Boolean(id),
    (page) =>
      userCall<Paged<unknown>>(SERMONS, {
        query: { broadcasterID: id ?? '', sortBy: 'newest', lite: true, page, pageSize: PAGE_SIZE },
      }),
    [id],
  );
  if (id === undefined) return <Status t={t} state={{ status: 'loading' }} />;
  if (!id)
    return (
      <div className="library-choose">
        <p>{t('librarySite.noMyChurch')}</p>
        <p>{t('librarySite.chooseMyChurch')}</p>
        <p>
          <a href={`${base}/broadcasters`}>{t('librarySite.findChurch')}</a>
        </p>
      </div>
    );
  return (
    <>
      {church.status === 'done' ? (
        <h2>
          <a href={`${base}/broadcasters/${encodeURIComponent(church.value.broadcasterID)}`}>
            {church.value.displayName}
          </a>
        </h2>
      ) : (
        <Status t={t} state={church} />
      )}
      <h3>{t('librarySite.newestSermons')}</h3>
      {list.status !== 'done' && first ? (
        <Status t={t} state={list} />
      ) : (
        <SermonRows
          sermons={sermons}
          rowMessages={props.rowMessages}
          base={base}
          label={t('librarySite.newestSermons')}
        />
      )}
      {more && (
        <p>
          <button type="button" className="follow-button" onClick={loadMore}>
            {t('librarySite.loadMore')}
          </button>
        </p>
      )}
    </>
  );
}
