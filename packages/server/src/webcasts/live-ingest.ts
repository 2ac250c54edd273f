import { EventEmitter } from 'node:events';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { StreamHealthEvent, StreamHealthMetric } from '@kerygma/domain/contracts/webcasts';
import type { Logger } from 'pino';
import type { Db } from '../db/db.ts';
import { enqueue } from '../jobs/queue.ts';
import type { MediaStore } from '../storage/store.ts';
import { type Packager, PLAYLIST, type ProgressReport } from './hls-packager.ts';
import { rateKeyframes, recentSegmentSeconds } from './keyframe-health.ts';
import { closeAsReplay } from './live-playlist.ts';
import { startRungs } from './live-rungs.ts';
import { type Publisher, startRtmpIngest } from './rtmp-ingest.ts';
import { type Level, measure, rate } from './stream-health.ts';
import { archiveWebcast } from './webcast-archive.ts';
import { pauseInForce, pauseUntil, type StopLimits, watchStops } from './webcast-stops.ts';
import * as q from './webcasts.queries.ts';

/**
 * The live ingest (spec §4 webcast states): publishers accepted by their stream key, each
 * webcast taken live, its stream repackaged to HLS in `<liveDir>/<webcastID>/`, its health
 * measured, offline when the publisher goes and ended after `offlineMs` without one. Runs in
 * the one process by default, or alone as `--role ingest` (main.ts).
 */

export type WebcastSettings = {
  /** RTMP port; null: no ingest in this process. */
  rtmpPort: number | null;
  rtmpHost?: string;
  /** Where the webcasts' HLS folders are (served at /live-media/, live-media.routes.ts). */
  liveDir: string;
  segmentSeconds: number;
  /** The live playlist's DVR window. */
  dvrSeconds: number;
  /** How long a webcast stays offline (resumable) before it ends. */
  offlineMs: number;
  /** A lower, re-encoded rung beside the copied one, and a master playlist (live-rungs.ts). */
  lowerRung: boolean;
  /** When a live webcast is stopped as overlong or unattended (webcast-stops.ts). */
  stops: StopLimits;
  /** RTMPS beside RTMP (rtmp-ingest.ts): its port and PEM files; null: off. */
  rtmps: { port: number; certFile: string; keyFile: string } | null;
};

/** A broadcaster's stream as it goes live or offline: what a restream or the video wall hooks into. */
export type LiveStream = {
  webcastId: string;
  broadcasterId: string;
  /** rtmp://127.0.0.1:<port>/live/<key>: the stream as published, playable from this machine only. */
  rtmpUrl: string;
  /** The folder of its HLS playlist (index.m3u8) and segments. */
  hlsDir: string;
};

export type LiveIngestEvents = {
  live: [LiveStream];
  offline: [LiveStream];
  /** `sermonId`: the draft sermon its recording was archived to (webcast-archive.ts). */
  ended: [{ webcastId: string; broadcasterId: string; replay: boolean; sermonId: string | null }];
};

export type LiveIngest = {
  port: number;
  /** The RTMPS port, when on. */
  tlsPort: number | null;
  events: EventEmitter<LiveIngestEvents>;
  /** The streams live in this process now. */
  liveStreams(): LiveStream[];
  /** Ends the webcasts offline for longer than `offlineMs` (also run on a timer). */
  endStale(): Promise<void>;
  stop(): Promise<void>;
};

/** Measurements start after this many seconds: a publish begins with a burst (the key frame cache). */
const WARMUP_MS = 3000;
/** Each measurement spans this much of the stream, so one slow second raises no event. */
const MEASURE_SPAN_MS = 3000;
/** How often the segments' lengths are read for the keyframe interval (keyframe-health.ts). */
const KEYFRAME_CHECK_MS = 2000;

type Active = {
  stream: LiveStream;
  packager: Packager;
  publisher: Publisher;
  audioOnly: boolean;
  framerate: number | null;
  reports: ProgressReport[];
  startedMs: number;
  levels: Partial<Record<StreamHealthMetric, Level>>;
  recorded: boolean;
  keyframesCheckedMs: number;
};

export async function startLiveIngest(deps: {
  db: Db;
  settings: WebcastSettings;
  log: Logger;
  /** Where an ended webcast's recording is archived as a sermon's original; none: not archived. */
  media?: MediaStore;
  now?: () => number;
}): Promise<LiveIngest> {
  const { db, settings, log } = deps;
  const now = deps.now ?? Date.now;
  if (settings.rtmpPort === null) throw new Error('The RTMP ingest is turned off (RTMP_PORT)');
  const events = new EventEmitter<LiveIngestEvents>();
  const active = new Map<string, Active>(); // by broadcaster
  const lastCodecs = new Map<string, string>(); // by webcast
  // A broadcaster's publishes and disconnections are handled one after another.
  const queues = new Map<string, Promise<unknown>>();
  const serial = <T>(broadcasterId: string, fn: () => Promise<T>): Promise<T> => {
    const next = (queues.get(broadcasterId) ?? Promise.resolve()).then(fn, fn);
    queues.set(
      broadcasterId,
      next.catch(() => undefined),
    );
    return next;
  };
  const record = (webcastId: string, event: StreamHealthEvent, detail: object = {}) =>
    q.addHealthEvent(db, webcastId, event, detail).catch((err) => log.warn({ err }, 'health event lost'));

  await q.offlineOrphans(db);

  const rated = (a: Active, metric: StreamHealthMetric, level: Level, detail: object) => {
    if (level === (a.levels[metric] ?? 'normal')) return;
    a.levels[metric] = level;
    // Every rating is an event but 'keyframes-low': keyframes are rated normal or high only (keyframe-health.ts).
    void record(a.stream.webcastId, `${metric}-${level}` as StreamHealthEvent, detail);
  };
  const checkKeyframes = async (a: Active) => {
    const playlist = await readFile(path.join(a.stream.hlsDir, PLAYLIST), 'utf8').catch(() => '');
    const seconds = a.audioOnly ? null : recentSegmentSeconds(playlist);
    if (seconds !== null) rated(a, 'keyframes', rateKeyframes(seconds, settings.segmentSeconds), { seconds });
  };

  const onProgress = (a: Active, report: ProgressReport) => {
    if (!a.recorded && report.outTimeSeconds > 0) {
      a.recorded = true;
      void q.setStreamFacts(db, a.stream.webcastId, { hasRecording: true });
    }
    if (report.atMs - a.startedMs < WARMUP_MS) return;
    if (report.atMs - a.keyframesCheckedMs >= KEYFRAME_CHECK_MS) {
      a.keyframesCheckedMs = report.atMs;
      void checkKeyframes(a);
    }
    a.reports.push(report);
    const from = a.reports.find((r) => report.atMs - r.atMs <= MEASURE_SPAN_MS + 500) ?? a.reports[0];
    a.reports = a.reports.filter((r) => report.atMs - r.atMs <= MEASURE_SPAN_MS + 500);
    if (!from || report.atMs - from.atMs < MEASURE_SPAN_MS - 500) return;
    const m = measure(from, report, a.audioOnly);
    if (!m) return;
    const levels = rate(m, a.framerate, a.audioOnly);
    for (const metric of ['framerate', 'bitrate', 'speed'] as const) {
      const level = levels[metric];
      if (level) rated(a, metric, level, m);
    }
  };

  const accept = (publisher: Publisher) => async (): Promise<boolean> => {
    const who = await q.broadcasterForStreamKey(db, publisher.streamKey);
    if (!who?.can_webcast) return false;
    // The cooldown after a server stop (webcast-stops.ts): the encoder reconnecting is refused.
    const paused = pauseInForce(who, now());
    if (paused) {
      log.info(
        { broadcasterId: who.broadcaster_id, pausedUntil: new Date(paused.until).toISOString(), reason: paused.reason },
        'publish refused: webcasting paused after a server stop',
      );
      return false;
    }
    if (active.has(who.broadcaster_id)) return false; // one publisher per broadcaster
    const { webcastId, resume } = await db.transaction(async (tx) => {
      const open = await q.openWebcastOf(tx, who.broadcaster_id);
      const id = open?.webcast_id ?? (await q.insertWebcast(tx, who.broadcaster_id));
      await q.setState(tx, id, 'live');
      // Its first time live, not a publisher back within the offline time: tell the followers.
      if (!open?.start_time)
        await enqueue(tx, 'webcasts.go-live-mail', { webcastId: id }, { dedupeKey: `webcasts.go-live-mail:${id}` });
      return { webcastId: id, resume: open?.has_recording ?? false };
    });
    void record(webcastId, 'connected', { resumed: resume });
    const stream: LiveStream = {
      webcastId,
      broadcasterId: who.broadcaster_id,
      rtmpUrl: ingest.localUrl(publisher.streamKey),
      hlsDir: path.join(settings.liveDir, webcastId),
    };
    const a: Active = {
      stream,
      publisher,
      audioOnly: false,
      framerate: null,
      reports: [],
      startedMs: now(),
      levels: {},
      recorded: false,
      keyframesCheckedMs: 0,
      packager: startRungs({
        input: stream.rtmpUrl,
        dir: stream.hlsDir,
        segmentSeconds: settings.segmentSeconds,
        resume,
        lowerRung: settings.lowerRung,
        onError: (err) => log.warn({ err, webcastId }, 'lower rung failed'),
        now,
        onProgress: (report) => onProgress(a, report),
        onStreams: (info) => {
          a.audioOnly = info.video === null;
          a.framerate = info.framerate;
          void q.setStreamFacts(db, webcastId, { audioOnly: a.audioOnly });
          const codecs = `${info.video ?? 'none'}/${info.audio ?? 'none'}`;
          const before = lastCodecs.get(webcastId);
          if (before && before !== codecs) void record(webcastId, 'codec-changed', { from: before, to: codecs });
          lastCodecs.set(webcastId, codecs);
        },
      }),
    };
    active.set(who.broadcaster_id, a);
    log.info({ webcastId, broadcasterId: who.broadcaster_id }, 'webcast live');
    events.emit('live', stream);
    publisher.onClose(() => void serial(who.broadcaster_id, () => disconnected(a)));
    // ffmpeg stopping on its own (a stream it cannot read) drops the publisher, which ends it above.
    void a.packager.done.then(() => {
      if (active.get(who.broadcaster_id) === a) publisher.close();
    });
    return true;
  };

  const disconnected = async (a: Active) => {
    if (active.get(a.stream.broadcasterId) !== a) return; // already handled
    active.delete(a.stream.broadcasterId);
    await a.packager.stop();
    await db.transaction((tx) => q.setState(tx, a.stream.webcastId, 'offline'));
    await record(a.stream.webcastId, 'disconnected');
    log.info({ webcastId: a.stream.webcastId }, 'webcast offline');
    events.emit('offline', a.stream);
  };

  /** Closes ended webcasts' replays (or removes their files), archives their recordings. */
  const finish = async (ended: q.WebcastRow[]) => {
    for (const w of ended) {
      const dir = path.join(settings.liveDir, w.webcast_id);
      const recorded = w.has_recording && (await closeAsReplay(dir));
      const sermonId =
        recorded && deps.media
          ? await archiveWebcast({ db, media: deps.media }, w, dir).catch((err) => {
              log.error({ err, webcastId: w.webcast_id }, 'could not archive the webcast');
              return null;
            })
          : null;
      const replay = recorded && w.replay !== 'none';
      if (!replay) await rm(dir, { recursive: true, force: true });
      lastCodecs.delete(w.webcast_id);
      log.info({ webcastId: w.webcast_id, replay, sermonId }, 'webcast ended');
      events.emit('ended', { webcastId: w.webcast_id, broadcasterId: w.broadcaster_id, replay, sermonId });
    }
  };
  const endStale = async () => finish(await q.endStaleWebcasts(db, now() - settings.offlineMs));

  /** The server's stop (webcast-stops.ts): the publisher dropped, the webcast ended at once, archived as usual. */
  const stopWebcast = (broadcasterId: string, reason: q.StopReason) =>
    serial(broadcasterId, async () => {
      const a = active.get(broadcasterId);
      if (!a) return;
      await record(a.stream.webcastId, `killed-${reason}`);
      a.publisher.close();
      await disconnected(a);
      await finish(
        await q.endStoppedWebcast(db, a.stream.webcastId, reason, pauseUntil(reason, settings.stops, now())),
      );
    });

  const tls = settings.rtmps && {
    port: settings.rtmps.port,
    cert: await readFile(settings.rtmps.certFile),
    key: await readFile(settings.rtmps.keyFile),
  };
  const ingest = await startRtmpIngest({
    port: settings.rtmpPort,
    host: settings.rtmpHost,
    ...(tls ? { tls } : {}),
    onPublish: async (publisher) => {
      const broadcaster = await q.broadcasterForStreamKey(db, publisher.streamKey);
      const accepted = await serial(broadcaster?.broadcaster_id ?? publisher.streamKey, accept(publisher));
      if (!accepted) log.info({ session: publisher.sessionId }, 'publish refused');
      return accepted;
    },
    onError: (err) => log.error({ err }, 'publish failed'),
  });

  const timer = setInterval(
    () => void endStale().catch((err) => log.warn({ err }, 'could not end webcasts')),
    Math.max(100, Math.min(settings.offlineMs / 4, 30_000)),
  );
  timer.unref();
  const stops = watchStops({
    db,
    limits: settings.stops,
    log,
    now,
    live: () => [...active.values()].map((a) => ({ ...a.stream, publishedMs: a.startedMs })),
    stop: stopWebcast,
  });

  return {
    port: ingest.port,
    tlsPort: ingest.tlsPort,
    events,
    liveStreams: () => [...active.values()].map((a) => a.stream),
    endStale,
    stop: async () => {
      clearInterval(timer);
      stops.stop();
      await ingest.stop();
      await Promise.all([...active.values()].map((a) => serial(a.stream.broadcasterId, () => disconnected(a))));
    },
  };
}
