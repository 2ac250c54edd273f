import type { FollowKind } from '@kerygma/domain/account-rules';
import type { MailList } from '@kerygma/domain/contracts/library';
import { type KeyColumn, keyColumns, keysetCondition, rowKeys } from '../catalogue/keyset.ts';
import type { Db } from '../db/db.ts';
import { WEBCAST_COLUMNS, type WebcastRow } from '../webcasts/webcasts.queries.ts';

/** The listener's library in SQL (migration 0040). Times come in as epoch ms from the service's clock. */

const at = (ms: number) => new Date(ms).toISOString();
const PUBLISHED = 's.publish_timestamp IS NOT NULL AND s.publish_timestamp <= now()';

/** Each kind of follow: its table, its item column and how a path's value names an item. */
const FOLLOWS = {
  broadcaster: {
    table: 'follow_broadcaster',
    column: 'broadcaster_id',
    type: 'text',
    // Broadcaster ids are looked up in lower case (spec §3).
    resolve: 'SELECT broadcaster_id::text AS id FROM broadcaster WHERE broadcaster_id = lower($1::text)',
  },
  speaker: {
    table: 'follow_speaker',
    column: 'speaker_id',
    type: 'int8',
    // By display name (spec §3), in any case; a real speaker before a placeholder of that name.
    resolve: `SELECT speaker_id::text AS id FROM speaker WHERE lower(display_name) = lower($1::text)
              ORDER BY placeholder, speaker_id LIMIT 1`,
  },
  series: {
    table: 'follow_series',
    column: 'series_id',
    type: 'int8',
    resolve: 'SELECT series_id::text AS id FROM series WHERE series_id = $1::int8',
  },
  sermon: {
    table: 'follow_sermon',
    column: 'sermon_id',
    type: 'text',
    // Only a published sermon can be followed: a draft's id says nothing to other people.
    resolve: `SELECT s.sermon_id AS id FROM sermon s WHERE s.sermon_id = $1::text AND ${PUBLISHED}`,
  },
} as const satisfies Record<FollowKind, { table: string; column: string; type: string; resolve: string }>;

/**
 * The item a path names and whether the user follows it, in one statement; undefined when there
 * is no such item. The follow is read from the table's key alone (index-only).
 */
export async function followState(
  db: Db,
  kind: FollowKind,
  userId: number,
  name: string,
): Promise<{ id: string; followed: boolean } | undefined> {
  const f = FOLLOWS[kind];
  const rows = await db.query<{ id: string; followed: boolean }>(
    `SELECT i.id, EXISTS (SELECT 1 FROM ${f.table} WHERE user_id = $2 AND ${f.column} = i.id::${f.type}) AS followed
     FROM (${f.resolve}) i`,
    [name, userId],
    { prepare: true },
  );
  return rows[0];
}

/**
 * Follows an item unless the user already follows `max` of its kind. The user's row is locked
 * first, so two follows at once cannot both pass the count. Answers whether it is now followed
 * (false: the limit was reached).
 */
export async function follow(
  tx: Db,
  kind: FollowKind,
  userId: number,
  id: string,
  max: number,
  now: number,
): Promise<boolean> {
  const f = FOLLOWS[kind];
  await tx.query('SELECT 1 FROM app_user WHERE user_id = $1 FOR UPDATE', [userId]);
  const rows = await tx.query<{ followed: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${f.table} WHERE user_id = $1 AND ${f.column} = $2::${f.type}) AS followed,
            (SELECT count(*) FROM ${f.table} WHERE user_id = $1)::int4 AS count`,
    [userId, id],
  );
  const state = rows[0] as { followed: boolean; count: number } | undefined;
  if (state?.followed) return true;
  if ((state?.count ?? 0) >= max) return false;
  await tx.query(
    `INSERT INTO ${f.table} (user_id, ${f.column}, followed_at) VALUES ($1, $2::${f.type}, $3) ON CONFLICT DO NOTHING`,
    [userId, id, at(now)],
  );
  return true;
}

export async function unfollow(db: Db, kind: FollowKind, userId: number, id: string): Promise<void> {
  const f = FOLLOWS[kind];
  await db.query(`DELETE FROM ${f.table} WHERE user_id = $1 AND ${f.column} = $2::${f.type}`, [userId, id]);
}

export type UserFollowsRow = {
  broadcasters: string[];
  speakers: { speakerID: number; displayName: string }[];
  series: number[];
  sermons: string[];
};

/**
 * Everything the user follows, one statement: each table's key read index-only; the speakers'
 * display names by their primary key.
 */
export async function userFollows(db: Db, userId: number): Promise<UserFollowsRow> {
  const rows = await db.query<UserFollowsRow>(
    `SELECT
       coalesce((SELECT array_agg(broadcaster_id ORDER BY broadcaster_id) FROM follow_broadcaster WHERE user_id = $1), '{}') AS broadcasters,
       coalesce((SELECT json_agg(json_build_object('speakerID', f.speaker_id, 'displayName', sp.display_name) ORDER BY f.speaker_id)
                 FROM follow_speaker f JOIN speaker sp USING (speaker_id) WHERE f.user_id = $1), '[]'::json) AS speakers,
       coalesce((SELECT array_agg(series_id ORDER BY series_id) FROM follow_series WHERE user_id = $1), '{}')::int8[] AS series,
       coalesce((SELECT array_agg(sermon_id ORDER BY sermon_id) FROM follow_sermon WHERE user_id = $1), '{}') AS sermons`,
    [userId],
    { prepare: true },
  );
  return rows[0] as UserFollowsRow;
}

/** A user's list in a library table, newest first: which table, its item and time columns. */
type ListTable = {
  table: string;
  column: string;
  type: 'text' | 'int8';
  time: string;
  /** Sermon lists show published sermons only. */
  sermons: boolean;
  /** More columns to select (the history's position and time). */
  extra?: string;
};

export const LISTS = {
  broadcaster: {
    table: 'follow_broadcaster',
    column: 'broadcaster_id',
    type: 'text',
    time: 'followed_at',
    sermons: false,
  },
  speaker: { table: 'follow_speaker', column: 'speaker_id', type: 'int8', time: 'followed_at', sermons: false },
  series: { table: 'follow_series', column: 'series_id', type: 'int8', time: 'followed_at', sermons: false },
  sermon: { table: 'follow_sermon', column: 'sermon_id', type: 'text', time: 'followed_at', sermons: true },
  bookmark: { table: 'bookmark_sermon', column: 'sermon_id', type: 'text', time: 'bookmarked_at', sermons: true },
  history: {
    table: 'play_history',
    column: 'sermon_id',
    type: 'text',
    time: 'played_at',
    sermons: true,
    extra: ', f.play_position, extract(epoch FROM f.played_at)::int8 AS played_at',
  },
} as const satisfies Record<string, ListTable>;
export type ListName = keyof typeof LISTS;

/** The keyset order of a library list: newest first, then the item id. */
export const listOrder = (name: ListName): KeyColumn[] => [
  { expr: `f.${LISTS[name].time}`, type: 'timestamptz', dir: 'DESC' },
  { expr: `f.${LISTS[name].column}`, type: LISTS[name].type, dir: 'DESC' },
];

export type ListRow = { id: string; play_position?: number; played_at?: number; [k: string]: unknown };

/**
 * One page of a user's list: `pageSize` + 1 rows (the extra one says there is a next page),
 * after the cursor's keys when there is one, else from `offset` (a list holds at most a
 * thousand rows, LIBRARY_RULES), and the list's length (read index-only from the table's key).
 */
export async function listPage(
  db: Db,
  name: ListName,
  userId: number,
  page: { after: readonly string[] | undefined; offset: number; pageSize: number },
): Promise<{ rows: ListRow[]; keys: string[][]; total: number }> {
  const l: ListTable = LISTS[name];
  const order = listOrder(name);
  const from = `FROM ${l.table} f${l.sermons ? ` JOIN sermon s ON s.sermon_id = f.sermon_id AND ${PUBLISHED}` : ''} WHERE f.user_id = $1`;
  const params: unknown[] = [userId];
  const where = page.after ? `${from} AND ${keysetCondition(order, page.after, params)}` : from;
  const rows = await db.query<ListRow>(
    `SELECT f.${l.column}::text AS id${l.extra ?? ''}, ${keyColumns(order)} ${where}
     ORDER BY ${order.map((c) => `${c.expr} ${c.dir}`).join(', ')}
     LIMIT ${page.pageSize + 1} OFFSET ${page.after ? 0 : page.offset}`,
    params,
    { prepare: !page.after && page.offset === 0 }, // first pages and cursor pages keep their plans
  );
  // The user's rows, counted from the key alone: a sermon unpublished since it was added still counts.
  const counted = await db.query<{ total: number }>(
    `SELECT count(*)::int4 AS total FROM ${l.table} WHERE user_id = $1`,
    [userId],
    { prepare: true },
  );
  return { rows, keys: rows.map((r) => rowKeys(order, r)), total: counted[0]?.total ?? 0 };
}

/** The feed's order: newest published first. */
export const FEED_ORDER: KeyColumn[] = [
  { expr: 'publish_timestamp', type: 'timestamptz', dir: 'DESC' },
  { expr: 'sermon_id', type: 'text', dir: 'DESC' },
];

export type FeedRow = {
  sermon_id: string;
  full_title: string;
  preach_date: string;
  speaker: string;
  broadcaster: string;
  k0: string;
  k1: string;
};

/**
 * The newest published sermons of what the user follows, each once: for every followed
 * broadcaster, speaker and series one short range of its (…, publish_timestamp DESC, sermon_id
 * DESC) index (migration 0040), at most `limit` rows each, merged and cut to `limit`. A user
 * following 200 things reads at most 200 × limit index entries, whatever the catalogue's size.
 * `after`: the cursor's keys; `since`/`until`: the digest's window of publish times (epoch ms).
 */
export async function feedPage(
  db: Db,
  userId: number,
  q: { limit: number; after?: readonly string[]; since?: number; until?: number },
): Promise<FeedRow[]> {
  const params: unknown[] = [userId, q.limit];
  const bounds = [
    `s.publish_timestamp <= ${q.until === undefined ? 'now()' : `$${params.push(at(q.until))}::timestamptz`}`,
  ];
  if (q.since !== undefined) bounds.push(`s.publish_timestamp > $${params.push(at(q.since))}::timestamptz`);
  if (q.after) {
    const sOrder = FEED_ORDER.map((c) => ({ ...c, expr: `s.${c.expr}` }));
    bounds.push(keysetCondition(sOrder, q.after, params));
  }
  const branch = (table: string, column: string) => `
    SELECT s.sermon_id, s.publish_timestamp FROM ${table} f CROSS JOIN LATERAL (
      SELECT s.sermon_id, s.publish_timestamp FROM sermon s
      WHERE s.${column} = f.${column} AND s.publish_timestamp IS NOT NULL AND ${bounds.join(' AND ')}
      ORDER BY s.publish_timestamp DESC, s.sermon_id DESC LIMIT $2) s
    WHERE f.user_id = $1`;
  return db.query<FeedRow>(
    `WITH feed AS (
       ${branch('follow_broadcaster', 'broadcaster_id')}
       UNION ${branch('follow_speaker', 'speaker_id')}
       UNION ${branch('follow_series', 'series_id')}
       ORDER BY publish_timestamp DESC, sermon_id DESC LIMIT $2)
     SELECT feed.sermon_id, s.full_title, s.preach_date::text AS preach_date, sp.display_name AS speaker,
       b.display_name AS broadcaster, ${keyColumns(FEED_ORDER.map((c) => ({ ...c, expr: `feed.${c.expr}` })))}
     FROM feed JOIN sermon s USING (sermon_id) JOIN speaker sp ON sp.speaker_id = s.speaker_id
       JOIN broadcaster b ON b.broadcaster_id = s.broadcaster_id
     ORDER BY feed.publish_timestamp DESC, feed.sermon_id DESC`,
    params,
    // Three lateral branches take long to plan: keep the plan (the text differs only by cursor and window).
    { prepare: true },
  );
}

/** Whether a published sermon has this id (history and bookmarks name sermons by id). */
export async function publishedSermon(db: Db, sermonId: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM sermon s WHERE s.sermon_id = $1 AND ${PUBLISHED}`, [sermonId], {
    prepare: true,
  });
  return rows.length > 0;
}

export type PositionRow = { play_position: number; played_at: number };

/** Where the user stopped in a sermon, if they played it. */
export async function playPosition(db: Db, userId: number, sermonId: string): Promise<PositionRow | undefined> {
  const rows = await db.query<PositionRow>(
    `SELECT play_position, extract(epoch FROM played_at)::int8 AS played_at
     FROM play_history WHERE user_id = $1 AND sermon_id = $2`,
    [userId, sermonId],
    { prepare: true },
  );
  return rows[0];
}

/**
 * Stores a position unless a later one (by `playedAt`) is stored already; answers what is
 * stored. A new row beyond the history's `max` drops the oldest.
 */
export async function recordPlay(
  tx: Db,
  p: { userId: number; sermonId: string; position: number; playedAt: number; max: number },
): Promise<PositionRow> {
  const written = await tx.query<{ inserted: boolean }>(
    `INSERT INTO play_history AS h (user_id, sermon_id, play_position, played_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, sermon_id) DO UPDATE SET play_position = excluded.play_position, played_at = excluded.played_at
       WHERE excluded.played_at >= h.played_at
     RETURNING (xmax = 0) AS inserted`,
    [p.userId, p.sermonId, p.position, at(p.playedAt)],
  );
  if (written[0]?.inserted) {
    await tx.query(
      `DELETE FROM play_history WHERE user_id = $1 AND (played_at, sermon_id) <= (
         SELECT played_at, sermon_id FROM play_history WHERE user_id = $1
         ORDER BY played_at DESC, sermon_id DESC OFFSET $2 LIMIT 1)`,
      [p.userId, p.max],
    );
  }
  return (await playPosition(tx, p.userId, p.sermonId)) as PositionRow;
}

export async function forgetPlay(db: Db, userId: number, sermonId: string): Promise<void> {
  await db.query('DELETE FROM play_history WHERE user_id = $1 AND sermon_id = $2', [userId, sermonId]);
}

export async function clearHistory(db: Db, userId: number): Promise<void> {
  await db.query('DELETE FROM play_history WHERE user_id = $1', [userId]);
}

export async function isBookmarked(db: Db, userId: number, sermonId: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM bookmark_sermon WHERE user_id = $1 AND sermon_id = $2',
    [userId, sermonId],
    {
      prepare: true,
    },
  );
  return rows.length > 0;
}

/** Bookmarks a sermon unless the user has `max` already (their row locked first); false at the limit. */
export async function addBookmark(
  tx: Db,
  userId: number,
  sermonId: string,
  max: number,
  now: number,
): Promise<boolean> {
  await tx.query('SELECT 1 FROM app_user WHERE user_id = $1 FOR UPDATE', [userId]);
  if (await isBookmarked(tx, userId, sermonId)) return true;
  const counted = await tx.query<{ count: number }>(
    'SELECT count(*)::int4 AS count FROM bookmark_sermon WHERE user_id = $1',
    [userId],
  );
  if ((counted[0]?.count ?? 0) >= max) return false;
  await tx.query(
    'INSERT INTO bookmark_sermon (user_id, sermon_id, bookmarked_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [userId, sermonId, at(now)],
  );
  return true;
}

export async function removeBookmark(db: Db, userId: number, sermonId: string): Promise<void> {
  await db.query('DELETE FROM bookmark_sermon WHERE user_id = $1 AND sermon_id = $2', [userId, sermonId]);
}

/** Each list's setting in the user's settings. */
const LIST_SETTING: Record<MailList, string> = { digest: 'notify_email', webcasts: 'notify_webcast_email' };

/** Turns one list's e-mails off (the one-click unsubscribe); false when there is no such user. */
export async function stopMailList(db: Db, userId: number, list: MailList): Promise<boolean> {
  const rows = await db.query(`UPDATE app_user SET ${LIST_SETTING[list]} = false WHERE user_id = $1 RETURNING 1`, [
    userId,
  ]);
  return rows.length > 0;
}

/** Users who asked for the digest, by id after `afterUserId`. */
export async function digestUsers(db: Db, afterUserId: number, limit: number): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>(
    `SELECT user_id FROM app_user WHERE notify_email AND NOT disabled AND user_id > $1 ORDER BY user_id LIMIT $2`,
    [afterUserId, limit],
  );
  return rows.map((r) => r.user_id);
}

export type DigestUserRow = {
  user_id: number;
  email: string;
  name: string;
  locale: string;
  wants: boolean;
  last_day: string | null;
  sent_through: number | null;
};

/** The user and their digest's progress, their row locked for the transaction (one digest at a time). */
export async function lockDigestUser(tx: Db, userId: number): Promise<DigestUserRow | undefined> {
  const rows = await tx.query<DigestUserRow>(
    `SELECT u.user_id, u.email, coalesce(nullif(u.display_name, ''), u.username) AS name, u.locale,
       u.notify_email AND NOT u.disabled AS wants, d.last_day::text AS last_day,
       (extract(epoch FROM d.sent_through) * 1000)::int8 AS sent_through
     FROM app_user u LEFT JOIN user_digest d USING (user_id) WHERE u.user_id = $1 FOR UPDATE OF u`,
    [userId],
  );
  return rows[0];
}

export async function markDigest(tx: Db, userId: number, day: string, sentThrough: number): Promise<void> {
  await tx.query(
    `INSERT INTO user_digest (user_id, last_day, sent_through) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET last_day = excluded.last_day, sent_through = excluded.sent_through`,
    [userId, day, at(sentThrough)],
  );
}

/** The webcast feed's order: live first, then offline, then announced; newest start first. */
export const WEBCAST_FEED_ORDER: KeyColumn[] = [
  { expr: `(CASE w.state WHEN 'live' THEN 2 WHEN 'offline' THEN 1 ELSE 0 END)`, type: 'int', dir: 'DESC' },
  { expr: 'coalesce(w.start_time, w.created_at)', type: 'timestamptz', dir: 'DESC' },
  { expr: 'w.webcast_id', type: 'text', dir: 'DESC' },
];

/**
 * One page (`limit` rows) of the webcasts not ended of the broadcasters the user follows, after
 * the cursor's keys: each followed broadcaster's open webcast, at most one by the unique index
 * `webcast_open_per_broadcaster` (migration 0053), so a user reads as many rows as they follow.
 */
export async function followedWebcastsPage(
  db: Db,
  userId: number,
  page: { limit: number; after?: readonly string[] | undefined },
): Promise<(WebcastRow & { k0: string; k1: string; k2: string })[]> {
  const params: unknown[] = [userId, page.limit];
  const after = page.after ? `AND ${keysetCondition(WEBCAST_FEED_ORDER, page.after, params)}` : '';
  return db.query(
    `SELECT ${WEBCAST_COLUMNS}, ${keyColumns(WEBCAST_FEED_ORDER)}
       FROM follow_broadcaster f
       JOIN webcast w ON w.broadcaster_id = f.broadcaster_id AND w.state <> 'ended'
       JOIN broadcaster b ON b.broadcaster_id = w.broadcaster_id
      WHERE f.user_id = $1 ${after}
      ORDER BY ${WEBCAST_FEED_ORDER.map((c) => `${c.expr} ${c.dir}`).join(', ')}
      LIMIT $2`,
    params,
  );
}

/**
 * Followers of the webcast's broadcaster, by id after `afterUserId`, who asked for its go-live
 * e-mail (a verified address, an account not disabled) and have not been sent it.
 */
export async function goLiveRecipients(
  db: Db,
  webcastId: string,
  afterUserId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>(
    `SELECT u.user_id FROM webcast w
       JOIN follow_broadcaster f ON f.broadcaster_id = w.broadcaster_id
       JOIN app_user u ON u.user_id = f.user_id
      WHERE w.webcast_id = $1 AND u.user_id > $2 AND u.notify_webcast_email AND u.verified AND NOT u.disabled
        AND NOT EXISTS (SELECT 1 FROM webcast_live_mail m WHERE m.webcast_id = w.webcast_id AND m.user_id = u.user_id)
      ORDER BY u.user_id LIMIT $3`,
    [webcastId, afterUserId, limit],
  );
  return rows.map((r) => r.user_id);
}

export type GoLiveRecipientRow = { user_id: number; email: string; name: string; locale: string };

/**
 * Records the go-live e-mail of the webcast to the user and answers where to send it, or nothing
 * when it was recorded already (another run sent it; a concurrent one waits here for its
 * commit) or the user no longer wants it, follows, or the webcast has ended.
 */
export async function claimGoLiveMail(
  tx: Db,
  webcastId: string,
  userId: number,
): Promise<GoLiveRecipientRow | undefined> {
  const rows = await tx.query<GoLiveRecipientRow>(
    `WITH claimed AS (
       INSERT INTO webcast_live_mail (webcast_id, user_id)
       SELECT w.webcast_id, u.user_id FROM webcast w
         JOIN follow_broadcaster f ON f.broadcaster_id = w.broadcaster_id
         JOIN app_user u ON u.user_id = f.user_id
        WHERE w.webcast_id = $1 AND u.user_id = $2 AND w.state <> 'ended'
          AND u.notify_webcast_email AND u.verified AND NOT u.disabled
       ON CONFLICT DO NOTHING RETURNING user_id)
     SELECT u.user_id, u.email, coalesce(nullif(u.display_name, ''), u.username) AS name, u.locale
       FROM claimed JOIN app_user u USING (user_id)`,
    [webcastId, userId],
  );
  return rows[0];
}
