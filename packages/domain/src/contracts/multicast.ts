import { z } from 'zod';
import { queryBoolean } from '../query.ts';
import { contract } from './contract.ts';
import { broadcasterIdParams } from './params.ts';

/**
 * Multicast restreams (spec §3, §4, §7): while a broadcaster is live, its webcast is copied
 * without re-encoding to other places (its YouTube or Facebook channel, any RTMP server). For
 * the broadcaster's Admins and site admins. The stream key is never answered in full once saved.
 */

export const MULTICAST_PLATFORMS = ['youtube', 'facebook', 'custom'] as const;
export type MulticastPlatform = (typeof MULTICAST_PLATFORMS)[number];
export const MULTICAST_STATUSES = ['stopped', 'starting', 'running', 'stopping'] as const;
export type MulticastStatus = (typeof MULTICAST_STATUSES)[number];
export const RESTREAM_EVENTS = ['connect', 'fail', 'interrupt', 'reconnect'] as const;
export type RestreamEventKind = (typeof RESTREAM_EVENTS)[number];

/** The ingest address a platform's destination uses when none is given. */
export const PLATFORM_INGEST_URLS: Partial<Record<MulticastPlatform, string>> = {
  youtube: 'rtmp://a.rtmp.youtube.com/live2',
  facebook: 'rtmps://live-api-s.facebook.com:443/rtmp/',
};

/** The most destinations one broadcaster may keep. */
export const MULTICAST_MAX_PER_BROADCASTER = 20;

const streamUrl = z
  .string()
  .max(500)
  .refine((v) => /^rtmps?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), {
    message: 'must be an rtmp:// or rtmps:// address',
  });
// Keys are pasted from a platform's page: no spaces or control characters inside.
const streamKey = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^[^\s\p{Cc}]+$/u, 'must have no spaces');

export const multicastSchema = z.object({
  multicast_id: z.number().int(),
  broadcaster_id: z.string(),
  disabled: z.boolean(),
  stream_platform: z.enum(MULTICAST_PLATFORMS),
  status: z.enum(MULTICAST_STATUSES),
  stream_label: z.string(),
  stream_url: z.string(),
  /** Masked: its last four characters at most, the rest as '•'. */
  stream_key: z.string(),
  auto_start: z.boolean(),
  /** The site's own destination for the broadcaster, changed only by site admins. */
  system: z.boolean(),
  /** What last happened to the restream (spec §4 restream events), or null. */
  last_event: z
    .object({
      kind: z.enum(RESTREAM_EVENTS),
      attempt: z.number().int(),
      detail: z.string().nullable(),
      /** Epoch seconds. */
      time: z.number().int(),
    })
    .nullable(),
});
export type Multicast = z.infer<typeof multicastSchema>;

export const multicastIdParams = broadcasterIdParams.extend({
  multicastID: z.coerce.number().int().positive().max(2_147_483_647),
});

const newMulticast = z
  .object({
    stream_platform: z.enum(MULTICAST_PLATFORMS),
    stream_label: z.string().trim().max(100).default(''),
    /** Optional for YouTube and Facebook (their ingest address), required for custom. */
    stream_url: streamUrl.optional(),
    stream_key: streamKey,
    auto_start: z.boolean().default(false),
    disabled: z.boolean().default(false),
    /** Site admins only. */
    system: z.boolean().default(false),
  })
  .refine((b) => b.stream_url !== undefined || PLATFORM_INGEST_URLS[b.stream_platform] !== undefined, {
    message: 'is required for a custom destination',
    path: ['stream_url'],
  });

const multicastChanges = z
  .object({
    stream_platform: z.enum(MULTICAST_PLATFORMS),
    stream_label: z.string().trim().max(100),
    stream_url: streamUrl,
    /** A new key; left out, the saved one is kept. */
    stream_key: streamKey,
    auto_start: z.boolean(),
    disabled: z.boolean(),
  })
  .partial();

const tag = 'Multicast';
const one = { 200: multicastSchema };

export const multicastContracts = {
  multicastList: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/multicast_list',
    tag,
    summary: "A broadcaster's restream destinations",
    description:
      "Every destination with its status and what last happened to it; the site's own destinations too with include_system. Stream keys are masked.",
    auth: 'session',
    params: broadcasterIdParams,
    query: z.object({ include_system: queryBoolean.optional() }),
    responses: { 200: z.object({ results: z.array(multicastSchema) }) },
    errors: [401, 403, 404],
  }),
  createMulticast: contract({
    method: 'POST',
    path: '/node/broadcasters/:broadcasterID/multicast',
    tag,
    summary: 'Add a restream destination',
    description:
      'YouTube and Facebook destinations take their ingest address when none is given; a custom one needs an rtmp:// or rtmps:// address. The address and key are stored encrypted.',
    auth: 'session',
    params: broadcasterIdParams,
    body: newMulticast,
    responses: { 201: multicastSchema },
    errors: [401, 403, 404, 409],
  }),
  updateMulticast: contract({
    method: 'PATCH',
    path: '/node/broadcasters/:broadcasterID/multicast/:multicastID',
    tag,
    summary: 'Change a restream destination',
    description: 'Changes apply at its next start (restart a running one). Disabling a running destination stops it.',
    auth: 'session',
    params: multicastIdParams,
    body: multicastChanges,
    responses: one,
    errors: [401, 403, 404],
  }),
  deleteMulticast: contract({
    method: 'DELETE',
    path: '/node/broadcasters/:broadcasterID/multicast/:multicastID',
    tag,
    summary: 'Remove a restream destination',
    description: 'A running restream is stopped first.',
    auth: 'session',
    params: multicastIdParams,
    responses: { 200: z.object({ deleted: z.boolean() }) },
    errors: [401, 403, 404],
  }),
  startMulticast: contract({
    method: 'POST',
    path: '/node/broadcasters/:broadcasterID/multicast/:multicastID/start',
    tag,
    summary: 'Start a restream',
    description: 'Copies the live webcast to the destination. Answers 409 when the broadcaster is not live.',
    auth: 'session',
    params: multicastIdParams,
    responses: one,
    errors: [401, 403, 404, 409],
  }),
  stopMulticast: contract({
    method: 'POST',
    path: '/node/broadcasters/:broadcasterID/multicast/:multicastID/stop',
    tag,
    summary: 'Stop a restream',
    description: 'Stops copying to the destination (nothing to do when it is stopped).',
    auth: 'session',
    params: multicastIdParams,
    responses: one,
    errors: [401, 403, 404],
  }),
  restartMulticast: contract({
    method: 'POST',
    path: '/node/broadcasters/:broadcasterID/multicast/:multicastID/restart',
    tag,
    summary: 'Restart a restream',
    description:
      'Stops and starts it again, with its saved address and key. Answers 409 when the broadcaster is not live.',
    auth: 'session',
    params: multicastIdParams,
    responses: one,
    errors: [401, 403, 404, 409],
  }),
};
