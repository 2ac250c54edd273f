import type { Broadcaster, LiteSermon, Series, Speaker } from '@kerygma/domain/catalogue';
import type { MessageKey } from '@kerygma/i18n/t';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatDuration } from '../../lib/format.ts';
import { $follows, followKey, loadFollows } from '../../stores/follows.ts';
import { type IslandMessages, islandTranslator } from '../messages.ts';
import { userCall } from './call.ts';
import FollowButton, { FOLLOW_BUTTON_MESSAGES } from './FollowButton.tsx';
import { signInHref } from './follow-state.ts';
import { $myChurch, watchMyChurch } from './my-church.ts';
import {
  BOOKMARKS,
  BROADCASTER,
  FEED,
  type FeedItem,
  type FeedWebcast,
  FOLLOWED,
  FORGET_PLAY,
  HISTORY,
  HISTORY_CLEAR,
  type HistorySermon,
  nextPageQuery,
  type Paged,
  REMOVE_BOOKMARK,
  SERMONS,
  WEBCAST_FEED,
} from './routes.ts';
import SermonRows from './SermonRows.tsx';
import { $account, loadSession } from './session.ts';

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
  'librarySite.liveNow',
  'librarySite.liveUntitled',
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

/**
 * The listener's library pages (spec §2 /library, /feed, /mychurch): everything personal is
 * loaded here, in the browser, so the pages' HTML is the same for everyone and cacheable.
 * Signed out (once known), the library and the feed go to sign-in and come back.
 */
export default function LibraryView(props: Props) {
  const { view, messages, base, login } = props;
  const t = islandTranslator(messages);
  const account = useStore($account);
  const needsAccount = view !== 'mychurch';
  useEffect(() => void loadSession(), []);
  useEffect(() => {
    if (needsAccount && account === 'out')
      location.replace(signInHref(login, `${location.pathname}${location.search}`));
  }, [needsAccount, account, login]);
  if (needsAccount && account !== 'in') {
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
          userCall<Paged<unknown>>(FOLLOWED[kind], { query: { pageSize: 1 } }).then(
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

/** A loaded list without one sermon. */
const without = <T extends { sermonID: string }>(state: Load<Paged<T>>, sermonID: string): Load<Paged<T>> =>
  state.status === 'done'
    ? { status: 'done', value: { ...state.value, results: state.value.results.filter((s) => s.sermonID !== sermonID) } }
    : state;

function History(props: Shared & { limit: number | null }) {
  const { t, limit } = props;
  const [history, reload, setHistory] = useLoad(
    true,
    () => userCall<Paged<HistorySermon>>(HISTORY, { query: { pageSize: limit ?? PAGE_SIZE } }),
    [limit],
  );
  const forget = (sermonID: string) =>
    userCall(FORGET_PLAY, { params: { sermonID } }).then(() => setHistory((h) => without(h, sermonID)), reload);
  if (history.status !== 'done') return <Status t={t} state={history} />;
  const entries = history.value.results;
  return (
    <>
      {entries.length === 0 ? (
        <Empty text={t('librarySite.emptyHistory')} />
      ) : (
        <SermonRows
          sermons={entries}
          rowMessages={props.rowMessages}
          base={props.base}
          label={t('librarySite.history')}
          extra={(s) => {
            const position = (s as HistorySermon).play_position;
            return (
              <p className="library-extra">
                {position > 0 && <span>{t('librarySite.stoppedAt', { time: formatDuration(position) })}</span>}
                {limit === null && (
                  <button
                    type="button"
                    className="link-button"
                    aria-label={t('librarySite.removeName', { title: s.displayTitle })}
                    onClick={() => void forget(s.sermonID)}
                  >
                    {t('librarySite.remove')}
                  </button>
                )}
              </p>
            );
          }}
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
    () => userCall<Paged<LiteSermon>>(BOOKMARKS, { query: { pageSize: limit ?? PAGE_SIZE } }),
    [limit],
  );
  if (marks.status !== 'done') return <Status t={t} state={marks} />;
  const sermons = marks.value.results;
  if (sermons.length === 0) return <Empty text={t('librarySite.emptyBookmarks')} />;
  const remove = (sermonID: string) =>
    userCall(REMOVE_BOOKMARK, { params: { sermonID } }).then(() => setMarks((m) => without(m, sermonID)), reload);
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
              onClick={() => void remove(s.sermonID)}
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
      const b = r as Broadcaster;
      return {
        id: b.broadcasterID,
        name: b.displayName,
        href: `${base}/broadcasters/${encodeURIComponent(b.broadcasterID)}`,
      };
    }
    if (kind === 'speaker') {
      const s = r as Speaker;
      return { id: s.displayName, name: s.displayName, href: `${base}/speakers/${s.speakerID}` };
    }
    const s = r as Series;
    return { id: String(s.seriesID), name: s.title, href: `${base}/series/${s.seriesID}` };
  });
}

/**
 * A list loaded a page at a time: 'Show more' asks for the page after the last (by the answer's
 * `next` address, its keyset cursor).
 */
function usePages<T>(
  ready: boolean,
  fetchPage: (query: Record<string, string>) => Promise<Paged<T>>,
  /** Which list: another one starts again from its first page. */
  which: string,
) {
  const [query, setQuery] = useState<Record<string, string>>({});
  const [items, setItems] = useState<T[]>([]);
  const [list] = useLoad(ready, () => fetchPage(query), [query, which]);
  const first = Object.keys(query).length === 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `which` is the list's identity
  useEffect(() => {
    setQuery((q) => (Object.keys(q).length === 0 ? q : {}));
    setItems((i) => (i.length === 0 ? i : []));
  }, [which]);
  useEffect(() => {
    if (list.status !== 'done') return;
    setItems((before) => (first ? list.value.results : [...before, ...list.value.results]));
  }, [list, first]);
  const next = list.status === 'done' ? nextPageQuery(list.value) : null;
  return { list, items, first, more: next !== null, loadMore: () => next && setQuery(next) };
}

function MoreButton({ t, onClick }: { t: Shared['t']; onClick: () => void }) {
  return (
    <p>
      <button type="button" className="follow-button" onClick={onClick}>
        {t('librarySite.loadMore')}
      </button>
    </p>
  );
}

function Following(props: Shared & { kind: LibraryKind }) {
  const { t, kind, base, login } = props;
  const pages = usePages(
    true,
    (query) => userCall<Paged<unknown>>(FOLLOWED[kind], { query: { pageSize: PAGE_SIZE, ...query } }),
    kind,
  );
  const rows = followedRows(kind, pages.items, base);
  const rowKeys = rows.map((r) => r.id).join('\n');
  // What is listed is followed: its buttons say so at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowKeys names the rows
  useEffect(() => {
    if (rows.length > 0) loadFollows(rows.map((r) => ({ kind, id: r.id, followed: true })));
  }, [kind, rowKeys]);
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
      {pages.list.status !== 'done' && pages.first ? (
        <Status t={t} state={pages.list} />
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
      {pages.more && <MoreButton t={t} onClick={pages.loadMore} />}
    </>
  );
}

/** How many of the followed broadcasters' webcasts the feed asks for: more than are ever live at once. */
const LIVE_PAGE_SIZE = 100;

/**
 * 'Live now' above the feed's sermons: the followed broadcasters live at this moment, each
 * linking to its webcast's page; nothing at all while none is (or the call failed).
 */
function LiveNow({ t, base }: Shared) {
  const [webcasts] = useLoad(
    true,
    () => userCall<Paged<FeedWebcast>>(WEBCAST_FEED, { query: { pageSize: LIVE_PAGE_SIZE } }),
    [],
  );
  const live = webcasts.status === 'done' ? webcasts.value.results.filter((w) => w.state === 'live') : [];
  if (live.length === 0) return null;
  return (
    <section className="library-live" aria-labelledby="library-live-now">
      <h2 id="library-live-now">{t('librarySite.liveNow')}</h2>
      <ul>
        {live.map((w) => (
          <li key={w.webcastID}>
            <a
              className="library-live-title"
              href={`${base}/webcasts/${encodeURIComponent(w.broadcasterID)}/${encodeURIComponent(w.webcastID)}`}
            >
              {w.title || t('librarySite.liveUntitled')}
            </a>{' '}
            <span className="library-live-broadcaster">{w.displayName}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Feed(props: Shared) {
  const { t } = props;
  const pages = usePages(
    true,
    (query) => userCall<Paged<FeedItem>>(FEED, { query: { pageSize: PAGE_SIZE, ...query } }),
    'feed',
  );
  const sermons = pages.items.map((item) => item.sermon);
  return (
    <>
      <LiveNow {...props} />
      {pages.list.status !== 'done' && pages.first ? (
        <Status t={t} state={pages.list} />
      ) : sermons.length === 0 ? (
        <Empty text={t('librarySite.emptyFeed')} />
      ) : (
        <SermonRows
          sermons={sermons}
          rowMessages={props.rowMessages}
          base={props.base}
          label={t('librarySite.newestSermons')}
        />
      )}
      {pages.more && <MoreButton t={t} onClick={pages.loadMore} />}
    </>
  );
}

function MyChurch(props: Shared) {
  const { t, base } = props;
  const id = useStore($myChurch);
  useEffect(() => watchMyChurch(), []);
  const [church] = useLoad(
    Boolean(id),
    () => userCall<Broadcaster>(BROADCASTER, { params: { broadcasterID: id ?? '' } }),
    [id],
  );
  const pages = usePages(
    Boolean(id),
    (query) =>
      userCall<Paged<LiteSermon>>(SERMONS, {
        query: { broadcasterID: id ?? '', sortBy: 'newest', lite: true, pageSize: PAGE_SIZE, ...query },
      }),
    id ?? '',
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
      {pages.list.status !== 'done' && pages.first ? (
        <Status t={t} state={pages.list} />
      ) : (
        <SermonRows
          sermons={pages.items}
          rowMessages={props.rowMessages}
          base={base}
          label={t('librarySite.newestSermons')}
        />
      )}
      {pages.more && <MoreButton t={t} onClick={pages.loadMore} />}
    </>
  );
}
