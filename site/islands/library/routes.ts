import type { Route } from '@kerygma/api/transport';
import type { Broadcaster, LiteSermon, Series, Speaker } from '@kerygma/domain/catalogue';
import type { FollowKind } from '../../stores/follows.ts';

/**
 * The listener's library calls (spec §7 Users) as islands send them: the route only (method and
 * path), never the zod contracts, which stay on the server (ARCHITECTURE.md, "API calls from
 * islands"). Routes and shapes are the library contracts' (packages/domain/src/contracts/library.ts).
 */

/** Follow (POST) and unfollow (DELETE) per kind; a speaker by display name. */
export const FOLLOW_PATHS: Record<FollowKind, { path: string; param: string }> = {
  broadcaster: { path: '/site/broadcasters/:broadcasterID', param: 'broadcasterID' },
  speaker: { path: '/site/speakers/:speakerName', param: 'speakerName' },
  series: { path: '/site/series/:seriesID', param: 'seriesID' },
  sermon: { path: '/site/sermons/:sermonID', param: 'sermonID' },
};

export const followCall = (kind: FollowKind, follow: boolean, id: string) => ({
  route: { method: follow ? 'POST' : 'DELETE', path: FOLLOW_PATHS[kind].path } satisfies Route,
  params: { [FOLLOW_PATHS[kind].param]: id },
});
export type FollowState = { followed: boolean };

/** Everything the user follows, at once (the follow buttons' batch call). */
export const USER_FOLLOWS: Route = { method: 'GET', path: '/site/users/follows' };
export type UserFollows = {
  broadcasters: string[];
  speakers: { speakerID: number; displayName: string }[];
  series: number[];
  sermons: string[];
};

/** A page of a list: `next` is the next page's address (with its keyset cursor), null on the last. */
export type Paged<T> = { totalCount: number | null; next: string | null; results: T[] };

/** Followed lists: `GET site/users/broadcasters|speakers|series|sermons`. */
export const FOLLOWED: Record<FollowKind, Route> = {
  broadcaster: { method: 'GET', path: '/site/users/broadcasters' },
  speaker: { method: 'GET', path: '/site/users/speakers' },
  series: { method: 'GET', path: '/site/users/series' },
  sermon: { method: 'GET', path: '/site/users/sermons' },
};
export type FollowedItem = Broadcaster | Speaker | Series | LiteSermon;

/** New sermons from what the user follows (keyset paging only). */
export const FEED: Route = { method: 'GET', path: '/site/users/feeds' };
export type FeedItem = { type: 'sermon'; sermon: LiteSermon };

/** Play history. `played_at`: epoch seconds. */
export const HISTORY: Route = { method: 'GET', path: '/site/history/sermons' };
export const HISTORY_CLEAR: Route = { method: 'DELETE', path: '/site/history/sermons' };
export const PLAY_POSITION: Route = { method: 'GET', path: '/site/history/sermons/:sermonID' };
export const RECORD_PLAY: Route = { method: 'POST', path: '/site/history/sermons/:sermonID' };
export const FORGET_PLAY: Route = { method: 'DELETE', path: '/site/history/sermons/:sermonID' };
export type HistorySermon = LiteSermon & { play_position: number; played_at: number };
export type PlayPosition = { sermonID: string; play_position: number; played_at: number | null };
/** `timestamp`: the device's clock (epoch ms): the latest wins when devices write out of order. */
export type RecordPlayBody = { play_position: number; timestamp?: number };

/** Bookmarks. */
export const BOOKMARKS: Route = { method: 'GET', path: '/site/bookmarks/sermons' };
export const BOOKMARK_STATE: Route = { method: 'GET', path: '/site/bookmarks/sermons/:sermonID' };
export const ADD_BOOKMARK: Route = { method: 'POST', path: '/site/bookmarks/sermons/:sermonID' };
export const REMOVE_BOOKMARK: Route = { method: 'DELETE', path: '/site/bookmarks/sermons/:sermonID' };
export type BookmarkState = { bookmarked: boolean };

/** The user record's My Church. */
export const UPDATE_USER: Route = { method: 'PATCH', path: '/site/users' };
/** A broadcaster and its newest sermons (the public catalogue). */
export const SERMONS: Route = { method: 'GET', path: '/node/sermons' };
export const BROADCASTER: Route = { method: 'GET', path: '/node/broadcasters/:broadcasterID' };

/** The query of the page after `list` (its `next` address's parameters), or null on the last page. */
export function nextPageQuery(list: Paged<unknown>): Record<string, string> | null {
  if (!list.next) return null;
  const url = new URL(list.next, 'http://x');
  return Object.fromEntries(url.searchParams);
}
