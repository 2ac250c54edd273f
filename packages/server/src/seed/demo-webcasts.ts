import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { SITE_TIME_ZONE } from '@kerygma/domain/site-clock';
import { run } from '@kerygma/ffmpeg/run';
import type { Db } from '../db/db.ts';
import { PLAYLIST } from '../webcasts/hls-packager.ts';
import type { DemoCatalogue, DemoSermon } from './demo-catalogue.ts';
import { VIDEO_SECONDS } from './demo-media.ts';

/**
 * The demo's past webcasts (issue 27), and two announced ahead (`demoSchedules`): two ended Sunday webcasts with a listed replay for each
 * broadcaster of the first demo video sermons, the later one of the first broadcaster archived
 * as that sermon (`archived_webcast_id` both ways, as webcast-archive.ts links a real one). The
 * replays are the video sermons' own rendered originals (demo-media.ts), repackaged without
 * re-encoding into VOD HLS in the webcasts' folder by the 'demo.media' job once it has them;
 * until then a webcast has no recording and lists no replay.
 */

/** Broadcasters given past webcasts: each from one demo video sermon. */
const BROADCASTERS_WITH_WEBCASTS = 3;
const WEEK_MS = 7 * 24 * 3600_000;
/** Sunday service at 15:00 UTC on the sermon's preach date: 10 or 11 in the morning, US Eastern. */
const SERVICE_HOUR = 'T15:00:00Z';

export type DemoWebcast = {
  webcastId: string;
  broadcasterId: string;
  title: string;
  speakerName: string;
  /** Epoch ms. */
  start: number;
  /** The sermon it was archived as, if any. */
  archivedSermonId: string | null;
  /** The video sermon whose recording is its replay. */
  sourceSermonId: string;
};

/** The demo webcasts for the video sermons given media (`withMedia`, chooseMediaSermons' order). */
export function demoWebcasts(catalogue: DemoCatalogue, withMedia: readonly DemoSermon[]): DemoWebcast[] {
  const speakers = new Map(catalogue.speakers.map((s) => [s.speakerId, s.displayName]));
  return withMedia
    .filter((s) => s.hasVideo)
    .slice(0, BROADCASTERS_WITH_WEBCASTS)
    .flatMap((sermon, b) => {
      const start = Date.parse(`${sermon.preachDate}${SERVICE_HOUR}`);
      const speakerName = speakers.get(sermon.speakerId) ?? '';
      // Webcast IDs are integers (webcasts.queries.ts); the demo's are fixed so a reseed rewrites the same folders.
      const id = (n: number) => String(7_000_000_000 + b * 10 + n);
      return [
        {
          webcastId: id(1),
          broadcasterId: sermon.broadcasterId,
          title: sermon.displayTitle,
          speakerName,
          start,
          archivedSermonId: b === 0 ? sermon.sermonId : null,
          sourceSermonId: sermon.sermonId,
        },
        {
          webcastId: id(2),
          broadcasterId: sermon.broadcasterId,
          title: 'Lord’s Day morning worship',
          speakerName,
          start: start - WEEK_MS,
          archivedSermonId: null,
          sourceSermonId: sermon.sermonId,
        },
      ];
    });
}

/** Inserts the webcasts, ended and not yet recorded, and links the archived sermon to its webcast. */
export async function insertDemoWebcasts(tx: Db, webcasts: readonly DemoWebcast[]): Promise<void> {
  for (const w of webcasts) {
    await tx.query(
      `INSERT INTO webcast (webcast_id, broadcaster_id, title, speaker_name, replay, state, created_at, start_time,
                            end_time, archived_sermon_id)
       VALUES ($1, $2, $3, $4, 'listed', 'ended', $5, $5, $6, $7)`,
      [
        w.webcastId,
        w.broadcasterId,
        w.title,
        w.speakerName,
        new Date(w.start).toISOString(),
        new Date(w.start + VIDEO_SECONDS * 1000).toISOString(),
        w.archivedSermonId,
      ],
    );
    if (w.archivedSermonId)
      await tx.query('UPDATE sermon SET archived_webcast_id = $2 WHERE sermon_id = $1', [
        w.archivedSermonId,
        w.webcastId,
      ]);
  }
}

export type DemoSchedule = {
  broadcasterId: string;
  title: string;
  description: string;
  startsAt: number;
  minutes: number;
};

const DAY_MS = 24 * 3600_000;

/** US Eastern's offset from UTC at an instant, in ms (e.g. -5 h in winter). */
function easternOffsetMs(at: number): number {
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const [, sign, hours, minutes] = /GMT([+-])(\d\d):(\d\d)/.exec(zone ?? '') ?? [];
  return (sign === '-' ? -1 : 1) * (Number(hours) * 3600_000 + Number(minutes) * 60_000);
}

/** The next `weekday` (0 Sunday) at `hours`:`minutes` US Eastern, at least a day after `now`. */
function nextEastern(now: number, weekday: number, hours: number, minutes: number): number {
  const today = new Date(now + easternOffsetMs(now)); // Eastern's wall clock, read as UTC
  const ahead = (weekday - today.getUTCDay() + 7) % 7 || 7;
  for (let days = ahead; ; days += 7) {
    const wall = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days, hours, minutes);
    const at = wall - easternOffsetMs(wall);
    if (at - now >= DAY_MS) return at;
  }
}

/**
 * Webcasts the demo announces ahead (issue 27), so a fresh site shows 'Coming up': the next
 * Sunday morning service (10:30) and midweek prayer meeting (Wednesday, 19:00), US Eastern, each
 * at least a day off, by the first two broadcasters that may webcast. `now`: the seed time, epoch ms.
 */
export function demoSchedules(catalogue: DemoCatalogue, now: number): DemoSchedule[] {
  const [first, second = first] = catalogue.broadcasters.filter((b) => b.canWebcast);
  if (!first || !second) return [];
  return [
    {
      broadcasterId: first.broadcasterId,
      title: 'Lord’s Day morning worship',
      description: 'Hymns, prayer and the preaching of the Word.',
      startsAt: nextEastern(now, 0, 10, 30),
      minutes: 90,
    },
    {
      broadcasterId: second.broadcasterId,
      title: 'Midweek prayer meeting',
      description: '',
      startsAt: nextEastern(now, 3, 19, 0),
      minutes: 60,
    },
  ];
}

export async function insertDemoSchedules(tx: Db, schedules: readonly DemoSchedule[]): Promise<void> {
  for (const s of schedules) {
    await tx.query(
      `INSERT INTO webcast_schedule (broadcaster_id, title, description, starts_at, expected_minutes)
       VALUES ($1, $2, $3, $4, $5)`,
      [s.broadcasterId, s.title, s.description, new Date(s.startsAt).toISOString(), s.minutes],
    );
  }
}

/**
 * A demo webcast's replay from a rendered original: its streams copied into VOD HLS in
 * `<liveDir>/<webcastId>/` (the segments named as the live packager names them), then the
 * webcast marked recorded. Written again on every run: a reseed keeps the same IDs.
 */
export async function writeDemoReplay(
  db: Db,
  original: string,
  liveDir: string,
  webcastId: string,
  signal?: AbortSignal,
): Promise<void> {
  const dir = path.join(liveDir, webcastId);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      original,
      '-c',
      'copy',
      '-f',
      'hls',
      '-hls_time',
      '6',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      path.join(dir, 'seg-%05d.ts'),
      path.join(dir, PLAYLIST),
    ],
    { signal },
  );
  await db.query('UPDATE webcast SET has_recording = true WHERE webcast_id = $1', [webcastId]);
}
