import type { Db } from '../db/db.ts';

export type NoticeRow = {
  notice_id: number;
  broadcaster_id: string;
  title: string;
  body: string;
  created: number;
  expires: number | null;
};

const NOTICE_COLUMNS = `notice_id::int4 AS notice_id, broadcaster_id, title, body,
  extract(epoch FROM created_at)::int8 AS created, extract(epoch FROM expires_at)::int8 AS expires`;
const LIVE = '(expires_at IS NULL OR expires_at > now())';

export async function noticesOf(
  db: Db,
  id: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: NoticeRow[]; total: number }> {
  const rows = await db.query<NoticeRow>(
    `SELECT ${NOTICE_COLUMNS} FROM broadcaster_notice WHERE broadcaster_id = $1 AND ${LIVE}
      ORDER BY created_at DESC, notice_id DESC LIMIT $2 OFFSET $3`,
    [id, page.pageSize, (page.page - 1) * page.pageSize],
  );
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int4 AS total FROM broadcaster_notice WHERE broadcaster_id = $1 AND ${LIVE}`,
    [id],
  );
  return { rows, total: count?.total ?? 0 };
}

export async function insertNotice(
  db: Db,
  n: { broadcasterId: string; title: string; body: string; expires: number | null },
): Promise<NoticeRow> {
  const [row] = await db.query<NoticeRow>(
    `INSERT INTO broadcaster_notice (broadcaster_id, title, body, expires_at)
     VALUES ($1, $2, $3, to_timestamp($4)) RETURNING ${NOTICE_COLUMNS}`,
    [n.broadcasterId, n.title, n.body, n.expires],
  );
  return row as NoticeRow;
}

export async function deleteNotice(db: Db, id: string, noticeId: number): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM broadcaster_notice WHERE broadcaster_id = $1 AND notice_id = $2 RETURNING 1',
    [id, noticeId],
  );
  return rows.length > 0;
}

export type LifetimeRow = {
  sermons: number;
  plays: number;
  audio_plays: number;
  video_plays: number;
  downloads: number;
  video_downloads: number;
};

export async function lifetimeOf(db: Db, id: string): Promise<LifetimeRow> {
  const [row] = await db.query<LifetimeRow>(
    `SELECT count(*)::int4 AS sermons, coalesce(sum(play_count), 0)::int8 AS plays,
            coalesce(sum(audio_play_count), 0)::int8 AS audio_plays, coalesce(sum(video_play_count), 0)::int8 AS video_plays,
            coalesce(sum(download_count), 0)::int8 AS downloads,
            coalesce(sum(video_download_count), 0)::int8 AS video_downloads
       FROM sermon WHERE broadcaster_id = $1`,
    [id],
  );
  return row as LifetimeRow;
}

export type DayRow = { date: string; plays: number; downloads: number };

/** Each of the last `days` days (UTC), oldest first, zero where nothing was counted. */
export async function recentDays(db: Db, id: string, days: number): Promise<DayRow[]> {
  return db.query<DayRow>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(s.plays, 0) AS plays, coalesce(s.downloads, 0) AS downloads
       FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($2::int - 1), (now() AT TIME ZONE 'UTC')::date,
                            interval '1 day') AS d(day)
       LEFT JOIN broadcaster_daily_stats s ON s.broadcaster_id = $1 AND s.day = d.day::date
      ORDER BY d.day`,
    [id, days],
  );
}

export type SermonStatRow = {
  sermon_id: string;
  full_title: string;
  preach_date: string | null;
  plays: number;
  downloads: number;
};

export async function sermonStatsOf(
  db: Db,
  id: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: SermonStatRow[]; total: number }> {
  const rows = await db.query<SermonStatRow>(
    `SELECT sermon_id, full_title, to_char(preach_date, 'YYYY-MM-DD') AS preach_date, play_count AS plays,
            (download_count + video_download_count) AS downloads
       FROM sermon WHERE broadcaster_id = $1
      ORDER BY play_count DESC, sermon_id DESC LIMIT $2 OFFSET $3`,
    [id, page.pageSize, (page.page - 1) * page.pageSize],
  );
  const [count] = await db.query<{ total: number }>(
    'SELECT count(*)::int4 AS total FROM sermon WHERE broadcaster_id = $1',
    [id],
  );
  return { rows, total: count?.total ?? 0 };
}
