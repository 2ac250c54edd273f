import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { S3Config } from './storage/s3-store.ts';
import type { WebcastSettings } from './webcasts/live-ingest.ts';

/** Boolean environment values: 'true'/'1'/'yes' and 'false'/'0'/'no'. */
const envBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  KERYGMA_DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; without it the embedded PGlite database in the data dir is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * PostgreSQL only: the longest a statement of a request may run before it is cancelled (a 503
   * to the client). Migrations, the seed and background jobs use connections without it. 0: no limit.
   */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(500),
  /** Seed the demo catalogue on first start when the database is empty. */
  KERYGMA_DEMO_DATA: envBoolean.default(true),
  /** Public origin used in absolute links (feeds, `next` URLs, sitemaps). */
  PUBLIC_URL: z.url().optional(),
  /** In-process cache of anonymous site pages (packages/server/src/site/page-cache.ts); 0 turns it off. */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(65536).default(64),
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  /**
   * On SIGTERM, how long /healthz answers 503 while the process still serves, before it stops
   * accepting connections: time for a load balancer to stop sending it requests.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  /**
   * Milliseconds the search vector job (search.sermon-vectors) rests after each batch of 500, so
   * that a long rewrite leaves the database to the site's requests; 0 runs the batches back to back.
   */
  SEARCH_REFRESH_PAUSE_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  /**
   * Automatic transcripts (transcripts/): 'auto' transcribes with the engine found at start
   * (whisper.cpp with WHISPER_MODEL, else PocketSphinx when installed); 'off' never.
   */
  TRANSCRIPTS: z.enum(['auto', 'off']).default('auto'),
  /** A whisper.cpp ggml model file (e.g. ggml-base.bin); needs the optional package @fugood/whisper.node. */
  WHISPER_MODEL: z.string().min(1).optional(),
  /** Transcribe the sermons that have audio and no transcript, a few at a time; 'off' stops it. */
  TRANSCRIPT_BACKFILL: z.enum(['on', 'off']).default('on'),
  /**
   * Requests each client address may make to the API (/api/…) per window; 0 turns the limit off.
   * The site's own server-side calls are never counted.
   */
  API_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(600),
  API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Sign-in attempts (and password confirmations) one client address may make per 15 minutes,
   * beside the 10 per account: many people behind one church's address may need more.
   */
  SIGN_IN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** How long a client may take to send a request's headers. */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /**
   * A connection on which nothing arrives or leaves for this long is closed (a body that stops
   * short of its Content-Length); uploads that keep sending are never cut off.
   */
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How long an idle keep-alive connection stays open: longer than a load balancer's idle timeout. */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(72),
  /** Time to receive a whole request, body included; 0 (no limit) lets long plain uploads through. */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(0),
  /**
   * The mail server for account e-mails, e.g. smtps://user:password@smtp.example.org:465; without
   * it, messages are written to <data dir>/outbox and named in the log.
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The From address of those e-mails; by default no-reply at PUBLIC_URL's host. */
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * Signs links that act without signing in (the digest's one-click unsubscribe). Without it the
   * server makes one and keeps it in <data dir>/link-secret; give processes that share a
   * database but not a data directory the same value.
   */
  LINK_SECRET: z.string().min(32).optional(),
  /**
   * Origins of the classic admin that frame the /django/ screens and embeds, separated by commas
   * or spaces (e.g. https://admin.example.org). Only they may frame those; with any set, session
   * cookies become `SameSite=None; Secure` so the framed screens are signed in.
   */
  CLASSIC_ADMIN_ORIGINS: z
    .string()
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const item of v.split(/[\s,]+/).filter(Boolean)) {
        const url = URL.canParse(item) ? new URL(item) : undefined;
        if (url?.protocol !== 'https:' || url.origin !== item.replace(/\/$/, '')) {
          ctx.addIssue({ code: 'custom', message: `'${item}' is not an https origin (scheme, host and port only)` });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    })
    .optional(),
  /**
   * The dashboard's map, where a broadcaster sets its pin: the tile server's URL template
   * (`{z}/{x}/{y}`, optionally `{s}`), the attribution its licence asks for, and the reverse
   * geocoder (Nominatim's `reverse` interface: lat, lon, format jsonv2, zoom) that names the place.
   */
  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().min(1).default('© OpenStreetMap contributors'),
  MAP_REVERSE_GEOCODE_URL: z.url({ protocol: /^https?$/ }).default('https://nominatim.openstreetmap.org/reverse'),
  /**
   * Lets feed import fetch from loopback addresses (127.0.0.0/8, ::1), for tests serving fixtures
   * locally; every other private address stays refused. Never in production.
   */
  FEED_IMPORT_ALLOW_LOOPBACK: envBoolean.default(false),
  /**
   * A WebSub hub (e.g. https://pubsubhubbub.appspot.com/) the podcast feeds name (atom:link
   * rel="hub") and tell of each change, so apps that subscribed there hear of a new sermon at once.
   */
  WEBSUB_HUB_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The AES-256 key sealing restream destinations' addresses and stream keys (base64 of 32
   * bytes, e.g. `openssl rand -base64 32`). Without it one is made in <data dir>/multicast-secret-key;
   * processes that share a database but not a data directory need the same value.
   */
  MULTICAST_SECRET_KEY: z
    .string()
    .refine((v) => /^[A-Za-z0-9+/]{43}=$/.test(v), 'must be base64 of 32 bytes (openssl rand -base64 32)')
    .transform((v) => Buffer.from(v, 'base64'))
    .optional(),
  /** A restream that cannot reach its destination tries again after this, doubling each time. */
  MULTICAST_RETRY_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  /** Attempts after a drop or a refusal before the restream stops with a fail event. */
  MULTICAST_RETRY_ATTEMPTS: z.coerce.number().int().min(0).max(100).default(5),
  /** The RTMP ingest's port for webcasts (README, Webcasts); 0 or `off` turns it off in this process. */
  RTMP_PORT: z
    .union([z.literal('off'), z.coerce.number().int().min(0).max(65_535)])
    .default(1935)
    .transform((v) => (v === 'off' || v === 0 ? null : v)),
  /** Minutes a webcast whose publisher went away stays resumable before it ends (fractions allowed). */
  WEBCAST_OFFLINE_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(10),
  /** The live playlist's DVR window, in minutes. */
  WEBCAST_DVR_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(120),
  /**
   * A lower rung (480p, about 800 kb/s) re-encoded beside the copied stream, and a master
   * playlist listing both (webcasts/live-rungs.ts). `auto`: on with 4 CPU cores or more.
   */
  WEBCAST_LOWER_RUNG: z.enum(['off', 'on', 'auto']).default('auto'),
  /** The length of a live HLS segment, in seconds. */
  WEBCAST_SEGMENT_SECONDS: z.coerce.number().int().min(1).max(10).default(2),
  /** Hours after its start a live webcast is stopped as overlong (spec §8; fractions allowed). */
  WEBCAST_OVERLONG_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 7)
    .default(6),
  /** Hours a live webcast may run with nobody watching, viewer or manager, before it is stopped (spec §8). */
  WEBCAST_UNATTENDED_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 7)
    .default(2),
  /**
   * Minutes a broadcaster's stream key refuses publishes after an overlong or unattended stop
   * (spec §8; an encoder reconnects by itself), unless a manager lifts it sooner; 0: no pause.
   */
  WEBCAST_STOP_COOLDOWN_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(30),
  /**
   * RTMP over TLS beside RTMP_PORT: the PEM certificate (chain) and key files; with both set the
   * ingest also listens on RTMPS_PORT and the dashboard tells publishers rtmps://.
   */
  RTMPS_CERT: z.string().min(1).optional(),
  RTMPS_KEY: z.string().min(1).optional(),
  RTMPS_PORT: z.coerce.number().int().min(0).max(65_535).default(443),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Media in an S3-compatible bucket instead of on local disk (see README, Running at scale). */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: envBoolean.default(false),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
});

/** S3 variables that only mean something with a bucket, and the key pair that goes together. */
const checked = schema.superRefine((c, ctx) => {
  const s3Set = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const;
  const stray = s3Set.find((name) => c[name] !== undefined);
  if (stray && !c.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `required with ${stray}` });
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
    const missing = c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'both S3 keys are needed, or neither' });
  }
  if (!c.RTMPS_CERT !== !c.RTMPS_KEY) {
    const missing = c.RTMPS_CERT ? 'RTMPS_KEY' : 'RTMPS_CERT';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'RTMPS needs both a certificate and a key' });
  }
  if (c.RTMPS_CERT && c.RTMP_PORT === null) {
    ctx.addIssue({ code: 'custom', path: ['RTMPS_CERT'], message: 'RTMPS needs the RTMP ingest (RTMP_PORT)' });
  }
  // Node refuses a request deadline shorter than the headers' own.
  if (c.HTTP_REQUEST_TIMEOUT_SECONDS > 0 && c.HTTP_REQUEST_TIMEOUT_SECONDS < c.HTTP_HEADERS_TIMEOUT_SECONDS) {
    const message = 'must be 0 or at least HTTP_HEADERS_TIMEOUT_SECONDS';
    ctx.addIssue({ code: 'custom', path: ['HTTP_REQUEST_TIMEOUT_SECONDS'], message });
  }
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Requests' statement timeout on PostgreSQL, in ms; 0: none. */
  databaseStatementTimeoutMs: number;
  demoData: boolean;
  publicUrl: string | undefined;
  /** Origins allowed to frame /django/ screens (CLASSIC_ADMIN_ORIGINS); any makes session cookies SameSite=None. */
  classicAdminOrigins: string[];
  logLevel: string;
  mediaDir: string;
  pageCache: { maxBytes: number; ttlMs: number };
  shutdownDrainMs: number;
  searchRefreshPauseMs: number;
  /** TRANSCRIPTS, WHISPER_MODEL (a resolved path) and TRANSCRIPT_BACKFILL. */
  transcripts: { mode: 'auto' | 'off'; whisperModel: string | undefined; backfill: boolean };
  /** Per-address limit of API requests: `limit` (0 = off) in each window of `windowMs`. */
  apiRateLimit: { limit: number; windowMs: number };
  /** SIGN_IN_LIMIT_PER_ADDRESS. */
  signInLimitPerAddress: number;
  /** Connection timeouts (app.ts): headers, inactivity, keep-alive, whole request (0 = none). */
  httpTimeouts: { headersMs: number; idleMs: number; keepAliveMs: number; requestMs: number };
  /** Where media live when not on local disk. */
  s3: S3Config | undefined;
  /** Account e-mails: through `smtpUrl`, else into `<dataDir>/outbox`. */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** LINK_SECRET; when unset, library/unsubscribe-token.ts keeps one in the data directory. */
  linkSecret: string | undefined;
  /** The dashboard's map services (MAP_*), handed to the browser by `GET global_config`. */
  maps: { tileURL: string; tileAttribution: string; reverseGeocodeURL: string };
  /** FEED_IMPORT_ALLOW_LOOPBACK: feed import may fetch from loopback addresses (tests only). */
  feedImportAllowLoopback: boolean;
  /** WEBSUB_HUB_URL. */
  websubHub: string | undefined;
  /** MULTICAST_SECRET_KEY (32 bytes; else webcasts/multicast/stream-secrets.ts keeps one in the data directory). */
  multicastSecretKey: Buffer | undefined;
  /** MULTICAST_RETRY_BASE_MS and MULTICAST_RETRY_ATTEMPTS. */
  multicastReconnect: { baseMs: number; attempts: number };
  /** RTMP_PORT, RTMPS_*, WEBCAST_*: the live ingest (webcasts/live-ingest.ts); HLS under `<dataDir>/live`. */
  webcasts: WebcastSettings;
};

/**
 * Parses configuration once at start-up. A wrong value throws an Error whose message is one
 * line naming the variable, so the process can stop with it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = checked.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'configuration');
    throw new Error(`Invalid ${name}: ${issue?.message ?? 'bad value'} (got ${JSON.stringify(env[name])})`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.KERYGMA_DATA_DIR);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir,
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: c.DATABASE_TIMEOUT_MS,
    demoData: c.KERYGMA_DEMO_DATA,
    publicUrl: c.PUBLIC_URL?.replace(/\/$/, ''),
    classicAdminOrigins: c.CLASSIC_ADMIN_ORIGINS ?? [],
    logLevel: c.LOG_LEVEL,
    mediaDir: path.join(dataDir, 'media'),
    pageCache: { maxBytes: Math.round(c.PAGE_CACHE_MB * 1024 * 1024), ttlMs: c.PAGE_CACHE_TTL_SECONDS * 1000 },
    shutdownDrainMs: c.SHUTDOWN_DRAIN_SECONDS * 1000,
    searchRefreshPauseMs: c.SEARCH_REFRESH_PAUSE_MS,
    transcripts: {
      mode: c.TRANSCRIPTS,
      whisperModel: c.WHISPER_MODEL && path.resolve(c.WHISPER_MODEL),
      backfill: c.TRANSCRIPT_BACKFILL === 'on',
    },
    apiRateLimit: { limit: c.API_RATE_LIMIT, windowMs: c.API_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    signInLimitPerAddress: c.SIGN_IN_LIMIT_PER_ADDRESS,
    httpTimeouts: {
      headersMs: c.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      idleMs: c.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveMs: c.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      requestMs: c.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    },
    mail: {
      smtpUrl: c.SMTP_URL,
      from: c.MAIL_FROM ?? `Kerygma <no-reply@${c.PUBLIC_URL ? new URL(c.PUBLIC_URL).hostname : 'localhost'}>`,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          endpoint: c.S3_ENDPOINT,
          region: c.S3_REGION,
          accessKeyId: c.S3_ACCESS_KEY_ID,
          secretAccessKey: c.S3_SECRET_ACCESS_KEY,
          forcePathStyle: c.S3_FORCE_PATH_STYLE,
          publicUrl: c.S3_PUBLIC_URL?.replace(/\/$/, ''),
        }
      : undefined,
    linkSecret: c.LINK_SECRET,
    maps: {
      tileURL: c.MAP_TILE_URL,
      tileAttribution: c.MAP_TILE_ATTRIBUTION,
      reverseGeocodeURL: c.MAP_REVERSE_GEOCODE_URL,
    },
    feedImportAllowLoopback: c.FEED_IMPORT_ALLOW_LOOPBACK,
    websubHub: c.WEBSUB_HUB_URL,
    multicastSecretKey: c.MULTICAST_SECRET_KEY,
    multicastReconnect: { baseMs: c.MULTICAST_RETRY_BASE_MS, attempts: c.MULTICAST_RETRY_ATTEMPTS },
    webcasts: {
      rtmpPort: c.RTMP_PORT,
      liveDir: path.join(dataDir, 'live'),
      segmentSeconds: c.WEBCAST_SEGMENT_SECONDS,
      dvrSeconds: c.WEBCAST_DVR_MINUTES * 60,
      offlineMs: Math.round(c.WEBCAST_OFFLINE_MINUTES * 60_000),
      lowerRung: c.WEBCAST_LOWER_RUNG === 'auto' ? availableParallelism() >= 4 : c.WEBCAST_LOWER_RUNG === 'on',
      stops: {
        overlongMs: Math.round(c.WEBCAST_OVERLONG_HOURS * 3_600_000),
        unattendedMs: Math.round(c.WEBCAST_UNATTENDED_HOURS * 3_600_000),
        cooldownMs: Math.round(c.WEBCAST_STOP_COOLDOWN_MINUTES * 60_000),
      },
      rtmps:
        c.RTMPS_CERT && c.RTMPS_KEY
          ? { port: c.RTMPS_PORT, certFile: path.resolve(c.RTMPS_CERT), keyFile: path.resolve(c.RTMPS_KEY) }
          : null,
    },
  };
}
