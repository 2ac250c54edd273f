import { z } from 'zod';
import { listSchema } from '../catalogue.ts';
import { pageNumber, pageSize, queryBoolean } from '../query.ts';
import { contract } from './contract.ts';
import { broadcasterIdParams } from './params.ts';

/**
 * Webcasts (spec §3 Webcast, §4 webcast states and stream health, §7 Webcasts): live streams
 * published over RTMP and watched over HLS, their replays, metadata, statistics and health.
 */

export const WEBCAST_STATES = ['pending', 'live', 'offline', 'ended'] as const;
/** A replay listed with the broadcaster's webcasts, reachable only by its link, or none kept. */
export const WEBCAST_REPLAY = ['listed', 'unlisted', 'none'] as const;
export const STREAM_HEALTH_STATES = ['healthy', 'warning', 'unhealthy', 'critical', 'offline'] as const;
/** What a stream's health is rated on: the packager's progress (framerate, bitrate, speed) and its segments (keyframes). */
export const STREAM_HEALTH_METRICS = ['framerate', 'bitrate', 'speed', 'keyframes'] as const;
/**
 * The health events the server records (spec §4), each with its words (`webcastScreen.event.*`):
 * a metric's rating changing, a publisher coming and going, its codecs changing, and the server
 * stopping it (§8). Keyframes are only ever too far apart, never too close.
 */
export const STREAM_HEALTH_EVENTS = [
  'connected',
  'disconnected',
  'codec-changed',
  'framerate-low',
  'framerate-normal',
  'framerate-high',
  'bitrate-low',
  'bitrate-normal',
  'bitrate-high',
  'speed-low',
  'speed-normal',
  'speed-high',
  'keyframes-normal',
  'keyframes-high',
  'killed-unattended',
  'killed-overlong',
  'killed-disabled',
] as const;
/**
 * Why the server ended a webcast (spec §8): webcasting disabled for its broadcaster, or killed
 * after running unattended (nobody watching, 2 hours by default) or overlong (6 hours).
 */
export const WEBCAST_STOP_REASONS = ['unattended', 'overlong', 'disabled'] as const;

/**
 * The cookie holding a password-protected webcast's media pass (server webcasts/media-pass.ts):
 * set by the one-webcast call for /live-media/<id>/, and taken by that call in place of the
 * password (the site sends the copy it keeps for the page, site/lib/webcasts.ts).
 */
export const WEBCAST_MEDIA_PASS_COOKIE = 'kerygma_webcast';

const webcastId = z.string().min(1).max(40);
export const webcastIdParams = z.object({ webcastID: webcastId });

/** A webcast in a list (lite: true) or alone. */
export const webcastLiteSchema = z.object({
  webcastID: z.string(),
  broadcasterID: z.string(),
  displayName: z.string(),
  title: z.string(),
  speakerName: z.string(),
  state: z.enum(WEBCAST_STATES),
  /** ISO 8601 start; null until it first goes live. */
  startDate: z.string().nullable(),
  /** The same, as SermonAudio's clients spell it. */
  StartDate: z.string().nullable(),
  /** Epoch seconds. */
  startTimestamp: z.number().int().nullable(),
  endTimestamp: z.number().int().nullable(),
  audioOnly: z.boolean(),
  AudioOnly: z.boolean(),
  passwordProtected: z.boolean(),
  /** The HLS playlist while live or as a replay; null otherwise (or behind a password not given). */
  hlsURL: z.string().nullable(),
});
export const webcastSchema = webcastLiteSchema.extend({
  type: z.literal('webcast'),
  description: z.string(),
  replay: z.enum(WEBCAST_REPLAY),
  unlisted: z.boolean(),
  webcastReplay: z.boolean(),
  durationSeconds: z.number().int().nullable(),
  peakViewers: z.number().int(),
  totalViewers: z.number().int(),
  archivedSermonID: z.string().nullable(),
  /** Set when the server stopped it (WEBCAST_STOP_REASONS); null when it ended as usual or goes on. */
  stopReason: z.enum(WEBCAST_STOP_REASONS).nullable(),
});
export type WebcastLite = z.infer<typeof webcastLiteSchema>;
export type Webcast = z.infer<typeof webcastSchema>;

const webcastList = z.object({
  results: z.array(z.union([webcastSchema, webcastLiteSchema])),
  totalCount: z.number().int(),
  next: z.string().nullable(),
  nodeType: z.literal('webcast'),
  nodeDisplayName: z.literal('Webcasts'),
});

const pageQuery = {
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

/** Per-broadcaster defaults of a new webcast (spec §3) and its RTMP stream key, for its managers. */
export const webcastMetadataSchema = z.object({
  broadcasterID: z.string(),
  defaultWebcastTitle: z.string(),
  defaultWebcastDescription: z.string(),
  defaultWebcastSpeakerName: z.string(),
  /** Whether new webcasts get a password (the password itself is never answered). */
  defaultWebcastPassword: z.boolean(),
  defaultWebcastReplay: z.enum(WEBCAST_REPLAY),
  canWebcast: z.boolean(),
  /** Where to publish: the RTMP server address and the stream key (OBS's Server and Stream Key). */
  rtmpURL: z.string().nullable(),
  streamKey: z.string(),
  /**
   * Set while the stream key refuses publishes after the server stopped a webcast as overlong or
   * unattended (spec §8; WEBCAST_STOP_COOLDOWN_MINUTES): until when (ISO 8601), why, and the
   * limit in hours that stop applied. Null: publishes are accepted.
   */
  webcastingPause: z
    .object({
      until: z.string(),
      reason: z.enum(['overlong', 'unattended']),
      limitHours: z.number(),
    })
    .nullable(),
});
export type WebcastMetadata = z.infer<typeof webcastMetadataSchema>;

const text = (max: number) => z.string().max(max);
export const updateWebcastDefaultsBody = z.object({
  defaultWebcastTitle: text(200).optional(),
  defaultWebcastDescription: text(5000).optional(),
  defaultWebcastSpeakerName: text(200).optional(),
  /** A password for new webcasts; '' or null: none. */
  defaultWebcastPassword: text(200).nullable().optional(),
  defaultWebcastReplay: z.enum(WEBCAST_REPLAY).optional(),
  /** A new stream key; the old one stops working at once. */
  resetStreamToken: z.boolean().optional(),
  /** Lifts the pause after a server stop (`webcastingPause`) now; a new stream key lifts it too. */
  resumeWebcasting: z.boolean().optional(),
});
export const updateWebcastBody = z.object({
  title: text(200).optional(),
  description: text(5000).optional(),
  speakerName: text(200).optional(),
  password: text(200).nullable().optional(),
  replay: z.enum(WEBCAST_REPLAY).optional(),
});

export const webcastStatsSchema = z.object({
  webcastID: z.string(),
  state: z.enum(WEBCAST_STATES),
  durationSeconds: z.number().int().nullable(),
  peakViewers: z.number().int(),
  totalViewers: z.number().int(),
  minutesWatched: z.number(),
});
export const webcastTotalsSchema = z.object({
  broadcasterID: z.string(),
  webcastCount: z.number().int(),
  totalDurationSeconds: z.number().int(),
  peakViewers: z.number().int(),
  totalViewers: z.number().int(),
  minutesWatched: z.number(),
});
export const webcastHealthSchema = z.object({
  webcastID: z.string(),
  webcastState: z.enum(WEBCAST_STATES),
  /** spec §4 stream health. */
  state: z.enum(STREAM_HEALTH_STATES),
  /** The latest rating of each measurement (low, normal, high); null before one is taken. */
  framerate: z.enum(['low', 'normal', 'high']).nullable(),
  bitrate: z.enum(['low', 'normal', 'high']).nullable(),
  speed: z.enum(['low', 'normal', 'high']).nullable(),
  /** The keyframe interval: high above 4 s (spec §8 keyframes warning). */
  keyframes: z.enum(['low', 'normal', 'high']).nullable(),
  /**
   * Newest first: connected, disconnected, framerate/bitrate/speed-low|normal|high,
   * keyframes-normal|high, codec-changed, killed-unattended|overlong|disabled (the server stopped it).
   */
  events: z.array(
    z.object({ event: z.string(), timestamp: z.number().int(), detail: z.record(z.string(), z.unknown()) }),
  ),
});

export type StreamHealthState = (typeof STREAM_HEALTH_STATES)[number];
export type StreamHealthMetric = (typeof STREAM_HEALTH_METRICS)[number];
export type StreamHealthEvent = (typeof STREAM_HEALTH_EVENTS)[number];
export type WebcastHealth = z.infer<typeof webcastHealthSchema>;

export const webcastHealthOverviewSchema = z.object({
  /** The worst first: critical, unhealthy, offline, warning, healthy. */
  results: z.array(
    webcastHealthSchema.extend({
      broadcasterID: z.string(),
      broadcasterName: z.string(),
      title: z.string(),
      startTimestamp: z.number().int().nullable(),
    }),
  ),
});

/**
 * Scheduled webcasts (issue 27 'scheduled webcasts shown ahead'): what a broadcaster announces
 * it will stream. Upcoming until its start is `graceMinutes` past (a service starting late, or
 * running, still shows); a start must be in the future when it is set.
 */
export const WEBCAST_SCHEDULE_RULES = {
  titleMax: 200,
  descriptionMax: 5000,
  /** An expected duration of at most a day. */
  minutesMax: 24 * 60,
  graceMinutes: 120,
  pageSize: 25,
} as const;

export const scheduledWebcastSchema = z.object({
  scheduledWebcastID: z.number().int(),
  broadcasterID: z.string(),
  displayName: z.string(),
  title: z.string(),
  description: z.string(),
  /** ISO 8601 start. */
  startDate: z.string(),
  /** The same, epoch seconds. */
  startTimestamp: z.number().int(),
  expectedDurationMinutes: z.number().int().nullable(),
});
export type ScheduledWebcast = z.infer<typeof scheduledWebcastSchema>;

const scheduleFields = {
  /** Required: blank after trimming is refused ('error.webcastSchedule.titleRequired'). */
  title: text(WEBCAST_SCHEDULE_RULES.titleMax),
  description: text(WEBCAST_SCHEDULE_RULES.descriptionMax).optional(),
  /** ISO 8601 with its offset; in the future ('error.webcastSchedule.startInPast'). */
  startDate: z.iso.datetime({ offset: true }),
  expectedDurationMinutes: z.number().int().min(1).max(WEBCAST_SCHEDULE_RULES.minutesMax).nullable().optional(),
};
export const newScheduledWebcastBody = z.object(scheduleFields);
export const updateScheduledWebcastBody = z.object(scheduleFields).partial();
export const scheduledWebcastParams = broadcasterIdParams.extend({
  scheduledWebcastID: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
/** Keyset paged, as the library's feeds: follow `next` (a cursor) for the page after. */
const scheduledQuery = z.object({
  page: pageNumber,
  pageSize: pageSize(WEBCAST_SCHEDULE_RULES.pageSize, 100),
  cursor: z.string().max(500).optional(),
});
const scheduledList = listSchema(scheduledWebcastSchema);
const scheduledListNote =
  'Soonest first, until the start is two hours past. Paged by keyset only: a page after the first needs the cursor of the page before (follow `next`); `totalCount` is null.';

const tag = 'Webcasts';
const inProgressQuery = z.object({ broadcasterID: z.string().max(100).optional() });

export const webcastContracts = {
  webcastsInProgress: contract({
    method: 'GET',
    path: '/node/webcasts',
    tag,
    summary: 'Webcasts in progress',
    description: 'The webcasts live now, newest first (the in-progress list the live status is read from).',
    query: inProgressQuery,
    responses: { 200: webcastList },
  }),
  webcastsInProgressLite: contract({
    method: 'GET',
    path: '/node/webcasts/lite',
    tag,
    summary: 'Webcasts in progress (lite)',
    description: 'The webcasts live now, as lite objects.',
    query: inProgressQuery,
    responses: { 200: webcastList },
  }),
  webcastsInProgressCount: contract({
    method: 'GET',
    path: '/node/webcasts/count',
    tag,
    summary: 'How many webcasts are live',
    description: 'The count the live status check reads (spec §4).',
    query: inProgressQuery,
    responses: { 200: z.object({ count: z.number().int() }) },
  }),
  webcastHistory: contract({
    method: 'GET',
    path: '/node/webcasts/history',
    tag,
    summary: 'Recent webcast replays',
    description: 'Ended webcasts with a listed replay, newest first.',
    query: z.object(pageQuery),
    responses: { 200: webcastList },
  }),
  broadcasterWebcasts: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/webcasts',
    tag,
    summary: "A broadcaster's webcasts",
    description:
      'Its live webcast and listed replays; startTime and endTime (epoch seconds) bound the start, minimumDurationSeconds leaves out short ones.',
    params: broadcasterIdParams,
    query: z.object({
      ...pageQuery,
      sortBy: z.enum(['newest', 'oldest']).catch('newest').default('newest'),
      startTime: z.coerce.number().int().min(0).optional(),
      endTime: z.coerce.number().int().min(0).optional(),
      minimumDurationSeconds: z.coerce.number().int().min(0).optional(),
      lite: queryBoolean.optional(),
    }),
    responses: { 200: webcastList },
    errors: [404],
  }),
  broadcasterWebcastTotals: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/webcasts/stats/totals',
    tag,
    summary: "A broadcaster's webcast totals",
    description: 'Counts, duration and viewers over all its webcasts, for its managers.',
    auth: 'apiKeyOrSession',
    params: broadcasterIdParams,
    responses: { 200: webcastTotalsSchema },
    errors: [401, 403, 404],
  }),
  broadcasterWebcast: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/webcasts/:webcastID',
    tag,
    summary: 'A webcast or its replay',
    description:
      "A live webcast, or an ended one's replay. One with a password needs it (403 when wrong or missing; its managers need none); 'Webcast replay not found' unless it exists, or `preview` is asked by the broadcaster's managers or a site admin. Unlocked, the answer (private, no-store) sets the httpOnly cookie `kerygma_webcast` on the path /live-media/{webcastID}/ that its HLS playlist and segments ask for (2 hours, renewed with each playlist): call it from the browser that plays, with the password the viewer typed. A valid pass for this webcast sent as the cookie `kerygma_webcast` unlocks it in place of the password (a new password voids the passes given before it).",
    params: broadcasterIdParams.extend({ webcastID: webcastId }),
    query: z.object({
      lite: queryBoolean.optional(),
      password: z.string().max(200).optional(),
      preview: queryBoolean.optional(),
    }),
    responses: { 200: z.union([webcastSchema, webcastLiteSchema]) },
    errors: [403, 404],
  }),
  webcastDefaults: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/webcast_metadata',
    tag,
    summary: "A broadcaster's webcast settings",
    description: 'Defaults for new webcasts, and the RTMP address and stream key to publish to.',
    auth: 'apiKeyOrSession',
    params: broadcasterIdParams,
    responses: { 200: webcastMetadataSchema },
    errors: [401, 403, 404],
  }),
  updateWebcastDefaults: contract({
    method: 'PUT',
    path: '/node/broadcasters/:broadcasterID/webcast_metadata',
    tag,
    summary: "Change a broadcaster's webcast settings",
    description:
      'Blank title, description or speaker are left out (spec §5); `resetStreamToken` makes a new stream key; `resumeWebcasting` lets the stream key publish again before the cooldown after a server stop is over (a new key does too).',
    auth: 'apiKeyOrSession',
    params: broadcasterIdParams,
    body: updateWebcastDefaultsBody,
    responses: { 200: webcastMetadataSchema },
    errors: [401, 403, 404],
  }),
  updateWebcast: contract({
    method: 'PUT',
    path: '/webcasts/:webcastID/webcast_metadata',
    tag,
    summary: "Change a webcast's title, speaker, password or replay",
    description: 'Blank title, description or speaker are left out (spec §5).',
    auth: 'apiKeyOrSession',
    params: webcastIdParams,
    body: updateWebcastBody,
    responses: { 200: webcastSchema },
    errors: [401, 403, 404],
  }),
  webcastsScheduled: contract({
    method: 'GET',
    path: '/node/webcasts/scheduled',
    tag,
    summary: 'Scheduled webcasts',
    description: `The webcasts broadcasters have announced across the site. ${scheduledListNote}`,
    query: scheduledQuery,
    responses: { 200: scheduledList },
  }),
  broadcasterWebcastsScheduled: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/webcasts/scheduled',
    tag,
    summary: "A broadcaster's scheduled webcasts",
    description: `The webcasts the broadcaster has announced. ${scheduledListNote}`,
    params: broadcasterIdParams,
    query: scheduledQuery,
    responses: { 200: scheduledList },
    errors: [404],
  }),
  createScheduledWebcast: contract({
    method: 'POST',
    path: '/node/broadcasters/:broadcasterID/webcasts/scheduled',
    tag,
    summary: 'Announce a webcast',
    description:
      "For the broadcaster's managers (or its API key), when webcasting is enabled for it: a title and a start in the future, optionally a description and the expected minutes.",
    auth: 'apiKeyOrSession',
    params: broadcasterIdParams,
    body: newScheduledWebcastBody,
    responses: { 201: scheduledWebcastSchema },
    errors: [401, 403, 404],
  }),
  updateScheduledWebcast: contract({
    method: 'PATCH',
    path: '/node/broadcasters/:broadcasterID/webcasts/scheduled/:scheduledWebcastID',
    tag,
    summary: 'Change a scheduled webcast',
    description:
      'The fields given change; a new start must be in the future. `expectedDurationMinutes` null removes it.',
    auth: 'apiKeyOrSession',
    params: scheduledWebcastParams,
    body: updateScheduledWebcastBody,
    responses: { 200: scheduledWebcastSchema },
    errors: [401, 403, 404],
  }),
  deleteScheduledWebcast: contract({
    method: 'DELETE',
    path: '/node/broadcasters/:broadcasterID/webcasts/scheduled/:scheduledWebcastID',
    tag,
    summary: 'Remove a scheduled webcast',
    description: 'It is no longer shown as coming up.',
    auth: 'apiKeyOrSession',
    params: scheduledWebcastParams,
    responses: { 200: z.object({ deleted: z.boolean() }) },
    errors: [401, 403, 404],
  }),
  webcastStats: contract({
    method: 'GET',
    path: '/webcasts/:webcastID/stats',
    tag,
    summary: "A webcast's viewers",
    description: 'Peak and total viewers and minutes watched, for its broadcaster.',
    auth: 'apiKeyOrSession',
    params: webcastIdParams,
    responses: { 200: webcastStatsSchema },
    errors: [401, 403, 404],
  }),
  webcastHealth: contract({
    method: 'GET',
    path: '/webcasts/:webcastID/health',
    tag,
    summary: "A webcast's stream health",
    description: 'Its health state (spec §4) and the events it came from, for its broadcaster.',
    auth: 'apiKeyOrSession',
    params: webcastIdParams,
    responses: { 200: webcastHealthSchema },
    errors: [401, 403, 404],
  }),
  webcastHealthOverview: contract({
    method: 'GET',
    path: '/admin/webcasts/health',
    tag,
    summary: 'The health of every webcast on air',
    description:
      'Site admins only (/admin/webcast-health): every webcast live or waiting for its publisher (offline), with its stream health (spec §4) and events, the worst first.',
    auth: 'session',
    responses: { 200: webcastHealthOverviewSchema },
    errors: [401, 403],
  }),
};
