import {
  STREAM_HEALTH_EVENTS,
  STREAM_HEALTH_METRICS,
  type StreamHealthMetric,
  type StreamHealthState,
  type updateWebcastBody,
  type updateWebcastDefaultsBody,
  type Webcast,
  type WebcastLite,
  type WebcastMetadata,
} from '@kerygma/domain/contracts/webcasts';
import { managesBroadcaster } from '@kerygma/domain/roles';
import type { z } from 'zod';
import { type Actor, requireManager, roleHolder, type Session } from '../accounts/guards.ts';
import { hashPassword, passwordMatches } from '../accounts/passwords.ts';
import { requireBroadcaster } from '../broadcaster-account/account-deps.ts';
import type { Db } from '../db/db.ts';
import { ApiError, notFound } from '../errors.ts';
import { passValid } from './media-pass.ts';
import { healthState, type Level } from './stream-health.ts';
import { pauseInForce, type StopLimits } from './webcast-stops.ts';
import * as q from './webcasts.queries.ts';

/**
 * The webcast calls (contracts/webcasts.ts): lists, one webcast or replay, metadata and stream
 * key, statistics and health. The ingest (live-ingest.ts) changes their states.
 */

export type WebcastDeps = {
  db: Db;
  /** PUBLIC_URL (or '' for same-origin paths): the base of HLS addresses. */
  origin: string;
  /** The RTMP address publishers are told (rtmp://host:port/live), null when no ingest is configured. */
  rtmpURL: string | null;
  /** The playlist players are given: the master with the lower rung on (live-rungs.ts), else the main rung's. */
  hlsPlaylist: string;
  /** The stops' limits, named in a pause after a stop (webcast-stops.ts). */
  stops: Pick<StopLimits, 'overlongMs' | 'unattendedMs'>;
  /** LINK_SECRET: what the media passes are signed with (media-pass.ts). */
  secret: string;
  now: () => number;
};

const LIST_NODE = { nodeType: 'webcast', nodeDisplayName: 'Webcasts' } as const;

export const hlsPath = (webcastId: string, playlist: string) =>
  `/live-media/${encodeURIComponent(webcastId)}/${playlist}`;
const iso = (epoch: number | null) => (epoch === null ? null : new Date(epoch * 1000).toISOString());
const replayable = (w: q.WebcastRow) => w.state === 'ended' && w.replay !== 'none' && w.has_recording;
const watchable = (w: q.WebcastRow) => w.state === 'live' || w.state === 'offline' || replayable(w);

/** A webcast as lists show it; its HLS address only when open or `unlocked` by its password. */
export function lite(
  deps: Pick<WebcastDeps, 'origin' | 'hlsPlaylist'>,
  w: q.WebcastRow,
  unlocked: boolean,
): WebcastLite {
  return {
    webcastID: w.webcast_id,
    broadcasterID: w.broadcaster_id,
    displayName: w.broadcaster_name,
    title: w.title,
    speakerName: w.speaker_name,
    state: w.state,
    startDate: iso(w.start_time),
    StartDate: iso(w.start_time),
    startTimestamp: w.start_time,
    endTimestamp: w.end_time,
    audioOnly: w.audio_only,
    AudioOnly: w.audio_only,
    passwordProtected: w.password_hash !== null,
    hlsURL:
      watchable(w) && (unlocked || w.password_hash === null)
        ? `${deps.origin}${hlsPath(w.webcast_id, deps.hlsPlaylist)}`
        : null,
  };
}

function full(deps: WebcastDeps, w: q.WebcastRow, unlocked: boolean): Webcast {
  const end = w.end_time ?? (w.start_time === null ? null : Math.floor(deps.now() / 1000));
  return {
    ...lite(deps, w, unlocked),
    type: 'webcast',
    description: w.description,
    replay: w.replay,
    unlisted: w.replay === 'unlisted',
    webcastReplay: replayable(w),
    durationSeconds: w.start_time === null || end === null ? null : Math.max(0, end - w.start_time),
    peakViewers: w.peak_viewers,
    totalViewers: w.total_viewers,
    archivedSermonID: w.archived_sermon_id,
    stopReason: w.stop_reason,
  };
}

const list = (deps: WebcastDeps, rows: q.WebcastRow[], asLite: boolean, total: number, more: boolean) => ({
  results: rows.map((w) => (asLite ? lite(deps, w, false) : full(deps, w, false))),
  totalCount: total,
  next: more ? 'more' : null,
  ...LIST_NODE,
});

export async function inProgress(deps: WebcastDeps, broadcasterId: string | undefined, asLite: boolean) {
  const rows = await q.liveWebcasts(deps.db, broadcasterId?.toLowerCase());
  return list(deps, rows, asLite, rows.length, false);
}

export async function inProgressCount(deps: WebcastDeps, broadcasterId: string | undefined) {
  return { count: await q.liveCount(deps.db, broadcasterId?.toLowerCase()) };
}

type Page = { page: number; pageSize: number };

export async function history(deps: WebcastDeps, p: Page) {
  const { rows, total } = await q.listedWebcasts(deps.db, {
    endedOnly: true,
    oldestFirst: false,
    limit: p.pageSize,
    offset: (p.page - 1) * p.pageSize,
  });
  return list(deps, rows, false, total, p.page * p.pageSize < total);
}

export async function broadcasterWebcasts(
  deps: WebcastDeps,
  broadcasterId: string,
  f: Page & {
    sortBy: 'newest' | 'oldest';
    startTime?: number;
    endTime?: number;
    minimumDurationSeconds?: number;
    lite?: boolean;
  },
) {
  const id = await requireBroadcaster(deps.db, broadcasterId);
  const { rows, total } = await q.listedWebcasts(deps.db, {
    broadcasterId: id,
    endedOnly: false,
    oldestFirst: f.sortBy === 'oldest',
    startFrom: f.startTime,
    startTo: f.endTime,
    minimumSeconds: f.minimumDurationSeconds,
    limit: f.pageSize,
    offset: (f.page - 1) * f.pageSize,
  });
  return list(deps, rows, f.lite ?? false, total, f.page * f.pageSize < total);
}

const replayNotFound = () => notFound('error.webcastReplayNotFound');

/**
 * One webcast (spec §2 route check): live, or an ended one's replay; 'Webcast replay not
 * found' otherwise, unless `preview` is asked by its managers or a site admin. A password, when
 * set, unlocks it (403 when missing or wrong); its managers need none, nor does the holder of
 * a valid media pass for it (`pass`, media-pass.ts: the site keeps one so a visitor is not asked
 * again on each visit; a new password voids it). `passwordHash`: the password it was unlocked
 * with, for a renewed media pass; null when it has none.
 */
export async function oneWebcast(
  deps: WebcastDeps,
  session: Session | undefined,
  broadcasterId: string,
  webcastId: string,
  options: { password?: string; pass?: string; preview?: boolean; lite?: boolean },
): Promise<{ answer: Webcast | WebcastLite; passwordHash: string | null }> {
  const w = await q.webcastById(deps.db, webcastId);
  if (!w || w.broadcaster_id !== broadcasterId.toLowerCase()) throw replayNotFound();
  const manager = session !== undefined && managesBroadcaster(roleHolder(session.user), w.broadcaster_id);
  if (!watchable(w) && !(options.preview && manager)) throw replayNotFound();
  if (
    w.password_hash !== null &&
    !manager &&
    !passValid(deps.secret, w.webcast_id, w.password_hash, options.pass, deps.now())
  ) {
    if (!options.password || !(await passwordMatches(w.password_hash, options.password))) {
      throw new ApiError(403, 'forbidden', { password: { key: 'error.webcast.incorrectPassword' } });
    }
  }
  return { answer: options.lite ? lite(deps, w, true) : full(deps, w, true), passwordHash: w.password_hash };
}

async function managedWebcast(deps: WebcastDeps, actor: Actor, webcastId: string) {
  const w = await q.webcastById(deps.db, webcastId);
  if (!w) throw notFound('error.webcast.notFound');
  requireManager(actor, w.broadcaster_id);
  return w;
}

async function metadataView(deps: WebcastDeps, broadcasterId: string): Promise<WebcastMetadata> {
  const d = (await q.defaultsOf(deps.db, broadcasterId)) as q.WebcastDefaultsRow;
  return {
    broadcasterID: d.broadcaster_id,
    defaultWebcastTitle: d.title,
    defaultWebcastDescription: d.description,
    defaultWebcastSpeakerName: d.speaker_name,
    defaultWebcastPassword: d.password_hash !== null,
    defaultWebcastReplay: d.replay,
    canWebcast: d.can_webcast,
    rtmpURL: deps.rtmpURL,
    streamKey: await q.streamKeyOf(deps.db, d.broadcaster_id),
    webcastingPause: pauseView(deps, await q.pauseOf(deps.db, d.broadcaster_id)),
  };
}

function pauseView(deps: WebcastDeps, p: q.StreamKeyPause): WebcastMetadata['webcastingPause'] {
  const pause = pauseInForce(p, deps.now());
  if (!pause) return null;
  const limitMs = pause.reason === 'overlong' ? deps.stops.overlongMs : deps.stops.unattendedMs;
  return { until: new Date(pause.until).toISOString(), reason: pause.reason, limitHours: limitMs / 3_600_000 };
}

export async function webcastDefaults(deps: WebcastDeps, actor: Actor, broadcasterId: string) {
  const id = await requireBroadcaster(deps.db, broadcasterId);
  requireManager(actor, id);
  return metadataView(deps, id);
}

/** Blank text is left out (spec §5); '' or null as a password removes it. */
const given = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);
const passwordChange = async (p: string | null | undefined) =>
  p === undefined ? undefined : p ? await hashPassword(p) : null;

export async function updateWebcastDefaults(
  deps: WebcastDeps,
  actor: Actor,
  broadcasterId: string,
  body: z.output<typeof updateWebcastDefaultsBody>,
) {
  const id = await requireBroadcaster(deps.db, broadcasterId);
  requireManager(actor, id);
  const passwordHash = await passwordChange(body.defaultWebcastPassword);
  await deps.db.transaction(async (tx) => {
    await q.saveDefaults(tx, id, {
      title: given(body.defaultWebcastTitle),
      description: given(body.defaultWebcastDescription),
      speakerName: given(body.defaultWebcastSpeakerName),
      passwordHash,
      replay: body.defaultWebcastReplay,
    });
    if (body.resetStreamToken) await q.resetStreamKey(tx, id);
    else if (body.resumeWebcasting) await q.liftPause(tx, id);
  });
  return metadataView(deps, id);
}

export async function updateWebcast(
  deps: WebcastDeps,
  actor: Actor,
  webcastId: string,
  body: z.output<typeof updateWebcastBody>,
): Promise<Webcast> {
  await managedWebcast(deps, actor, webcastId);
  const passwordHash = await passwordChange(body.password);
  await deps.db.transaction((tx) =>
    q.saveWebcastMetadata(tx, webcastId, {
      title: given(body.title),
      description: given(body.description),
      speakerName: given(body.speakerName),
      passwordHash,
      replay: body.replay,
    }),
  );
  return full(deps, (await q.webcastById(deps.db, webcastId)) as q.WebcastRow, true);
}

export async function webcastStats(deps: WebcastDeps, actor: Actor, webcastId: string) {
  const w = await managedWebcast(deps, actor, webcastId);
  return {
    webcastID: w.webcast_id,
    state: w.state,
    durationSeconds: full(deps, w, true).durationSeconds,
    peakViewers: w.peak_viewers,
    totalViewers: w.total_viewers,
    minutesWatched: Math.round(w.minutes_watched * 10) / 10,
  };
}

export async function broadcasterTotals(deps: WebcastDeps, actor: Actor, broadcasterId: string) {
  const id = await requireBroadcaster(deps.db, broadcasterId);
  requireManager(actor, id);
  const t = await q.totalsOf(deps.db, id);
  return {
    broadcasterID: id,
    webcastCount: t.webcast_count,
    totalDurationSeconds: t.total_seconds,
    peakViewers: t.peak_viewers,
    totalViewers: t.total_viewers,
    minutesWatched: Math.round(t.minutes_watched * 10) / 10,
  };
}

/** Health (spec §4): the state the latest ratings add up to, from the stored events. */
export async function webcastHealth(deps: WebcastDeps, actor: Actor, webcastId: string) {
  return healthOf(deps, await managedWebcast(deps, actor, webcastId));
}

/** Severity order of the overview: what needs a look first. */
const SEVERITY: Record<StreamHealthState, number> = {
  critical: 0,
  unhealthy: 1,
  offline: 2,
  warning: 3,
  healthy: 4,
};

/**
 * For site admins (/admin/webcast-health): every webcast on air or waiting for its publisher,
 * with its health and latest events, the worst first.
 */
export async function healthOverview(deps: WebcastDeps) {
  const rows = await q.webcastsOnAir(deps.db);
  const results = await Promise.all(
    rows.map(async (w) => ({
      ...(await healthOf(deps, w)),
      broadcasterID: w.broadcaster_id,
      broadcasterName: w.broadcaster_name,
      title: w.title,
      startTimestamp: w.start_time === null ? null : Math.floor(w.start_time / 1000),
    })),
  );
  return { results: results.sort((a, b) => SEVERITY[a.state] - SEVERITY[b.state]) };
}

async function healthOf(deps: WebcastDeps, w: q.WebcastRow) {
  const events = await q.healthEventsOf(deps.db, w.webcast_id, 200);
  // Ratings since the latest connection (a new publisher starts from normal).
  const connected = events.findIndex((e) => e.event === 'connected');
  const sinceConnect = connected < 0 ? events : events.slice(0, connected);
  const levels: Partial<Record<StreamHealthMetric, Level>> = {};
  for (const metric of STREAM_HEALTH_METRICS) {
    const last = sinceConnect.find((e) => e.event.startsWith(`${metric}-`));
    if (last) levels[metric] = last.event.slice(metric.length + 1) as Level;
  }
  const disconnect = events.find((e) => e.event === 'disconnected');
  return {
    webcastID: w.webcast_id,
    webcastState: w.state,
    state: healthState({
      live: w.state === 'live',
      levels,
      msSinceDisconnect: disconnect ? deps.now() - disconnect.at : null,
    }),
    framerate: levels.framerate ?? null,
    bitrate: levels.bitrate ?? null,
    speed: levels.speed ?? null,
    keyframes: levels.keyframes ?? null,
    events: events
      .filter((e) => (STREAM_HEALTH_EVENTS as readonly string[]).includes(e.event))
      .map((e) => ({ event: e.event, timestamp: Math.floor(e.at / 1000), detail: e.detail })),
  };
}
