import type { Route } from '@kerygma/api/transport';
import type { LiteSermon } from '@kerygma/domain/catalogue';
import type { FollowKind } from '../../stores/follows.ts';

/**
 * The listener's library calls (spec §7 Users) as islands send them: the route only (method and
 * path), never the zod contracts, which stay on the server (ARCHITECTURE.md, "API calls from
 * islands"). The shapes are the contracts' (packages/domain/src/contracts/library.ts).
 */

/** Follow (POST), unfollow (DELETE), is it followed (GET), per kind; `:id` is a speaker's display name. */
export const FOLLOW_PATHS: Record<FollowKind, string> = {
  broadcaster: '/site/broadcasters/:id/follow',
  speaker: '/site/speakers/:id/follow',
  series: '/site/series/:id/follow',
  sermon: '/site/sermons/:id/follow',
};

export const followRoute = (kind: FollowKind, method: 'POST' | 'DELETE'): Route => ({
  method,
  path: FOLLOW_PATHS[kind],
});

/** The follow state of many items at once. */
export const FOLLOW_STATES: Route = { method: 'POST', path: '/site/users/follows' };
export type FollowStatesBody = { items: { type: FollowKind; id: string }[] };
export type FollowStates = { results: { type: FollowKind; id: string; followed: boolean }[] };

/** Followed lists: `GET site/users/broadcasters|speakers|series|sermons`. */
export const followedRoute = (kind: FollowKind): Route => ({
  method: 'GET',
  path: `/site/users/${kind === 'series' ? 'series' : `${kind}s`}`,
});

export type FollowedBroadcaster = { broadcasterID: string; displayName: string; location?: string | null };
export type FollowedSpeaker = { speakerID: number; displayName: string; sermonCount?: number };
export type FollowedSeries = { seriesID: number; title: string; broadcasterID?: string; count?: number };
export type Paged<T> = { results: T[]; totalCount?: number | null; next?: unknown };

/** New sermons from what the user follows. */
export const FEED: Route = { method: 'GET', path: '/site/users/feeds' };
export type FeedPage = Paged<{ type?: string; sermon?: LiteSermon } | LiteSermon>;

/** Play history. */
export const HISTORY: Route = { method: 'GET', path: '/site/history/sermons' };
export const HISTORY_CLEAR: Route = { method: 'DELETE', path: '/site/history/sermons' };
export const HISTORY_ONE: Route = { method: 'GET', path: '/site/history/sermons/:sermonID' };
export const HISTORY_SAVE: Route = { method: 'POST', path: '/site/history/sermons/:sermonID' };
export const HISTORY_FORGET: Route = { method: 'DELETE', path: '/site/history/sermons/:sermonID' };
/** One sermon's play history: seconds in, and when (epoch seconds). */
export type HistoryEntry = { sermonID: string; play_position: number; updated: number; sermon?: LiteSermon };
export type HistoryBody = { play_position: number };

/** Bookmarks. */
export const BOOKMARKS: Route = { method: 'GET', path: '/site/bookmarks/sermons' };
export const BOOKMARK_ONE: Route = { method: 'GET', path: '/site/bookmarks/sermons/:sermonID' };
export const BOOKMARK_ADD: Route = { method: 'POST', path: '/site/bookmarks/sermons/:sermonID' };
export const BOOKMARK_REMOVE: Route = { method: 'DELETE', path: '/site/bookmarks/sermons/:sermonID' };
export type BookmarkEntry = { sermonID: string; sermon?: LiteSermon };

/** The user record's My Church. */
export const UPDATE_USER: Route = { method: 'PATCH', path: '/site/users' };
/** A broadcaster's newest sermons (the public catalogue list). */
export const SERMONS: Route = { method: 'GET', path: '/node/sermons' };
export const BROADCASTER: Route = { method: 'GET', path: '/node/broadcasters/:broadcasterID' };
