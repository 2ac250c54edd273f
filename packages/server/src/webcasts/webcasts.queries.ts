import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db/db.ts';

/** SQL of webcasts (migration 0053): rows, stream keys, per-broadcaster defaults, health events. */

export type WebcastState = 'pending' | 'live' | 'offline' | 'ended';
export type ReplayMode = 'listed' | 'unlisted' | 'none';

export type WebcastRow = {
  webcast_id: string;
  broadcaster_id: string;
  broadcaster_name: string;
  title: string;
  description: string;
  speaker_name: string;
  password_hash: string | null;
  replay: ReplayMode;
  audio_only: boolean;
  state: WebcastState;
  /** Epoch seconds. */
  start_time: number | null;
  end_time: number | null;
  offline_since: number | null;
  has_recording: boolean;
  peak_viewers: number;
  total_viewers: number;
  minutes_watched: number;
  archived_sermon_id: string | null;
  stop_reason: StopReason | null;
};

const epoch = (column: string) => `floor(extract(epoch FROM w.${column}))::int8 AS ${column}`;
export const WEBCAST_COLUMNS = `w.webcast_id, w.broadcaster_id, b.display_name AS broadcaster_name, w.title,
  w.description, w.speaker_name, w.password_hash, w.replay, w.audio_only, w.state, ${epoch('start_time')},
  ${epoch('end_time')}, ${epoch('offline_since')}, w.has_recording, w.peak_viewers, w.total_viewers,
  w.minutes_watched, w.archived_sermon_id, w.stop_reason`;
const FROM = 'FROM webcast w JOIN broadcaster b ON b.broadcaster_id = w.broadcaster_id';

/**
 * Webcast IDs are integers, as SermonAudio's (a sermon's archivedWebcastID is read as a number),
 * drawn at random so one webcast's ID does not lead to the next's files.
 */
export const newWebcastId = () => String(randomInt(1e12, 2 ** 48));
export const newStreamKey = () => randomBytes(18).toString('base64url');

export async function webcastById(db: Db, id: string): Promise<WebcastRow | undefined> {
  const [row] = await db.query<WebcastRow>(`SELECT ${WEBCAST_COLUMNS} ${FROM} WHERE w.webcast_id = $1`, [id]);
  return row;
}

/** The broadcaster's webcast that is not ended (at most one, by the unique index), locked in a transaction. */
export async function openWebcastOf(tx: Db, broadcasterId: string): Promise<WebcastRow | undefined> {
  const [row] = await tx.query<WebcastRow>(
    `SELECT ${WEBCAST_COLUMNS} ${FROM} WHERE w.broadcaster_id = $1 AND w.state <> 'ended' FOR UPDATE OF w`,
    [broadcasterId],
  );
  return row;
}

/** A new webcast with the broadcaster's defaults. */
export async function insertWebcast(tx: Db, broadcasterId: string): Promise<string> {
  const id = newWebcastId();
  await tx.query(
    `INSERT INTO webcast (webcast_id, broadcaster_id, title, description, speaker_name, password_hash, replay)
     SELECT $1, b.broadcaster_id, coalesce(d.title, ''), coalesce(d.description, ''), coalesce(d.speaker_name, ''),
            d.password_hash, coalesce(d.replay, 'listed')
       FROM broadcaster b LEFT JOIN broadcaster_webcast_defaults d ON d.broadcaster_id = b.broadcaster_id
      WHERE b.broadcaster_id = $2`,
    [id, broadcasterId],
  );
  return id;
}

export async function setState(tx: Db, id: string, state: 'live' | 'offline'): Promise<void> {
  await tx.query(
    `UPDATE webcast SET state = $2,
            start_time = CASE WHEN $2 = 'live' THEN coalesce(start_time, now()) ELSE start_time END,
            offline_since = CASE WHEN $2 = 'offline' THEN now() END
      WHERE webcast_id = $1`,
    [id, state],
  );
  await tx.query(
    `UPDATE broadcaster SET webcast_in_progress = $2
      WHERE broadcaster_id = (SELECT broadcaster_id FROM webcast WHERE webcast_id = $1)`,
    [id, state === 'live'],
  );
}

export async function setStreamFacts(db: Db, id: string, facts: { audioOnly?: boolean; hasRecording?: boolean }) {
  await db.query(
    `UPDATE webcast SET audio_only = coalesce($2, audio_only), has_recording = has_recording OR coalesce($3, false)
      WHERE webcast_id = $1`,
    [id, facts.audioOnly ?? null, facts.hasRecording ?? null],
  );
}

/** Ends the webcasts offline since before `cutoff` (ms), their end time the moment they went offline. */
export async function endStaleWebcasts(db: Db, cutoffMs: number): Promise<WebcastRow[]> {
  return db.transaction(async (tx) => {
    const ended = await tx.query<{ webcast_id: string }>(
      `UPDATE webcast SET state = 'ended', end_time = offline_since
        WHERE state = 'offline' AND offline_since < to_timestamp($1 / 1000.0)
        RETURNING webcast_id`,
      [cutoffMs],
    );
    return rowsOf(tx, ended);
  });
}

export type StopReason = 'unattended' | 'overlong' | 'disabled';

/**
 * Ends an offline webcast at once, stopped by the server for `reason` (webcast-stops.ts), and
 * with `pausedUntilMs` pauses its broadcaster's stream key until then (the cooldown, migration 0059).
 */
export async function endStoppedWebcast(
  db: Db,
  id: string,
  reason: StopReason,
  pausedUntilMs: number | null,
): Promise<WebcastRow[]> {
  return db.transaction(async (tx) => {
    const ended = await tx.query<{ webcast_id: string }>(
      `UPDATE webcast SET state = 'ended', end_time = coalesce(offline_since, now()), stop_reason = $2
        WHERE webcast_id = $1 AND state = 'offline' RETURNING webcast_id`,
      [id, reason],
    );
    if (pausedUntilMs !== null)
      await tx.query(
        `UPDATE broadcaster_stream_key SET paused_until = to_timestamp($2 / 1000.0), paused_reason = $3
          WHERE broadcaster_id = (SELECT broadcaster_id FROM webcast WHERE webcast_id = $1)`,
        [id, pausedUntilMs, reason],
      );
    return rowsOf(tx, ended);
  });
}

const rowsOf = async (tx: Db, ids: { webcast_id: string }[]) =>
  ids.length
    ? tx.query<WebcastRow>(`SELECT ${WEBCAST_COLUMNS} ${FROM} WHERE w.webcast_id = ANY($1::text[])`, [
        ids.map((e) => e.webcast_id),
      ])
    : [];

/** What the stops are decided from (epoch ms): its start, when it was last watched, whether it may still webcast. */
export type StopFactsRow = { webcast_id: string; started: number; attended: number | null; can_webcast: boolean };

export async function stopFacts(db: Db, ids: string[]): Promise<StopFactsRow[]> {
  return db.query<StopFactsRow>(
    `SELECT w.webcast_id, (extract(epoch FROM w.start_time) * 1000)::float8 AS started,
            (extract(epoch FROM w.last_attended_at) * 1000)::float8 AS attended, b.can_webcast
       ${FROM} WHERE w.webcast_id = ANY($1::text[]) AND w.state = 'live'`,
    [ids],
  );
}

/** Someone watches it now (attendance.ts). */
export async function markAttended(db: Db, id: string): Promise<void> {
  await db.query(`UPDATE webcast SET last_attended_at = now() WHERE webcast_id = $1 AND state = 'live'`, [id]);
}

/** Webcasts left live by a process that stopped (its publishers are gone): offline from now. */
export async function offlineOrphans(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE webcast SET state = 'offline', offline_since = now() WHERE state = 'live'`);
    await tx.query(
      `UPDATE broadcaster SET webcast_in_progress = false WHERE webcast_in_progress
          AND NOT EXISTS (SELECT 1 FROM webcast w WHERE w.broadcaster_id = broadcaster.broadcaster_id AND w.state = 'live')`,
    );
  });
}

// Stream keys

/** A stream key's pause after a server stop (migration 0059): until when (epoch ms) and why; nulls: none. */
export type StreamKeyPause = { paused_until: number | null; paused_reason: PauseReason | null };
export type PauseReason = Exclude<StopReason, 'disabled'>;
const PAUSE_COLUMNS = `(extract(epoch FROM k.paused_until) * 1000)::float8 AS paused_until, k.paused_reason`;

export async function broadcasterForStreamKey(
  db: Db,
  key: string,
): Promise<({ broadcaster_id: string; can_webcast: boolean } & StreamKeyPause) | undefined> {
  const [row] = await db.query<{ broadcaster_id: string; can_webcast: boolean } & StreamKeyPause>(
    `SELECT b.broadcaster_id, b.can_webcast, ${PAUSE_COLUMNS} FROM broadcaster_stream_key k
       JOIN broadcaster b ON b.broadcaster_id = k.broadcaster_id WHERE k.stream_key = $1`,
    [key],
  );
  return row;
}

/** The broadcaster's stream key pause, ended or not (the caller compares with its clock). */
export async function pauseOf(db: Db, broadcasterId: string): Promise<StreamKeyPause> {
  const [row] = await db.query<StreamKeyPause>(
    `SELECT ${PAUSE_COLUMNS} FROM broadcaster_stream_key k WHERE k.broadcaster_id = $1`,
    [broadcasterId],
  );
  return row ?? { paused_until: null, paused_reason: null };
}

/** A manager lets the broadcaster webcast again before the cooldown is over. */
export async function liftPause(tx: Db, broadcasterId: string): Promise<void> {
  await tx.query(
    'UPDATE broadcaster_stream_key SET paused_until = NULL, paused_reason = NULL WHERE broadcaster_id = $1',
    [broadcasterId],
  );
}

/** The broadcaster's stream key, made on first use. */
export async function streamKeyOf(db: Db, broadcasterId: string): Promise<string> {
  await db.query(
    'INSERT INTO broadcaster_stream_key (broadcaster_id, stream_key) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [broadcasterId, newStreamKey()],
  );
  const [row] = await db.query<{ stream_key: string }>(
    'SELECT stream_key FROM broadcaster_stream_key WHERE broadcaster_id = $1',
    [broadcasterId],
  );
  return (row as { stream_key: string }).stream_key;
}

/** A new stream key; it also lifts a pause (a person acted). */
export async function resetStreamKey(db: Db, broadcasterId: string): Promise<string> {
  const key = newStreamKey();
  await db.query(
    `INSERT INTO broadcaster_stream_key (broadcaster_id, stream_key) VALUES ($1, $2)
     ON CONFLICT (broadcaster_id) DO UPDATE SET stream_key = EXCLUDED.stream_key, created_at = now(),
       paused_until = NULL, paused_reason = NULL`,
    [broadcasterId, key],
  );
  return key;
}

// Health events

export async function addHealthEvent(db: Db, webcastId: string, event: string, detail: object = {}): Promise<void> {
  await db.query('INSERT INTO webcast_health_event (webcast_id, event, detail) VALUES ($1, $2, $3)', [
    webcastId,
    event,
    JSON.stringify(detail),
  ]);
}

export type HealthEventRow = { event: string; at: number; detail: Record<string, unknown> };

export async function healthEventsOf(db: Db, webcastId: string, limit: number): Promise<HealthEventRow[]> {
  return db.query<HealthEventRow>(
    `SELECT event, (extract(epoch FROM at) * 1000)::int8 AS at, detail FROM webcast_health_event
      WHERE webcast_id = $1 ORDER BY at DESC, id DESC LIMIT $2`,
    [webcastId, limit],
  );
}

// Lists (small: a broadcaster has hundreds of webcasts, the site a few thousand a year)

export async function liveWebcasts(db: Db, broadcasterId?: string): Promise<WebcastRow[]> {
  return db.query<WebcastRow>(
    `SELECT ${WEBCAST_COLUMNS} ${FROM} WHERE w.state = 'live' AND ($1::text IS NULL OR w.broadcaster_id = $1)
      ORDER BY w.start_time DESC, w.webcast_id DESC LIMIT 500`,
    [broadcasterId ?? null],
  );
}

/** Every webcast with a publisher or waiting for one back (live, offline), for the site's health overview. */
export async function webcastsOnAir(db: Db): Promise<WebcastRow[]> {
  return db.query<WebcastRow>(
    `SELECT ${WEBCAST_COLUMNS} ${FROM} WHERE w.state IN ('live', 'offline')
      ORDER BY w.start_time DESC, w.webcast_id DESC LIMIT 500`,
  );
}

export async function liveCount(db: Db, broadcasterId?: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int8 AS n FROM webcast WHERE state = 'live' AND ($1::text IS NULL OR broadcaster_id = $1)`,
    [broadcasterId ?? null],
  );
  return row?.n ?? 0;
}

export type WebcastFilter = {
  broadcasterId?: string;
  /** Ended with a listed replay only (the site's history), else live ones too. */
  endedOnly: boolean;
  oldestFirst: boolean;
  startFrom?: number;
  startTo?: number;
  minimumSeconds?: number;
  limit: number;
  offset: number;
};

/** Live webcasts and listed replays, newest (or oldest) first, one page and whether more follow. */
export async function listedWebcasts(db: Db, f: WebcastFilter): Promise<{ rows: WebcastRow[]; total: number }> {
  const where = `(w.state = 'ended' AND w.replay = 'listed' AND w.has_recording
                  ${f.endedOnly ? '' : "OR w.state = 'live'"})
     AND ($1::text IS NULL OR w.broadcaster_id = $1)
     AND ($2::int8 IS NULL OR w.start_time >= to_timestamp($2))
     AND ($3::int8 IS NULL OR w.start_time <= to_timestamp($3))
     AND ($4::int8 IS NULL OR extract(epoch FROM coalesce(w.end_time, now()) - w.start_time) >= $4)`;
  const params = [f.broadcasterId ?? null, f.startFrom ?? null, f.startTo ?? null, f.minimumSeconds ?? null];
  const order = f.oldestFirst ? 'ASC' : 'DESC';
  const rows = await db.query<WebcastRow>(
    `SELECT ${WEBCAST_COLUMNS} ${FROM} WHERE ${where}
      ORDER BY w.start_time ${order}, w.webcast_id ${order} LIMIT $5 OFFSET $6`,
    [...params, f.limit, f.offset],
  );
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM webcast w WHERE ${where}`, params);
  return { rows, total: count?.n ?? 0 };
}

export type WebcastTotalsRow = {
  webcast_count: number;
  total_seconds: number;
  peak_viewers: number;
  total_viewers: number;
  minutes_watched: number;
};

export async function totalsOf(db: Db, broadcasterId: string): Promise<WebcastTotalsRow> {
  const [row] = await db.query<WebcastTotalsRow>(
    `SELECT count(*)::int8 AS webcast_count,
            coalesce(sum(floor(extract(epoch FROM coalesce(end_time, now()) - start_time))), 0)::int8 AS total_seconds,
            coalesce(max(peak_viewers), 0)::int8 AS peak_viewers,
            coalesce(sum(total_viewers), 0)::int8 AS total_viewers,
            coalesce(sum(minutes_watched), 0)::float8 AS minutes_watched
       FROM webcast WHERE broadcaster_id = $1 AND start_time IS NOT NULL`,
    [broadcasterId],
  );
  return row as WebcastTotalsRow;
}

// Metadata

export type WebcastDefaultsRow = {
  broadcaster_id: string;
  can_webcast: boolean;
  title: string;
  description: string;
  speaker_name: string;
  password_hash: string | null;
  replay: ReplayMode;
};

export async function defaultsOf(db: Db, broadcasterId: string): Promise<WebcastDefaultsRow | undefined> {
  const [row] = await db.query<WebcastDefaultsRow>(
    `SELECT b.broadcaster_id, b.can_webcast, coalesce(d.title, '') AS title, coalesce(d.description, '') AS description,
            coalesce(d.speaker_name, '') AS speaker_name, d.password_hash, coalesce(d.replay, 'listed') AS replay
       FROM broadcaster b LEFT JOIN broadcaster_webcast_defaults d ON d.broadcaster_id = b.broadcaster_id
      WHERE b.broadcaster_id = $1`,
    [broadcasterId],
  );
  return row;
}

/** Changes the fields given (undefined: unchanged; a null password: none). */
export async function saveDefaults(
  tx: Db,
  broadcasterId: string,
  d: { title?: string; description?: string; speakerName?: string; passwordHash?: string | null; replay?: ReplayMode },
): Promise<void> {
  await tx.query(`INSERT INTO broadcaster_webcast_defaults (broadcaster_id) VALUES ($1) ON CONFLICT DO NOTHING`, [
    broadcasterId,
  ]);
  await tx.query(
    `UPDATE broadcaster_webcast_defaults SET
        title = coalesce($2, title), description = coalesce($3, description),
        speaker_name = coalesce($4, speaker_name),
        password_hash = CASE WHEN $5 THEN $6 ELSE password_hash END,
        replay = coalesce($7, replay)
      WHERE broadcaster_id = $1`,
    [
      broadcasterId,
      d.title ?? null,
      d.description ?? null,
      d.speakerName ?? null,
      d.passwordHash !== undefined,
      d.passwordHash ?? null,
      d.replay ?? null,
    ],
  );
}

export async function saveWebcastMetadata(
  tx: Db,
  webcastId: string,
  d: { title?: string; description?: string; speakerName?: string; passwordHash?: string | null; replay?: ReplayMode },
): Promise<void> {
  await tx.query(
    `UPDATE webcast SET
        title = coalesce($2, title), description = coalesce($3, description),
        speaker_name = coalesce($4, speaker_name),
        password_hash = CASE WHEN $5 THEN $6 ELSE password_hash END,
        replay = coalesce($7, replay)
      WHERE webcast_id = $1`,
    [
      webcastId,
      d.title ?? null,
      d.description ?? null,
      d.speakerName ?? null,
      d.passwordHash !== undefined,
      d.passwordHash ?? null,
      d.replay ?? null,
    ],
  );
}

/** Adds viewing measured at the HLS files (live-media.routes.ts). */
export async function addViewing(
  db: Db,
  webcastId: string,
  v: { concurrent: number; newViewers: number; minutes: number },
): Promise<void> {
  await db.query(
    `UPDATE webcast SET peak_viewers = greatest(peak_viewers, $2), total_viewers = total_viewers + $3,
            minutes_watched = minutes_watched + $4 WHERE webcast_id = $1`,
    [webcastId, v.concurrent, v.newViewers, v.minutes],
  );
}
