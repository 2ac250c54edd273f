import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Contract, methodsOf } from '@kerygma/domain/contracts/contract';
import { contracts } from '@kerygma/domain/contracts/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { API_BASE } from '../http/api-base.ts';
import { authorizedRoutes } from '../http/route.ts';
import { createApiKey } from '../media/api-keys.ts';
import { uploadReceived } from '../media/media-state.ts';
import { insertUpload } from '../media/uploads/uploads.queries.ts';
import {
  graceInvite,
  graceManager,
  graceNotice,
  newAddress,
  newChurchId,
  pendingSignup,
} from '../test/broadcaster-account-fixtures.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { testUser } from '../test/users.ts';
import { saveTranscriptRow } from '../transcripts/transcripts.queries.ts';
import { insertMulticast } from '../webcasts/multicast/multicast.queries.ts';
import { streamSecrets } from '../webcasts/multicast/stream-secrets.ts';

/**
 * THE PERMISSION TABLE: every protected endpoint, and what each caller gets.
 *
 * To add an endpoint: add one row below, named by its contract (`contracts` in
 * packages/domain/src/contracts), with the request to make and the status each caller should
 * get, in the column order of CALLERS. The request may be a function of the fixture (below) when
 * it needs something made first (an upload, a comment); it runs once per caller, on fresh
 * callers, so a call that signs out or deletes does not spoil the next column.
 *
 * The check at the end fails while a contract with `auth`, or a route registered with an
 * `authorize` guard, has no row here. Every refusal (401/403) must leave the database as it was.
 *
 * The broadcaster is `gracechurch` (sermons 1000-1029, 1900-1902); `radiovida` is another one.
 */
const CALLERS = [
  'anonymous',
  'listener',
  'otherManager',
  'admin',
  'uploader',
  'biller',
  'siteAdmin',
  'apiKey',
] as const;
type Caller = (typeof CALLERS)[number];
type Statuses = readonly [number, number, number, number, number, number, number, number];

/** `url` below the API base, or (`atRoot`) below the site root. */
type Request = { method: string; url: string; body?: object; atRoot?: true };
type Fixture = { db: Db; mediaDir: string };
type Row = {
  /** A contract's name, or (for a route without a contract, or one protected only by a parameter) a label. */
  name: string;
  request: Request | ((f: Fixture) => Promise<Request>);
  //        anonymous listener otherManager admin uploader biller siteAdmin apiKey
  expect: Statuses;
};

const ROWS: Row[] = [
  // Accounts (accounts.routes.ts)
  {
    name: 'currentUser',
    request: { method: 'GET', url: '/site/users' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'signOutEverywhere',
    request: { method: 'POST', url: '/site/users/logout_all' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  // Broadcasters: the signed-in user's own (spec §6); an API key is no user.
  {
    name: 'broadcasterList?linkedOnly',
    request: { method: 'GET', url: '/node/broadcasters?linkedOnly=true' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  // Media (media/uploads, media/pipeline): the key, or an Uploader (Admins and site admins too).
  {
    name: 'startUpload',
    request: { method: 'POST', url: '/media', body: { sermonID: '1003', uploadType: 'original-audio' } },
    expect: [401, 403, 403, 201, 201, 403, 201, 201],
  },
  {
    name: 'continueUpload',
    request: async (f) => ({ method: 'PUT', url: `/media/${await twoStepUpload(f)}/continue` }),
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  {
    name: 'continueLatestUpload',
    request: async (f) => ({ method: 'PUT', url: '/media/continue', body: { guid: await twoStepUpload(f) } }),
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  {
    name: 'encodeAgain',
    request: { method: 'POST', url: '/jobs/encode', body: { sermonID: '1004', target: 'audio' } },
    expect: [401, 403, 403, 202, 202, 403, 202, 202],
  },
  {
    name: 'deleteMedia',
    request: { method: 'POST', url: '/jobs/delete', body: { sermonID: '1003', target: 'pdf' } },
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  {
    name: 'encodingOptions',
    request: { method: 'PATCH', url: '/node/sermons/1003/encoding_options', body: { videoThumbPosition: 5 } },
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  // Any manager of the broadcaster (a Biller too).
  {
    name: 'mediaTracker',
    request: { method: 'GET', url: '/node/sermons/1003/media_tracker' },
    expect: [401, 403, 403, 200, 200, 200, 200, 200],
  },
  // Originals (media/serving/originals.ts, outside the API base): to no one else, not even their existence.
  {
    name: 'GET /media/<sermon>/original/<file>',
    request: { method: 'GET', url: '/media/1004/original/kept.mp3', atRoot: true },
    expect: [404, 404, 404, 200, 200, 200, 200, 200],
  },
  // Transcripts (transcripts/): signed-in users read a published one; drafts and changes are the broadcaster's (its managers, its key).
  {
    name: 'sermonTranscript',
    request: async (f) => ({
      method: 'GET',
      url: `/node/sermons/${await transcribed(f, '1005', 'published')}/transcript`,
    }),
    expect: [401, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    name: 'sermonTranscript (a draft)',
    request: async (f) => ({ method: 'GET', url: `/node/sermons/${await transcribed(f, '1006', 'draft')}/transcript` }),
    expect: [401, 404, 404, 200, 200, 200, 200, 200],
  },
  {
    name: 'updateSermonTranscript',
    request: async (f) => ({
      method: 'PUT',
      url: `/node/sermons/${await transcribed(f, '1006', 'draft')}/transcript`,
      body: { segments: [{ start: 0, end: 2.5, text: 'Grace and peace to you.' }] },
    }),
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  {
    name: 'publishSermonCaptions',
    request: async (f) => ({
      method: 'POST',
      url: `/node/sermons/${await transcribed(f, '1007', 'draft')}/transcript/publish`,
    }),
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  // 503: this app has no speech-to-text engine.
  {
    name: 'transcribeSermon',
    request: { method: 'POST', url: '/node/sermons/1000/transcript/transcribe' },
    expect: [401, 403, 403, 503, 503, 403, 503, 503],
  },
  // Webcasts (webcasts/): settings, stream key, statistics and health are its managers' (any role, its key).
  {
    name: 'webcastDefaults',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/webcast_metadata' },
    expect: [401, 403, 403, 200, 200, 200, 200, 200],
  },
  {
    name: 'updateWebcastDefaults',
    request: {
      method: 'PUT',
      url: '/node/broadcasters/gracechurch/webcast_metadata',
      body: { defaultWebcastTitle: 'Sunday worship' },
    },
    expect: [401, 403, 403, 200, 200, 200, 200, 200],
  },
  {
    // Lifting the pause after a server stop (spec §8): the broadcaster's managers only, as its settings.
    name: 'updateWebcastDefaults resumeWebcasting',
    request: {
      method: 'PUT',
      url: '/node/broadcasters/gracechurch/webcast_metadata',
      body: { resumeWebcasting: true },
    },
    expect: [401, 403, 403, 200, 200, 200, 200, 200],
  },
  {
    name: 'broadcasterWebcastTotals',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/webcasts/stats/totals' },
    expect: [401, 403, 403, 200, 200, 200, 200, 200],
  },
  {
    name: 'updateWebcast',
    request: async (f) => ({
      method: 'PUT',
      url: `/webcasts/${await endedWebcast(f)}/webcast_metadata`,
      body: { title: 'Evening worship' },
    }),
    expect: [401, 403, 403, 200, 200, 200, 200, 200],
  },
  {
    name: 'webcastStats',
    request: async (f) => ({ method: 'GET', url: `/webcasts/${await endedWebcast(f)}/stats` }),
    expect: [401, 403, 403, 200, 200, 200, 200, 200],
  },
  {
    name: 'webcastHealth',
    request: async (f) => ({ method: 'GET', url: `/webcasts/${await endedWebcast(f)}/health` }),
    expect: [401, 403, 403, 200, 200, 200, 200, 200],
  },
  // Scheduled webcasts (webcasts/webcast-schedule.ts): its managers' (any role, its key), as the settings.
  {
    name: 'createScheduledWebcast',
    request: async (f) => {
      await webcasting(f);
      return {
        method: 'POST',
        url: '/node/broadcasters/gracechurch/webcasts/scheduled',
        body: { title: 'Carol service', startDate: new Date(Date.now() + 86_400_000).toISOString() },
      };
    },
    expect: [401, 403, 403, 201, 201, 201, 201, 201],
  },
  {
    name: 'updateScheduledWebcast',
    request: async (f) => ({
      method: 'PATCH',
      url: `/node/broadcasters/gracechurch/webcasts/scheduled/${await scheduledWebcast(f)}`,
      body: { title: 'Carols by candlelight' },
    }),
    expect: [401, 403, 403, 200, 200, 200, 200, 200],
  },
  {
    name: 'deleteScheduledWebcast',
    request: async (f) => ({
      method: 'DELETE',
      url: `/node/broadcasters/gracechurch/webcasts/scheduled/${await scheduledWebcast(f)}`,
    }),
    expect: [401, 403, 403, 200, 200, 200, 200, 200],
  },
  // The health of every webcast on air (/admin/webcast-health): site admins only.
  {
    name: 'webcastHealthOverview',
    request: { method: 'GET', url: '/admin/webcasts/health' },
    expect: [401, 403, 403, 403, 403, 403, 200, 401],
  },
  // The raw transcript file (media/serving): signed-in users only (spec §6).
  {
    name: 'GET /media/<sermon>/r/transcript/<run>/transcript.<language>.txt',
    request: async (f) => {
      const key = '1005/r/transcript/run/transcript.en.txt';
      mkdirSync(path.join(f.mediaDir, path.dirname(key)), { recursive: true });
      writeFileSync(path.join(f.mediaDir, key), 'Grace and peace to you.\n');
      return { method: 'GET', url: `/media/${key}`, atRoot: true };
    },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  // The account's own (accounts.routes.ts): any signed-in user; 400 is past the guard, at the input.
  {
    name: 'updateUser',
    request: { method: 'PATCH', url: '/site/users', body: { display_location: 'Leeds' } },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'changePassword',
    request: { method: 'POST', url: '/site/users/change_password', body: {} },
    expect: [401, 400, 400, 400, 400, 400, 400, 401],
  },
  {
    name: 'changeEmail',
    request: { method: 'POST', url: '/site/users/change_email', body: {} },
    expect: [401, 400, 400, 400, 400, 400, 400, 401],
  },
  {
    name: 'uploadProfilePicture',
    request: { method: 'POST', url: '/site/users/upload_profile_picture' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  // An unknown upload slot is no one's: 404 before anything else is told.
  {
    name: 'putProfilePicture',
    request: { method: 'PUT', url: '/site/users/profile_picture/00000000-0000-4000-8000-000000000000' },
    expect: [404, 404, 404, 404, 404, 404, 404, 404],
  },
  {
    name: 'deleteProfilePicture',
    request: { method: 'POST', url: '/site/users/delete_profile_picture' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'deleteUser',
    request: { method: 'DELETE', url: '/site/users', body: {} },
    expect: [401, 400, 400, 400, 400, 400, 400, 401],
  },
  {
    name: 'activateDevice',
    request: { method: 'POST', url: '/site/device/activate', body: { userCode: 'BCDFGHJK' } },
    expect: [401, 400, 400, 400, 400, 400, 400, 401],
  },
  // The listener's library (library.routes.ts): the signed-in user's own.
  {
    name: 'followBroadcaster',
    request: { method: 'POST', url: '/site/broadcasters/gracechurch' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'unfollowBroadcaster',
    request: { method: 'DELETE', url: '/site/broadcasters/gracechurch' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'broadcasterFollowed',
    request: { method: 'GET', url: '/site/broadcasters/gracechurch/followed' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'followSpeaker',
    request: { method: 'POST', url: '/site/speakers/John%20Owen' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'unfollowSpeaker',
    request: { method: 'DELETE', url: '/site/speakers/John%20Owen' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'speakerFollowed',
    request: { method: 'GET', url: '/site/speakers/John%20Owen/followed' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'followSeries',
    request: { method: 'POST', url: '/site/series/10' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'unfollowSeries',
    request: { method: 'DELETE', url: '/site/series/10' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'seriesFollowed',
    request: { method: 'GET', url: '/site/series/10/followed' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'followSermon',
    request: { method: 'POST', url: '/site/sermons/1000' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'unfollowSermon',
    request: { method: 'DELETE', url: '/site/sermons/1000' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'sermonFollowed',
    request: { method: 'GET', url: '/site/sermons/1000/followed' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'userFollows',
    request: { method: 'GET', url: '/site/users/follows' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'followedBroadcasters',
    request: { method: 'GET', url: '/site/users/broadcasters' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'followedSpeakers',
    request: { method: 'GET', url: '/site/users/speakers' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'followedSeries',
    request: { method: 'GET', url: '/site/users/series' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'followedSermons',
    request: { method: 'GET', url: '/site/users/sermons' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'userFeed',
    request: { method: 'GET', url: '/site/users/feeds' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'userWebcastFeed',
    request: { method: 'GET', url: '/site/users/feeds/webcasts' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'historyList',
    request: { method: 'GET', url: '/site/history/sermons' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'playPosition',
    request: { method: 'GET', url: '/site/history/sermons/1000' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'bookmarkList',
    request: { method: 'GET', url: '/site/bookmarks/sermons' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'bookmarkState',
    request: { method: 'GET', url: '/site/bookmarks/sermons/1000' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'recordPlay',
    request: { method: 'POST', url: '/site/history/sermons/1000', body: { play_position: 30 } },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'forgetPlay',
    request: { method: 'DELETE', url: '/site/history/sermons/1000' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'clearHistory',
    request: { method: 'DELETE', url: '/site/history/sermons' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'addBookmark',
    request: { method: 'POST', url: '/site/bookmarks/sermons/1000' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'removeBookmark',
    request: { method: 'DELETE', url: '/site/bookmarks/sermons/1000' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  // Comments (comments.routes.ts): any verified user posts and reads their own; the sermon's
  // broadcaster's managers (any role) and site admins review and delete others' comments.
  {
    name: 'postComment',
    request: {
      method: 'POST',
      url: '/sermon_comments/sermon/1000',
      body: { comment: 'A faithful sermon, thank you.' },
    },
    expect: [401, 201, 201, 201, 201, 201, 201, 401],
  },
  {
    name: 'userComments',
    request: { method: 'GET', url: '/sermon_comments/user' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'pendingComments',
    request: { method: 'GET', url: '/sermon_comments/broadcaster/gracechurch/pending' },
    expect: [401, 403, 403, 200, 200, 200, 200, 401],
  },
  {
    name: 'reviewComment',
    request: async (f) => ({
      method: 'PATCH',
      url: `/sermon_comments/comment/${await someonesComment(f)}`,
      body: { state: 'approved' },
    }),
    expect: [401, 403, 403, 200, 200, 200, 200, 401],
  },
  {
    name: 'deleteComment',
    request: async (f) => ({ method: 'DELETE', url: `/sermon_comments/comment/${await someonesComment(f)}` }),
    expect: [401, 403, 403, 200, 200, 200, 200, 401],
  },
  // Past the guard, the fixture's broadcaster takes no messages (no contact address): 409.
  {
    name: 'messageBroadcaster',
    request: {
      method: 'POST',
      url: '/node/broadcasters/gracechurch/message_from_user',
      body: { subject: 'A question', message: 'When is the evening service held?' },
    },
    expect: [401, 409, 409, 409, 409, 409, 409, 401],
  },
  // The broadcaster account (broadcaster-account/): sign-up for any verified user, its approval for
  // site admins; settings, managers, invites, connections and the API key for Admins; notices and
  // highlighted sermons for Uploaders; donations and the bill for Billers; figures for any manager.
  // 503 is past the guard: no connection has credentials configured.
  {
    name: 'createBroadcaster',
    request: async () => ({
      method: 'POST',
      url: '/node/broadcasters',
      body: { broadcasterID: newChurchId(), displayName: 'A church', acceptArticlesOfFaith: true },
    }),
    expect: [401, 201, 201, 201, 201, 201, 201, 401],
  },
  {
    name: 'mySignups',
    request: { method: 'GET', url: '/site/users/broadcaster_signups' },
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'pendingSignups',
    request: { method: 'GET', url: '/admin/broadcaster_signups' },
    expect: [401, 403, 403, 403, 403, 403, 200, 401],
  },
  {
    name: 'approveSignup',
    request: async (f) => ({ method: 'POST', url: `/admin/broadcaster_signups/${await pendingSignup(f.db)}/approve` }),
    expect: [401, 403, 403, 403, 403, 403, 200, 401],
  },
  {
    name: 'rejectSignup',
    request: async (f) => ({ method: 'POST', url: `/admin/broadcaster_signups/${await pendingSignup(f.db)}/reject` }),
    expect: [401, 403, 403, 403, 403, 403, 200, 401],
  },
  {
    name: 'broadcasterPrivateData',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/private_data' },
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'updateBroadcaster',
    request: { method: 'PATCH', url: '/node/broadcasters/gracechurch', body: { phone: '717-555-0100' } },
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'emailSettings',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/email_settings' },
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'updateEmailSettings',
    request: { method: 'PATCH', url: '/node/broadcasters/gracechurch/email_settings', body: { weeklyStats: true } },
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'podcastSettings',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/podcast_settings' },
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'updatePodcastSettings',
    request: { method: 'PATCH', url: '/node/broadcasters/gracechurch/podcast_settings', body: { locked: true } },
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'donationSettings',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/donations' },
    expect: [401, 403, 403, 200, 403, 200, 200, 401],
  },
  {
    name: 'updateDonationSettings',
    request: {
      method: 'PUT',
      url: '/node/broadcasters/gracechurch/donations',
      body: { donatable: false, donationOptions: [] },
    },
    expect: [401, 403, 403, 200, 403, 200, 200, 401],
  },
  {
    name: 'broadcasterConnections',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/connections' },
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'connectFtp',
    request: { method: 'POST', url: '/node/broadcasters/gracechurch/ftp', body: {} },
    expect: [401, 403, 403, 503, 403, 403, 503, 401],
  },
  {
    name: 'disconnectFtp',
    request: { method: 'DELETE', url: '/node/broadcasters/gracechurch/ftp' },
    expect: [401, 403, 403, 204, 403, 403, 204, 401],
  },
  {
    name: 'connectDropbox',
    request: { method: 'POST', url: '/node/broadcasters/gracechurch/dropbox', body: {} },
    expect: [401, 403, 403, 503, 403, 403, 503, 401],
  },
  {
    name: 'disconnectDropbox',
    request: { method: 'DELETE', url: '/node/broadcasters/gracechurch/dropbox' },
    expect: [401, 403, 403, 204, 403, 403, 204, 401],
  },
  {
    name: 'twitterAuth',
    request: { method: 'GET', url: '/twitter_auth/gracechurch?newBehavior=true' },
    expect: [401, 403, 403, 503, 403, 403, 503, 401],
  },
  {
    name: 'googleAuth',
    request: { method: 'GET', url: '/google_auth/gracechurch' },
    expect: [401, 403, 403, 503, 403, 403, 503, 401],
  },
  {
    name: 'facebookAuth',
    request: { method: 'GET', url: '/facebook_auth/gracechurch' },
    expect: [401, 403, 403, 503, 403, 403, 503, 401],
  },
  {
    name: 'apiKeyInfo',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/keyinfo' },
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  // On radiovida (otherManager is its Admin): a new gracechurch key would end the apiKey column's.
  {
    name: 'regenerateApiKey',
    request: { method: 'POST', url: '/node/broadcasters/radiovida/api_key' },
    expect: [401, 403, 201, 403, 403, 403, 201, 401],
  },
  {
    name: 'userRoles',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/user_roles' },
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'changeUserRoles',
    request: async (f) => ({
      method: 'PUT',
      url: `/node/broadcasters/gracechurch/user_roles/${await graceManager(f.db)}`,
      body: { roles: [3, 4] },
    }),
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  // Another manager: Admins only (any manager may remove themselves: broadcaster-account.db.test.ts).
  {
    name: 'removeManager',
    request: async (f) => ({
      method: 'DELETE',
      url: `/node/broadcasters/gracechurch/user_roles/${await graceManager(f.db)}`,
    }),
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'userInvites',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/user_invites' },
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'inviteUser',
    request: async () => ({
      method: 'POST',
      url: '/node/broadcasters/gracechurch/user_invites',
      body: { email: newAddress(), roles: [3] },
    }),
    expect: [401, 403, 403, 201, 403, 403, 201, 401],
  },
  {
    name: 'resendInvite',
    request: async (f) => ({
      method: 'POST',
      url: `/node/broadcasters/gracechurch/user_invites/${(await graceInvite(f.db)).inviteId}/resend`,
    }),
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'revokeInvite',
    request: async (f) => ({
      method: 'DELETE',
      url: `/node/broadcasters/gracechurch/user_invites/${(await graceInvite(f.db)).inviteId}`,
    }),
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'acceptInvite',
    request: async (f) => ({ method: 'POST', url: `/user_invites/${(await graceInvite(f.db)).code}/accept` }),
    expect: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    name: 'postNotice',
    request: {
      method: 'POST',
      url: '/node/broadcasters/gracechurch/notices',
      body: { title: 'Advent', text: 'Carols at six.' },
    },
    expect: [401, 403, 403, 201, 201, 403, 201, 401],
  },
  {
    name: 'deleteNotice',
    request: async (f) => ({
      method: 'DELETE',
      url: `/node/broadcasters/gracechurch/notices/${await graceNotice(f.db)}`,
    }),
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  {
    name: 'updateHighlightedSermons',
    request: {
      method: 'PATCH',
      url: '/node/broadcasters/gracechurch/highlighted_sermons',
      body: { sortOrder: 'popular', sortTitle: null, audioTitle: null, audioSermonID: '1003' },
    },
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  {
    name: 'lifetimeStats',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/lifetime_stats' },
    expect: [401, 403, 403, 200, 200, 200, 200, 401],
  },
  {
    name: 'recentStats',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/recent_stats' },
    expect: [401, 403, 403, 200, 200, 200, 200, 401],
  },
  {
    name: 'sermonStats',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/sermon_stats' },
    expect: [401, 403, 403, 200, 200, 200, 200, 401],
  },
  {
    name: 'nextBill',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/next_bill' },
    expect: [401, 403, 403, 200, 403, 200, 200, 401],
  },
  // Images (images/): a broadcaster's own pictures to its Admins; speakers' and series' to its Uploaders.
  {
    name: 'startBroadcasterProfileUpload',
    request: { method: 'POST', url: '/media/images/broadcaster_profile', body: { broadcasterID: 'gracechurch' } },
    expect: [401, 403, 403, 200, 403, 403, 200, 200],
  },
  {
    name: 'startBroadcasterBannerUpload',
    request: { method: 'POST', url: '/media/images/broadcaster_banner', body: { broadcasterID: 'GraceChurch' } },
    expect: [401, 403, 403, 200, 403, 403, 200, 200],
  },
  {
    name: 'startSpeakerPortraitUpload',
    request: async ({ db }) => {
      await db.query("UPDATE speaker SET broadcaster_lock = 'gracechurch' WHERE speaker_id = 4");
      return { method: 'POST', url: '/media/images/speaker_portrait', body: { speakerID: 4 } };
    },
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  {
    name: 'startSeriesArtworkUpload',
    request: { method: 'POST', url: '/media/images/series_artwork', body: { seriesID: 10 } },
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  // The slot's guid is what authorises the bytes: an unknown one is no one's.
  {
    name: 'putImage',
    request: { method: 'PUT', url: '/media/images/uploads/00000000-0000-4000-8000-000000000000' },
    expect: [404, 404, 404, 404, 404, 404, 404, 404],
  },
  // Sermon editing (sermon-editing.routes.ts): the broadcaster's Uploaders and Admins, site admins;
  // restoring a deleted sermon is for site admins alone. An API key is no user.
  {
    name: 'createSermon',
    request: { method: 'POST', url: '/node/sermons', body: { broadcasterID: 'gracechurch' } },
    expect: [401, 403, 403, 201, 201, 403, 201, 401],
  },
  {
    name: 'editableSermon',
    request: { method: 'GET', url: '/node/sermons/1900/editor' },
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  {
    name: 'updateSermon',
    request: { method: 'PATCH', url: '/node/sermons/1900', body: { subtitle: 'Edited' } },
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  {
    name: 'replaceSermon',
    request: {
      method: 'PUT',
      url: '/node/sermons/1902',
      body: {
        fullTitle: 'A Song of Ascents',
        displayTitle: '',
        subtitle: '',
        bibleText: 'Psalm 121',
        speakerID: 2,
        seriesID: 11,
        eventType: 'Sunday Service',
        languageCode: 'en',
        preachDate: '2024-03-03',
        keywords: 'psalms ascent',
        moreInfoText: '',
        acceptCopyright: true,
      },
    },
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  {
    name: 'setSermonPublishState',
    request: { method: 'PUT', url: '/node/sermons/1900/publish_state', body: { state: 'draft' } },
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  {
    name: 'duplicateSermon',
    request: { method: 'POST', url: '/node/sermons/1900/duplicate' },
    expect: [401, 403, 403, 201, 201, 403, 201, 401],
  },
  {
    name: 'deleteSermon',
    request: async (f) => ({ method: 'DELETE', url: `/node/sermons/${await draftSermon(f)}` }),
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  {
    name: 'restoreSermon',
    request: async (f) => ({ method: 'POST', url: `/node/sermons/${await draftSermon(f, true)}/restore` }),
    expect: [401, 403, 403, 403, 403, 403, 200, 401],
  },
  {
    name: 'editorDropdownContents',
    request: { method: 'GET', url: '/node/sermons/1900/editor_dropdown_contents' },
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  {
    name: 'dashboardSermonList',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/legacy-sermon-list' },
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  {
    name: 'editableSpeakers',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/editable_speakers' },
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  {
    name: 'createSpeaker',
    request: async () => ({
      method: 'POST',
      url: '/node/speakers',
      body: { broadcasterID: 'gracechurch', speakerName: `Speaker ${Math.random().toString(36).slice(2, 10)}` },
    }),
    expect: [401, 403, 403, 201, 201, 403, 201, 401],
  },
  {
    name: 'updateSpeaker',
    request: async (f) => ({
      method: 'PATCH',
      url: `/node/speakers/${await gracechurchSpeaker(f)}`,
      body: { bio: 'A pastor.' },
    }),
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  {
    name: 'deleteSpeaker',
    request: async (f) => ({ method: 'DELETE', url: `/node/speakers/${await gracechurchSpeaker(f)}` }),
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  {
    name: 'editableSeries',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/editable_series' },
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  {
    name: 'createSeries',
    request: { method: 'POST', url: '/node/broadcasters/gracechurch/series', body: { series_name: 'Genesis' } },
    expect: [401, 403, 403, 201, 201, 403, 201, 401],
  },
  {
    name: 'updateSeries',
    request: { method: 'PATCH', url: '/node/series/11', body: { description: 'Psalms 120-134.' } },
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  {
    name: 'deleteSeries',
    request: async (f) => ({ method: 'DELETE', url: `/node/series/${await gracechurchSeries(f)}` }),
    expect: [401, 403, 403, 200, 200, 403, 200, 401],
  },
  // Feed import (feed-import.routes.ts): the broadcaster's Admins and Uploaders (site admins too)
  // and its API key; a Biller or another broadcaster's manager does not.
  {
    name: 'createFeedImport',
    request: {
      method: 'POST',
      url: '/node/broadcasters/gracechurch/feed-imports',
      body: {
        xml: '<rss><channel><title>Old feed</title><item><guid>g1</guid><title>One</title></item></channel></rss>',
      },
    },
    expect: [401, 403, 403, 201, 201, 403, 201, 201],
  },
  {
    name: 'listFeedImports',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/feed-imports' },
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  {
    name: 'getFeedImport',
    request: async (f) => ({ method: 'GET', url: `/node/feed-imports/${await feedImportPreview(f)}` }),
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  {
    name: 'updateFeedImport',
    request: async (f) => ({
      method: 'PATCH',
      url: `/node/feed-imports/${await feedImportPreview(f)}`,
      body: { publish: 'published' },
    }),
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  {
    name: 'startFeedImport',
    request: async (f) => ({ method: 'POST', url: `/node/feed-imports/${await feedImportPreview(f)}/start` }),
    expect: [401, 403, 403, 202, 202, 403, 202, 202],
  },
  {
    name: 'deleteFeedImport',
    request: async (f) => ({ method: 'DELETE', url: `/node/feed-imports/${await feedImportPreview(f)}` }),
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  // Articles (articles.routes.ts): the broadcaster's Admins and Uploaders (site admins too) and
  // its API key write its articles and list its drafts; a Biller or another broadcaster does not.
  {
    name: 'createArticle',
    request: { method: 'POST', url: '/node/articles', body: { broadcasterID: 'gracechurch', title: 'A new article' } },
    expect: [401, 403, 403, 201, 201, 403, 201, 201],
  },
  {
    name: 'updateArticle',
    request: async (f) => ({ method: 'PATCH', url: `/node/articles/${await draftArticle(f)}`, body: { draft: false } }),
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  {
    name: 'deleteArticle',
    request: async (f) => ({ method: 'DELETE', url: `/node/articles/${await draftArticle(f)}` }),
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  {
    name: 'broadcasterArticles',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/articles' },
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  {
    name: 'previewArticle',
    request: { method: 'POST', url: '/node/articles/preview', body: { content: '**Grace**' } },
    expect: [401, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    name: 'startArticleBannerUpload',
    request: async (f) => ({ method: 'POST', url: `/media/images/articles/${await draftArticle(f)}/banner` }),
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  {
    name: 'deleteArticleBanner',
    request: async (f) => ({ method: 'DELETE', url: `/media/images/articles/${await draftArticle(f)}/banner` }),
    expect: [401, 403, 403, 200, 200, 403, 200, 200],
  },
  // The banner gallery (images/banner-gallery.ts): a background as the banner, as a banner upload.
  {
    name: 'chooseBannerFromGallery',
    request: {
      method: 'POST',
      url: '/media/images/broadcaster_banner/from_gallery',
      body: { broadcasterID: 'gracechurch', backgroundID: 'lagoon' },
    },
    expect: [401, 403, 403, 200, 403, 403, 200, 200],
  },
  // Multicast restreams (webcasts/multicast/): the broadcaster's Admins and site admins; no API key.
  // Starting and restarting reach the rule that the broadcaster must be live (409) here.
  {
    name: 'multicastList',
    request: { method: 'GET', url: '/node/broadcasters/gracechurch/multicast_list?include_system=true' },
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'createMulticast',
    request: {
      method: 'POST',
      url: '/node/broadcasters/gracechurch/multicast',
      body: { stream_platform: 'youtube', stream_key: 'abcd-efgh-ijkl' },
    },
    expect: [401, 403, 403, 201, 403, 403, 201, 401],
  },
  {
    name: 'updateMulticast',
    request: async (f) => ({
      method: 'PATCH',
      url: `/node/broadcasters/gracechurch/multicast/${await graceMulticast(f)}`,
      body: { stream_label: 'Sunday' },
    }),
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'deleteMulticast',
    request: async (f) => ({
      method: 'DELETE',
      url: `/node/broadcasters/gracechurch/multicast/${await graceMulticast(f)}`,
    }),
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'startMulticast',
    request: async (f) => ({
      method: 'POST',
      url: `/node/broadcasters/gracechurch/multicast/${await graceMulticast(f)}/start`,
    }),
    expect: [401, 403, 403, 409, 403, 403, 409, 401],
  },
  {
    name: 'stopMulticast',
    request: async (f) => ({
      method: 'POST',
      url: `/node/broadcasters/gracechurch/multicast/${await graceMulticast(f)}/stop`,
    }),
    expect: [401, 403, 403, 200, 403, 403, 200, 401],
  },
  {
    name: 'restartMulticast',
    request: async (f) => ({
      method: 'POST',
      url: `/node/broadcasters/gracechurch/multicast/${await graceMulticast(f)}/restart`,
    }),
    expect: [401, 403, 403, 409, 403, 403, 409, 401],
  },
];

/** Gives gracechurch's sermon `sermonId` a transcript in `state`; its id. */
async function transcribed({ db }: Fixture, sermonId: string, state: 'draft' | 'published'): Promise<string> {
  const segments = [{ start: 0, end: 2, text: 'Grace to you.' }];
  await db.transaction((tx) =>
    saveTranscriptRow(tx, { sermonId, languageCode: 'en', source: 'pocketsphinx', captionState: state, segments }),
  );
  return sermonId;
}

/** An ended webcast of gracechurch; its id. */
async function endedWebcast({ db }: Fixture): Promise<string> {
  const id = `w${Math.random().toString(36).slice(2, 12)}`;
  await db.query(
    `INSERT INTO webcast (webcast_id, broadcaster_id, title, state, start_time, end_time, has_recording)
     VALUES ($1, 'gracechurch', 'Morning worship', 'ended', now() - interval '1 hour', now(), true)`,
    [id],
  );
  return id;
}

/** Webcasting enabled for gracechurch (the fixture's broadcasters cannot webcast). */
async function webcasting({ db }: Fixture): Promise<void> {
  await db.query(`UPDATE broadcaster SET can_webcast = true WHERE broadcaster_id = 'gracechurch'`);
}

/** A webcast gracechurch has scheduled for tomorrow; its id. */
async function scheduledWebcast(f: Fixture): Promise<number> {
  await webcasting(f);
  const [row] = await f.db.query<{ schedule_id: number }>(
    `INSERT INTO webcast_schedule (broadcaster_id, title, starts_at)
     VALUES ('gracechurch', 'Carol service', now() + interval '1 day') RETURNING schedule_id::int4 AS schedule_id`,
  );
  return row?.schedule_id ?? 0;
}

/** A draft article of gracechurch. */
async function draftArticle({ db }: Fixture): Promise<number> {
  const slug = `draft-${Math.random().toString(36).slice(2, 10)}`;
  const [row] = await db.query<{ article_id: number }>(
    `INSERT INTO article (broadcaster_id, slug, title, article_date, created_at, updated_at)
     VALUES ('gracechurch', $1, 'A draft', '2026-12-01', now(), now()) RETURNING article_id::int4 AS article_id`,
    [slug],
  );
  return row?.article_id ?? 0;
}

/** A restream destination of gracechurch, sealed with the test app's key (kept in its data directory, beside the media). */
async function graceMulticast({ db, mediaDir }: Fixture): Promise<number> {
  const secrets = streamSecrets({ multicastSecretKey: undefined, dataDir: path.dirname(mediaDir) });
  return db.transaction((tx) =>
    insertMulticast(tx, {
      broadcaster_id: 'gracechurch',
      stream_platform: 'custom',
      stream_label: '',
      stream_url_sealed: secrets.seal('stream_url', 'rtmp://127.0.0.1:9/live'),
      stream_key_sealed: secrets.seal('stream_key', 'abcd-efgh-ijkl'),
      auto_start: false,
      disabled: false,
      system: false,
    }),
  );
}

/** A feed import preview of gracechurch with no items (so starting it makes nothing). */
async function feedImportPreview({ db }: Fixture): Promise<number> {
  const [row] = await db.query<{ import_id: number }>(
    `INSERT INTO feed_import (broadcaster_id, channel)
     VALUES ('gracechurch', '{"title": "Old feed", "description": "", "author": null, "imageURL": null, "languageCode": null, "link": null}')
     RETURNING import_id::int4 AS import_id`,
  );
  return row?.import_id ?? 0;
}

/** A new draft sermon of gracechurch (deleted when `deleted`). */
async function draftSermon({ db }: Fixture, deleted = false): Promise<string> {
  const [row] = await db.query<{ sermon_id: string }>(
    `INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, full_title, display_title, preach_date, deleted_at)
     VALUES (nextval('sermon_id_seq')::text, 'gracechurch', 1, 'Draft', 'Draft', '2024-01-07', $1) RETURNING sermon_id`,
    [deleted ? new Date() : null],
  );
  return row?.sermon_id ?? '';
}

/** A new speaker of gracechurch's own, with no sermons. */
async function gracechurchSpeaker({ db }: Fixture): Promise<number> {
  const [row] = await db.query<{ speaker_id: number }>(
    `INSERT INTO speaker (speaker_id, display_name, sort_name, broadcaster_lock)
     VALUES (nextval('speaker_id_seq'), 'Speaker ' || currval('speaker_id_seq'), 'Speaker', 'gracechurch')
     RETURNING speaker_id`,
  );
  return row?.speaker_id ?? 0;
}

/** A new series of gracechurch. */
async function gracechurchSeries({ db }: Fixture): Promise<number> {
  const [row] = await db.query<{ series_id: number }>(
    `INSERT INTO series (series_id, broadcaster_id, title) VALUES (nextval('series_id_seq'), 'gracechurch', 'Series')
     RETURNING series_id`,
  );
  return row?.series_id ?? 0;
}

/** A pending comment by another listener on a gracechurch sermon. */
async function someonesComment({ db }: Fixture): Promise<number> {
  const author = await testUser(db, `author${Math.random().toString(36).slice(2, 10)}`);
  const [row] = await db.query<{ comment_id: number }>(
    `INSERT INTO sermon_comment (sermon_id, broadcaster_id, user_id, body, created_at)
     VALUES ('1000', 'gracechurch', $1, 'A comment to review.', now()) RETURNING comment_id::int4 AS comment_id`,
    [author.userId],
  );
  return row?.comment_id ?? 0;
}

/** A received two-step upload of a gracechurch sermon, waiting for `continue`. */
async function twoStepUpload({ db }: Fixture): Promise<string> {
  const upload = await insertUpload(db, {
    sermonId: '1003',
    uploadType: 'original-audio',
    languageCode: null,
    filename: 'a.mp3',
    twoStep: true,
  });
  await db.transaction((tx) =>
    uploadReceived(
      tx,
      { sermonId: '1003', guid: upload.guid, twoStep: true, attachment: false },
      { sizeBytes: 10, storageKey: `1003/original/${upload.guid}.mp3`, durationSeconds: 6, detail: '6.0 s' },
    ),
  );
  return upload.guid;
}

/** What the calls may change, to see that a refusal changed nothing. */
async function snapshot(db: Db): Promise<string> {
  const tables = [
    'media_upload',
    'media_event',
    'media_item',
    'job',
    'sermon',
    'user_session',
    'app_user',
    'sermon_comment',
    'article',
    'speaker',
    'series',
    'broadcaster_speaker',
    'feed_import',
    'feed_import_item',
    'sermon_transcript',
    'multicast',
    'multicast_event',
    'webcast',
    'broadcaster_webcast_defaults',
    'broadcaster_stream_key',
    'webcast_schedule',
  ];
  const parts = [];
  for (const table of tables) {
    const [row] = await db.query<{ h: string | null }>(
      `SELECT md5(string_agg(t::text, ',' ORDER BY t::text)) AS h FROM ${table} t`,
    );
    parts.push(`${table}:${row?.h}`);
  }
  return parts.join(' ');
}

const fullPath = (c: Contract) => (c.atRoot ? c.path : `${API_BASE}${c.path}`);

describe.each(BACKENDS)('the permission table on %s', (backend) => {
  let t: TestApp;
  let apiKey: string;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    apiKey = await createApiKey(t.db, 'gracechurch', 'permissions');
    // An encodable original of sermon 1004, kept in the store.
    const upload = await insertUpload(t.db, {
      sermonId: '1004',
      uploadType: 'original-audio',
      languageCode: null,
      filename: 'kept.mp3',
      twoStep: false,
    });
    const key = '1004/original/kept.mp3';
    await t.db.transaction((tx) =>
      uploadReceived(
        tx,
        { sermonId: '1004', guid: upload.guid, twoStep: false, attachment: false },
        { sizeBytes: 4, storageKey: key, durationSeconds: 6, detail: '6.0 s' },
      ),
    );
    mkdirSync(path.join(t.mediaDir, '1004/original'), { recursive: true });
    writeFileSync(path.join(t.mediaDir, key), 'ID3!');
  }, 300_000);
  afterAll(() => t?.close());

  let made = 0;
  /** Fresh callers: each holds only the role its column names. */
  async function callers(): Promise<Record<Caller, Record<string, string>>> {
    const n = ++made;
    const user = async (name: string, roles: Parameters<typeof testUser>[2] = {}) =>
      (await testUser(t.db, `${name}${n}`, { ...roles, verified: true })).headers;
    return {
      anonymous: {},
      listener: await user('listener'),
      otherManager: await user('other', { broadcaster: [['radiovida', 'admin']] }),
      admin: await user('admin', { broadcaster: [['gracechurch', 'admin']] }),
      uploader: await user('uploader', { broadcaster: [['gracechurch', 'uploader']] }),
      biller: await user('biller', { broadcaster: [['gracechurch', 'biller']] }),
      siteAdmin: await user('siteadmin', { siteAdmin: true }),
      apiKey: { 'x-api-key': apiKey },
    };
  }

  for (const row of ROWS) {
    it(`${row.name}: ${CALLERS.map((c, i) => `${c} ${row.expect[i]}`).join(', ')}`, async () => {
      const who = await callers();
      const got: Record<string, number> = {};
      const wanted: Record<string, number> = {};
      for (const [i, caller] of CALLERS.entries()) {
        const req =
          typeof row.request === 'function' ? await row.request({ db: t.db, mediaDir: t.mediaDir }) : row.request;
        const before = await snapshot(t.db);
        const res = await t.app.inject({
          method: req.method as 'GET',
          url: req.atRoot ? req.url : `${API_BASE}${req.url}`,
          headers: who[caller],
          ...(req.body ? { payload: req.body } : {}),
        });
        got[caller] = res.statusCode;
        wanted[caller] = row.expect[i] as number;
        if (res.statusCode === 401 || res.statusCode === 403) {
          // In the error shape, with a message a person can read, and nothing changed.
          const body = JSON.parse(res.body);
          expect(body, `${row.name} as ${caller}`).toMatchObject({ status: res.statusCode, code: expect.any(String) });
          expect(Object.values(body.errors).join(''), `${row.name} as ${caller}`).toMatch(/\w{3,}/);
          expect(await snapshot(t.db), `${row.name} as ${caller} changed the database`).toBe(before);
        }
      }
      expect(got).toEqual(wanted);
    }, 120_000);
  }

  it('lists every protected endpoint: each contract with `auth` and each route with a guard has a row', () => {
    const named = new Set(ROWS.map((r) => r.name));
    const byRoute = new Map<string, string>(
      Object.entries(contracts).flatMap(([name, c]) => methodsOf(c).map((m) => [`${m} ${fullPath(c)}`, name] as const)),
    );
    const withAuth = Object.entries(contracts)
      .filter(([, c]) => (c as Contract).auth !== undefined)
      .map(([name]) => name);
    const guarded = [...authorizedRoutes()].map((r) => byRoute.get(r) ?? r);
    expect(withAuth.length).toBeGreaterThan(8);
    expect([...new Set([...withAuth, ...guarded])].filter((name) => !named.has(name))).toEqual([]);
    // …and a contract named by a row is one that exists.
    const labels = [...named].filter((n) => !(n in contracts));
    expect(labels.every((n) => n.includes('?') || n.includes(' '))).toBe(true);
  });

  it('linkedOnly lists the user’s own broadcasters only; a site admin’s own too, not all', async () => {
    const who = await callers();
    const ids = async (headers: Record<string, string>, query = '') => {
      const res = await t.app.inject({ url: `${API_BASE}/node/broadcasters?linkedOnly=true${query}`, headers });
      expect(res.headers['cache-control']).toBe('private, no-store');
      const body = JSON.parse(res.body);
      return { ids: body.results.map((b: { broadcasterID: string }) => b.broadcasterID), next: body.next };
    };
    expect(await ids(who.admin)).toEqual({ ids: ['gracechurch'], next: null });
    expect((await ids(who.otherManager)).ids).toEqual(['radiovida']);
    expect((await ids(who.listener)).ids).toEqual([]);
    expect((await ids(who.siteAdmin)).ids).toEqual([]);
    // Several roles on one broadcaster list it once; pages of the size asked for go on by `next`.
    const two = (
      await testUser(t.db, 'twochurches', {
        broadcaster: [
          ['gracechurch', 'uploader'],
          ['gracechurch', 'biller'],
          ['kingsseminary', 'admin'],
        ],
      })
    ).headers;
    expect((await ids(two)).ids).toEqual(['gracechurch', 'kingsseminary']);
    const first = await ids(two, '&pageSize=1');
    expect(first.ids).toEqual(['gracechurch']);
    expect(first.next).toEqual(expect.any(String));
  });
});
