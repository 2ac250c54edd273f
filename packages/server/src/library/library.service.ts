import { type FollowKind, LIBRARY_RULES } from '@kerygma/domain/account-rules';
import type { Broadcaster, ListResponse, LiteSermon, Series, Speaker } from '@kerygma/domain/catalogue';
import type { MailList } from '@kerygma/domain/contracts/library';
import { broadcasterDto, liteSermonDto, seriesDto, speakerDto, type Urls } from '../catalogue/dto.ts';
import type { EntityCache } from '../catalogue/entity-cache.ts';
import { decodeCursor, encodeCursor } from '../catalogue/keyset.ts';
import { listResponse, nextUrl } from '../catalogue/paging.ts';
import type { Db } from '../db/db.ts';
import { ApiError, invalid, notFound } from '../errors.ts';
import { detailRows } from '../sermons/sermons.queries.ts';
import { lite as webcastLite } from '../webcasts/webcasts.service.ts';
import * as q from './library.queries.ts';
import { tokenUser } from './unsubscribe-token.ts';

/** What the library's rules need: the database, the catalogue's entity cache, the clock (tests move it). */
export type LibraryDeps = { db: Db; entities: EntityCache; now: () => number };

const NOT_FOUND: Record<FollowKind, string> = {
  broadcaster: 'error.library.broadcasterNotFound',
  speaker: 'error.library.speakerNotFound',
  series: 'error.library.seriesNotFound',
  sermon: 'error.library.sermonNotFound',
};

/** The item a path names, with the user's follow of it; 404 when there is none. */
export async function followState(db: Db, kind: FollowKind, userId: number, name: string) {
  const state = await q.followState(db, kind, userId, name);
  if (!state) throw notFound(NOT_FOUND[kind]);
  return state;
}

export async function follow(deps: LibraryDeps, kind: FollowKind, userId: number, name: string) {
  const { id, followed } = await followState(deps.db, kind, userId, name);
  if (followed) return { followed: true };
  const max = LIBRARY_RULES.followMaxPerKind;
  const done = await deps.db.transaction((tx) => q.follow(tx, kind, userId, id, max, deps.now()));
  if (!done) throw new ApiError(409, 'follow_limit', { error: { key: 'error.library.followLimit', params: { max } } });
  return { followed: true };
}

export async function unfollow(deps: LibraryDeps, kind: FollowKind, userId: number, name: string) {
  const { id } = await followState(deps.db, kind, userId, name);
  await deps.db.transaction((tx) => q.unfollow(tx, kind, userId, id));
  return { followed: false };
}

/** A page position: after the cursor's keys when it is this page's, else by number. */
function position(query: { page: number; pageSize: number; cursor?: string | undefined }, name: q.ListName) {
  const after = decodeCursor(query.cursor, query.page, q.listOrder(name));
  return { after, offset: (query.page - 1) * query.pageSize, pageSize: query.pageSize };
}

type ListQuery = { page: number; pageSize: number; cursor?: string | undefined };

/** A page of one of the user's lists as ids, with the list envelope's next and total. */
async function idPage(db: Db, name: q.ListName, userId: number, query: ListQuery, url: URL) {
  const page = await q.listPage(db, name, userId, position(query, name));
  const more = page.rows.length > query.pageSize;
  const rows = page.rows.slice(0, query.pageSize);
  const keys = page.keys[rows.length - 1];
  const next = more && keys ? nextUrl(url, query.page, encodeCursor({ page: query.page + 1, values: keys })) : null;
  return { rows, next, total: page.total };
}

/** The entities of `ids` in their order, those no longer there left out. */
function inOrder<K, R>(ids: K[], found: Map<K, R>): R[] {
  return ids.flatMap((id) => {
    const row = found.get(id);
    return row ? [row] : [];
  });
}

export async function followedBroadcasters(
  deps: LibraryDeps,
  userId: number,
  query: ListQuery,
  urls: Urls,
  url: URL,
): Promise<ListResponse<Broadcaster>> {
  const { rows, next, total } = await idPage(deps.db, 'broadcaster', userId, query, url);
  const ids = rows.map((r) => r.id);
  const found = await deps.entities.broadcasters(ids);
  const results = inOrder(ids, found).map((b) => broadcasterDto(b, urls));
  return listResponse('followed_broadcasters', 'Followed broadcasters', results, total, next);
}

export async function followedSpeakers(
  deps: LibraryDeps,
  userId: number,
  query: ListQuery,
  urls: Urls,
  url: URL,
): Promise<ListResponse<Speaker>> {
  const { rows, next, total } = await idPage(deps.db, 'speaker', userId, query, url);
  const ids = rows.map((r) => Number(r.id));
  const found = await deps.entities.speakers(ids);
  const results = inOrder(ids, found).map((s) => speakerDto(s, urls));
  return listResponse('followed_speakers', 'Followed speakers', results, total, next);
}

export async function followedSeries(
  deps: LibraryDeps,
  userId: number,
  query: ListQuery,
  urls: Urls,
  url: URL,
): Promise<ListResponse<Series>> {
  const { rows, next, total } = await idPage(deps.db, 'series', userId, query, url);
  const ids = rows.map((r) => Number(r.id));
  const found = await deps.entities.series(ids);
  const results = inOrder(ids, found).map((s) => seriesDto(s, urls));
  return listResponse('followed_series', 'Followed series', results, total, next);
}

/** Lite sermons of `ids`, in that order. */
async function sermons(deps: LibraryDeps, ids: string[], urls: Urls): Promise<Map<string, LiteSermon>> {
  const rows = await detailRows(deps.db, deps.entities, ids);
  return new Map(rows.map((r) => [r.sermon_id, liteSermonDto(r, urls)]));
}

/** The followed sermons or the bookmarks: lite sermons, newest first. */
export async function sermonList(
  deps: LibraryDeps,
  name: 'sermon' | 'bookmark',
  userId: number,
  query: ListQuery,
  urls: Urls,
  url: URL,
): Promise<ListResponse<LiteSermon>> {
  const { rows, next, total } = await idPage(deps.db, name, userId, query, url);
  const ids = rows.map((r) => r.id);
  const results = inOrder(ids, await sermons(deps, ids, urls));
  return name === 'sermon'
    ? listResponse('followed_sermons', 'Followed sermons', results, total, next)
    : listResponse('bookmarks', 'Bookmarks', results, total, next);
}

export async function history(deps: LibraryDeps, userId: number, query: ListQuery, urls: Urls, url: URL) {
  const { rows, next, total } = await idPage(deps.db, 'history', userId, query, url);
  const found = await sermons(
    deps,
    rows.map((r) => r.id),
    urls,
  );
  const results = rows.flatMap((r) => {
    const sermon = found.get(r.id);
    return sermon ? [{ ...sermon, play_position: r.play_position ?? 0, played_at: r.played_at ?? 0 }] : [];
  });
  return listResponse('history', 'History', results, total, next);
}

const cursorNeeded = () =>
  invalid({
    page: {
      key: 'error.invalidParameter',
      params: { name: 'page', detail: "the feed's pages after the first are reached by following each page's next" },
    },
  });

/** The feed: keyset only (a page after the first needs its cursor). */
export async function feed(deps: LibraryDeps, userId: number, query: ListQuery, urls: Urls, url: URL) {
  const after = decodeCursor(query.cursor, query.page, q.FEED_ORDER);
  if (query.page > 1 && !after) throw cursorNeeded();
  const rows = await q.feedPage(deps.db, userId, { limit: query.pageSize + 1, after });
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  const next =
    rows.length > query.pageSize && last
      ? nextUrl(url, query.page, encodeCursor({ page: query.page + 1, values: [last.k0, last.k1] }))
      : null;
  const ids = page.map((r) => r.sermon_id);
  const results = inOrder(ids, await sermons(deps, ids, urls)).map((sermon) => ({ type: 'sermon' as const, sermon }));
  return listResponse('feed', 'Feed', results, null, next);
}

/** The webcasts of followed broadcasters (`origin`, `hlsPlaylist`: their HLS address), keyset only as the feed. */
export async function webcastFeed(
  deps: LibraryDeps & { origin: string; hlsPlaylist: string },
  userId: number,
  query: ListQuery,
  url: URL,
) {
  const after = decodeCursor(query.cursor, query.page, q.WEBCAST_FEED_ORDER);
  if (query.page > 1 && !after) throw cursorNeeded();
  const rows = await q.followedWebcastsPage(deps.db, userId, { limit: query.pageSize + 1, after });
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  const next =
    rows.length > query.pageSize && last
      ? nextUrl(url, query.page, encodeCursor({ page: query.page + 1, values: [last.k0, last.k1, last.k2] }))
      : null;
  return listResponse(
    'webcast',
    'Webcasts',
    page.map((w) => webcastLite(deps, w, false)),
    null,
    next,
  );
}

const sermonNotFound = () => notFound(NOT_FOUND.sermon);

async function requireSermon(db: Db, sermonId: string): Promise<void> {
  if (!(await q.publishedSermon(db, sermonId))) throw sermonNotFound();
}

export async function playPosition(db: Db, userId: number, sermonId: string) {
  await requireSermon(db, sermonId);
  const row = await q.playPosition(db, userId, sermonId);
  return { sermonID: sermonId, play_position: row?.play_position ?? 0, played_at: row?.played_at ?? null };
}

/** Stores a position; the device's time (epoch ms) decides between writes, never later than now. */
export async function recordPlay(
  deps: LibraryDeps,
  userId: number,
  sermonId: string,
  input: { play_position: number; timestamp?: number | undefined },
) {
  await requireSermon(deps.db, sermonId);
  const now = deps.now();
  const playedAt = Math.min(input.timestamp ?? now, now);
  const row = await deps.db.transaction((tx) =>
    q.recordPlay(tx, {
      userId,
      sermonId,
      position: input.play_position,
      playedAt,
      max: LIBRARY_RULES.historyMax,
    }),
  );
  return { sermonID: sermonId, play_position: row.play_position, played_at: row.played_at };
}

export async function forgetPlay(db: Db, userId: number, sermonId: string) {
  await db.transaction((tx) => q.forgetPlay(tx, userId, sermonId));
  return { ok: true as const };
}

export async function clearHistory(db: Db, userId: number) {
  await db.transaction((tx) => q.clearHistory(tx, userId));
  return { ok: true as const };
}

export async function bookmarkState(db: Db, userId: number, sermonId: string) {
  await requireSermon(db, sermonId);
  return { bookmarked: await q.isBookmarked(db, userId, sermonId) };
}

export async function addBookmark(deps: LibraryDeps, userId: number, sermonId: string) {
  await requireSermon(deps.db, sermonId);
  const max = LIBRARY_RULES.bookmarkMax;
  const done = await deps.db.transaction((tx) => q.addBookmark(tx, userId, sermonId, max, deps.now()));
  if (!done)
    throw new ApiError(409, 'bookmark_limit', { error: { key: 'error.library.bookmarkLimit', params: { max } } });
  return { bookmarked: true };
}

export async function removeBookmark(db: Db, userId: number, sermonId: string) {
  await db.transaction((tx) => q.removeBookmark(tx, userId, sermonId));
  return { bookmarked: false };
}

/** Everything the user follows, for the follow buttons' store. */
export function userFollows(db: Db, userId: number): Promise<q.UserFollowsRow> {
  return q.userFollows(db, userId);
}

/** The one-click unsubscribe: the list's e-mails off for the token's account. */
export async function unsubscribe(db: Db, secret: string, token: string, list: MailList) {
  const userId = tokenUser(secret, token, list);
  const stopped = userId !== undefined && (await db.transaction((tx) => q.stopMailList(tx, userId, list)));
  if (!stopped) throw invalid({ token: { key: 'error.library.badToken' } });
  return { ok: true as const };
}
