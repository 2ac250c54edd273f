import type { Route } from '@kerygma/api/transport';
import type { Broadcaster, LiteSermon, Series, Speaker } from '@kerygma/domain/catalogue';
import type { ContractRequest, ContractResponse } from '@kerygma/domain/contracts/contract';
import type { contracts } from '@kerygma/domain/contracts/index';
import type { libraryContracts } from '@kerygma/domain/contracts/library';
import type { FollowKind } from '../../stores/follows.ts';

/**
 * The listener's library calls (spec §7 Users) as islands send them: the route only (method and
 * path, checked against its contract), never the zod contracts, which stay on the server
 * (ARCHITECTURE.md, "API calls from islands"); the shapes are the contracts' types.
 */
type L = typeof libraryContracts;
type RouteOf<K extends keyof L> = Pick<L[K], 'method' | 'path'>;
const route = <K extends keyof L>(_: K, r: RouteOf<K>): Route => r;

/** Follow (POST) and unfollow (DELETE) per kind; a speaker by display name. */
const FOLLOW: Record<FollowKind, { follow: Route; unfollow: Route; param: string }> = {
  broadcaster: {
    follow: route('followBroadcaster', { method: 'POST', path: '/site/broadcasters/:broadcasterID' }),
    unfollow: route('unfollowBroadcaster', { method: 'DELETE', path: '/site/broadcasters/:broadcasterID' }),
    param: 'broadcasterID',
  },
  speaker: {
    follow: route('followSpeaker', { method: 'POST', path: '/site/speakers/:speakerName' }),
    unfollow: route('unfollowSpeaker', { method: 'DELETE', path: '/site/speakers/:speakerName' }),
    param: 'speakerName',
  },
  series: {
    follow: route('followSeries', { method: 'POST', path: '/site/series/:seriesID' }),
    unfollow: route('unfollowSeries', { method: 'DELETE', path: '/site/series/:seriesID' }),
    param: 'seriesID',
  },
  sermon: {
    follow: route('followSermon', { method: 'POST', path: '/site/sermons/:sermonID' }),
    unfollow: route('unfollowSermon', { method: 'DELETE', path: '/site/sermons/:sermonID' }),
    param: 'sermonID',
  },
};

export const followCall = (kind: FollowKind, follow: boolean, id: string) => ({
  route: follow ? FOLLOW[kind].follow : FOLLOW[kind].unfollow,
  params: { [FOLLOW[kind].param]: id },
});
export type FollowState = ContractResponse<L['followBroadcaster']>;

/** Everything the user follows, at once (the follow buttons' batch call). */
export const USER_FOLLOWS = route('userFollows', { method: 'GET', path: '/site/users/follows' });
export type UserFollows = ContractResponse<L['userFollows']>;

/** A page of a list: `next` is the next page's address (with its keyset cursor), null on the last. */
export type Paged<T> = { totalCount: number | null; next: string | null; results: T[] };

/** Followed lists: `GET site/users/broadcasters|speakers|series|sermons`. */
export const FOLLOWED: Record<FollowKind, Route> = {
  broadcaster: route('followedBroadcasters', { method: 'GET', path: '/site/users/broadcasters' }),
  speaker: route('followedSpeakers', { method: 'GET', path: '/site/users/speakers' }),
  series: route('followedSeries', { method: 'GET', path: '/site/users/series' }),
  sermon: route('followedSermons', { method: 'GET', path: '/site/users/sermons' }),
};
export type FollowedItem = Broadcaster | Speaker | Series | LiteSermon;

/** New sermons from what the user follows (keyset paging only). */
export const FEED = route('userFeed', { method: 'GET', path: '/site/users/feeds' });
export type FeedItem = ContractResponse<L['userFeed']>['results'][number];

/** The webcasts not ended of the broadcasters the user follows, live first (keyset paging only). */
export const WEBCAST_FEED = route('userWebcastFeed', { method: 'GET', path: '/site/users/feeds/webcasts' });
export type FeedWebcast = ContractResponse<L['userWebcastFeed']>['results'][number];

/** Play history. `played_at`: epoch seconds. */
export const HISTORY = route('historyList', { method: 'GET', path: '/site/history/sermons' });
export const HISTORY_CLEAR = route('clearHistory', { method: 'DELETE', path: '/site/history/sermons' });
export const PLAY_POSITION = route('playPosition', { method: 'GET', path: '/site/history/sermons/:sermonID' });
export const RECORD_PLAY = route('recordPlay', { method: 'POST', path: '/site/history/sermons/:sermonID' });
export const FORGET_PLAY = route('forgetPlay', { method: 'DELETE', path: '/site/history/sermons/:sermonID' });
export type HistorySermon = ContractResponse<L['historyList']>['results'][number];
export type PlayPosition = ContractResponse<L['playPosition']>;
/** `timestamp`: the device's clock (epoch ms): the latest wins when devices write out of order. */
export type RecordPlayBody = ContractRequest<L['recordPlay']>['body'];

/** Bookmarks. */
export const BOOKMARKS = route('bookmarkList', { method: 'GET', path: '/site/bookmarks/sermons' });
export const BOOKMARK_STATE = route('bookmarkState', { method: 'GET', path: '/site/bookmarks/sermons/:sermonID' });
export const ADD_BOOKMARK = route('addBookmark', { method: 'POST', path: '/site/bookmarks/sermons/:sermonID' });
export const REMOVE_BOOKMARK = route('removeBookmark', { method: 'DELETE', path: '/site/bookmarks/sermons/:sermonID' });
export type BookmarkState = ContractResponse<L['bookmarkState']>;

type C = typeof contracts;
/** The user record's My Church (`PATCH site/users`, from the profile work; not in this branch's contracts yet). */
export const UPDATE_USER: Route = { method: 'PATCH', path: '/site/users' };
/** A broadcaster and its newest sermons (the public catalogue). */
export const SERMONS = { method: 'GET', path: '/node/sermons' } as const satisfies Pick<
  C['sermonList'],
  'method' | 'path'
>;
export const BROADCASTER = { method: 'GET', path: '/node/broadcasters/:broadcasterID' } as const satisfies Pick<
  C['broadcasterDetail'],
  'method' | 'path'
>;

/** The query of the page after `list` (its `next` address's parameters), or null on the last page. */
export function nextPageQuery(list: Paged<unknown>): Record<string, string> | null {
  if (!list.next) return null;
  const url = new URL(list.next, 'http://x');
  return Object.fromEntries(url.searchParams);
}
