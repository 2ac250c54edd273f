import { z } from 'zod';
import { LIBRARY_RULES } from '../account-rules.ts';
import { broadcasterSchema, listSchema, liteSermonSchema, seriesSchema, speakerSchema } from '../catalogue.ts';
import { PAGE_SIZES, pageNumber, pageSize } from '../query.ts';
import { contract } from './contract.ts';
import { broadcasterIdParams, sermonIdParams } from './params.ts';
import { webcastLiteSchema } from './webcasts.ts';

/** The listeners' e-mails one can leave with a click: the daily digest, the go-live e-mails. */
export const MAIL_LISTS = ['digest', 'webcasts'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

/**
 * The listener's library (spec §7 Users, §3 Followed item and Play history): follows, the lists
 * of what a user follows, the feed of new sermons from them, play history with the position to
 * resume from, bookmarks, and the daily digest's one-click unsubscribe. Every call but the
 * unsubscribe is the signed-in user's own (`auth: 'session'`): 401 signed out, and a write with
 * the session cookie from another site is a 403.
 */

const tag = 'Library';
const limit = LIBRARY_RULES.followMaxPerKind;

export const followStateSchema = z.object({ followed: z.boolean() });
export const bookmarkStateSchema = z.object({ bookmarked: z.boolean() });
const done = z.object({ ok: z.literal(true) });

/** Keyset paging as the catalogue lists have it: `next` carries the cursor of the next page. */
export const libraryListQuery = z.object({
  page: pageNumber,
  pageSize: pageSize(PAGE_SIZES.sermons),
  cursor: z.string().max(500).optional(),
});

/** Everything the user follows, by kind: the follow buttons' store is filled from it at once. */
export const userFollowsSchema = z.object({
  broadcasters: z.array(z.string()),
  /** Speakers are followed by their display name (spec §3); the id comes along. */
  speakers: z.array(z.object({ speakerID: z.number().int(), displayName: z.string() })),
  series: z.array(z.number().int()),
  sermons: z.array(z.string()),
});

/** A feed item (spec §3 feed item types); only sermons exist in the catalogue so far. */
export const feedItemSchema = z.object({ type: z.literal('sermon'), sermon: liteSermonSchema });

/** Where the user stopped in a sermon. `played_at`: epoch seconds; null when never played. */
export const playPositionSchema = z.object({
  sermonID: z.string(),
  play_position: z.number().min(0),
  played_at: z.number().int().nullable(),
});

/** A sermon of the play history: the sermon as lists show it, with where the user stopped. */
export const historySermonSchema = liteSermonSchema.extend({
  play_position: z.number().min(0),
  played_at: z.number().int(),
});

const speakerParams = z.object({ speakerName: z.string().min(1).max(300) });
const seriesParams = z.object({
  seriesID: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** The three calls of one kind of follow: follow, unfollow, is it followed. */
function followContracts<const P extends z.ZodObject, const Path extends string>(
  kind: string,
  path: Path,
  params: P,
  note: string,
) {
  return {
    follow: contract({
      method: 'POST',
      path,
      tag,
      summary: `Follow a ${kind}`,
      description: `Follows the ${kind} (${note}); following it again changes nothing. At most ${limit} ${kind === 'series' ? 'series' : `${kind}s`} per user: a 409 beyond. 404 when there is no such ${kind}.`,
      auth: 'session',
      params,
      responses: { 200: followStateSchema },
      errors: [401, 403, 404, 409],
    }),
    unfollow: contract({
      method: 'DELETE',
      path,
      tag,
      summary: `Unfollow a ${kind}`,
      description: `Stops following the ${kind}; answers \`followed: false\` whether or not it was followed. 404 when there is no such ${kind}.`,
      auth: 'session',
      params,
      responses: { 200: followStateSchema },
      errors: [401, 403, 404],
    }),
    followed: contract({
      method: 'GET',
      path: `${path}/followed` as `${Path}/followed`,
      tag,
      summary: `Is the ${kind} followed`,
      description: `Whether the signed-in user follows the ${kind}. 404 when there is no such ${kind}.`,
      auth: 'session',
      params,
      responses: { 200: followStateSchema },
      errors: [401, 404],
    }),
  };
}

const broadcasters = followContracts('broadcaster', '/site/broadcasters/:broadcasterID', broadcasterIdParams, 'its id');
const speakers = followContracts(
  'speaker',
  '/site/speakers/:speakerName',
  speakerParams,
  'by display name, in any case',
);
const series = followContracts('series', '/site/series/:seriesID', seriesParams, 'its id');
const sermons = followContracts('sermon', '/site/sermons/:sermonID', sermonIdParams, 'its id');

const pagedNote =
  'Newest first, `pageSize` (default 25, at most 100) a page; `next` is the next page with its keyset cursor, null on the last.';

export const libraryContracts = {
  followBroadcaster: broadcasters.follow,
  unfollowBroadcaster: broadcasters.unfollow,
  broadcasterFollowed: broadcasters.followed,
  followSpeaker: speakers.follow,
  unfollowSpeaker: speakers.unfollow,
  speakerFollowed: speakers.followed,
  followSeries: series.follow,
  unfollowSeries: series.unfollow,
  seriesFollowed: series.followed,
  followSermon: sermons.follow,
  unfollowSermon: sermons.unfollow,
  sermonFollowed: sermons.followed,
  userFollows: contract({
    method: 'GET',
    path: '/site/users/follows',
    tag,
    summary: 'Everything the user follows',
    description:
      "The ids of every broadcaster, speaker (with its display name), series and sermon the signed-in user follows, for a page's follow buttons after sign-in: one call, read from the follow tables' keys.",
    auth: 'session',
    responses: { 200: userFollowsSchema },
    errors: [401],
  }),
  followedBroadcasters: contract({
    method: 'GET',
    path: '/site/users/broadcasters',
    tag,
    summary: 'Broadcasters the user follows',
    description: `The broadcasters the signed-in user follows, most recently followed first. ${pagedNote}`,
    auth: 'session',
    query: libraryListQuery,
    responses: { 200: listSchema(broadcasterSchema) },
    errors: [401],
  }),
  followedSpeakers: contract({
    method: 'GET',
    path: '/site/users/speakers',
    tag,
    summary: 'Speakers the user follows',
    description: `The speakers the signed-in user follows, most recently followed first. ${pagedNote}`,
    auth: 'session',
    query: libraryListQuery,
    responses: { 200: listSchema(speakerSchema) },
    errors: [401],
  }),
  followedSeries: contract({
    method: 'GET',
    path: '/site/users/series',
    tag,
    summary: 'Series the user follows',
    description: `The series the signed-in user follows, most recently followed first. ${pagedNote}`,
    auth: 'session',
    query: libraryListQuery,
    responses: { 200: listSchema(seriesSchema) },
    errors: [401],
  }),
  followedSermons: contract({
    method: 'GET',
    path: '/site/users/sermons',
    tag,
    summary: 'Sermons the user follows',
    description: `The published sermons the signed-in user follows (lite), most recently followed first. ${pagedNote}`,
    auth: 'session',
    query: libraryListQuery,
    responses: { 200: listSchema(liteSermonSchema) },
    errors: [401],
  }),
  userFeed: contract({
    method: 'GET',
    path: '/site/users/feeds',
    tag,
    summary: 'New sermons from what the user follows',
    description:
      'Published sermons of the broadcasters, speakers and series the signed-in user follows (each once), newest published first, lite. Paged by keyset only: a page after the first needs the cursor of the page before (follow `next`); `totalCount` is null.',
    auth: 'session',
    query: libraryListQuery,
    responses: { 200: listSchema(feedItemSchema) },
    errors: [401],
  }),
  userWebcastFeed: contract({
    method: 'GET',
    path: '/site/users/feeds/webcasts',
    tag,
    summary: 'Webcasts of the broadcasters the user follows',
    description:
      'The webcasts not yet ended of the broadcasters the signed-in user follows (at most one each): live ones first, then those offline for a moment (a publisher may come back), then those announced and not started; newest start first within each (lite). Paged by keyset only, as the feed: follow `next`; `totalCount` is null.',
    auth: 'session',
    query: libraryListQuery,
    responses: { 200: listSchema(webcastLiteSchema) },
    errors: [401],
  }),
  historyList: contract({
    method: 'GET',
    path: '/site/history/sermons',
    tag,
    summary: 'Play history',
    description: `Published sermons the signed-in user played, most recently played first, each with where they stopped (\`play_position\`, seconds) and when (\`played_at\`, epoch seconds). The ${LIBRARY_RULES.historyMax} most recent are kept. ${pagedNote}`,
    auth: 'session',
    query: libraryListQuery,
    responses: { 200: listSchema(historySermonSchema) },
    errors: [401],
  }),
  playPosition: contract({
    method: 'GET',
    path: '/site/history/sermons/:sermonID',
    tag,
    summary: 'Where the user stopped in a sermon',
    description:
      'The position to resume from, on any device: `play_position` in seconds (0 and `played_at` null when never played). 404 when there is no such sermon.',
    auth: 'session',
    params: sermonIdParams,
    responses: { 200: playPositionSchema },
    errors: [401, 404],
  }),
  recordPlay: contract({
    method: 'POST',
    path: '/site/history/sermons/:sermonID',
    tag,
    summary: 'Record where the user is in a sermon',
    description:
      "Stores `play_position` (seconds) for the sermon and puts it first in the history. With `timestamp` (the device's clock, epoch milliseconds) the latest timestamp wins when devices write out of order; a time in the future counts as now. Answers what is stored (an older write answers the newer position it lost to). 404 when there is no such sermon.",
    auth: 'session',
    params: sermonIdParams,
    body: z.object({
      play_position: z.coerce
        .number()
        .min(0)
        .max(7 * 24 * 3600),
      timestamp: z.coerce.number().int().min(0).max(8.64e15).optional(),
    }),
    responses: { 200: playPositionSchema },
    errors: [401, 403, 404],
  }),
  forgetPlay: contract({
    method: 'DELETE',
    path: '/site/history/sermons/:sermonID',
    tag,
    summary: 'Remove a sermon from the history',
    description: 'Removes the sermon and its position from the play history (no error when it was not there).',
    auth: 'session',
    params: sermonIdParams,
    responses: { 200: done },
    errors: [401, 403],
  }),
  clearHistory: contract({
    method: 'DELETE',
    path: '/site/history/sermons',
    tag,
    summary: 'Clear the play history',
    description: "Removes every sermon from the signed-in user's play history.",
    auth: 'session',
    responses: { 200: done },
    errors: [401, 403],
  }),
  bookmarkList: contract({
    method: 'GET',
    path: '/site/bookmarks/sermons',
    tag,
    summary: 'Bookmarked sermons',
    description: `The published sermons the signed-in user bookmarked (lite), most recently bookmarked first. ${pagedNote}`,
    auth: 'session',
    query: libraryListQuery,
    responses: { 200: listSchema(liteSermonSchema) },
    errors: [401],
  }),
  bookmarkState: contract({
    method: 'GET',
    path: '/site/bookmarks/sermons/:sermonID',
    tag,
    summary: 'Is the sermon bookmarked',
    description: 'Whether the signed-in user bookmarked the sermon. 404 when there is no such sermon.',
    auth: 'session',
    params: sermonIdParams,
    responses: { 200: bookmarkStateSchema },
    errors: [401, 404],
  }),
  addBookmark: contract({
    method: 'POST',
    path: '/site/bookmarks/sermons/:sermonID',
    tag,
    summary: 'Bookmark a sermon',
    description: `Adds the sermon to the user's bookmarks (again: no change). At most ${LIBRARY_RULES.bookmarkMax}: a 409 beyond. 404 when there is no such sermon.`,
    auth: 'session',
    params: sermonIdParams,
    responses: { 200: bookmarkStateSchema },
    errors: [401, 403, 404, 409],
  }),
  removeBookmark: contract({
    method: 'DELETE',
    path: '/site/bookmarks/sermons/:sermonID',
    tag,
    summary: 'Remove a bookmark',
    description: "Removes the sermon from the user's bookmarks (no error when it was not there).",
    auth: 'session',
    params: sermonIdParams,
    responses: { 200: bookmarkStateSchema },
    errors: [401, 403],
  }),
  mailUnsubscribe: contract({
    method: 'POST',
    path: '/site/users/unsubscribe',
    tag,
    summary: 'Stop the daily digest or the go-live e-mails (one click)',
    description:
      "The listeners' e-mails' List-Unsubscribe address (RFC 8058 one-click: mail programs POST `List-Unsubscribe=One-Click` to it): turns the account's `notify_email` (`list=digest`, the default) or `notify_webcast_email` (`list=webcasts`) off without signing in. The token in the address is signed by the server for that account and that list; a wrong token is a 400.",
    query: z.object({ token: z.string().min(1).max(200), list: z.enum(MAIL_LISTS).default('digest') }),
    body: z.record(z.string(), z.string()).optional(),
    responses: { 200: done },
  }),
};
