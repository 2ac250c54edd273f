import type { CommentSort, CommentState } from '@kerygma/domain/comments';
import type { Db } from '../db/db.ts';

/** A comment with what its readers see of its author and its sermon. */
export type CommentRow = {
  comment_id: number;
  sermon_id: string;
  broadcaster_id: string;
  user_id: number;
  body: string;
  state: CommentState;
  created_at: Date;
  author_name: string;
  sermon_title: string;
};

/** A sermon someone may comment on: published, and its broadcaster. */
export type CommentableSermon = { sermon_id: string; broadcaster_id: string; published: boolean };

const at = (ms: number) => new Date(ms).toISOString();

const COLUMNS = `c.comment_id, c.sermon_id, c.broadcaster_id, c.user_id, c.body, c.state, c.created_at,
  CASE WHEN u.display_name = '' THEN u.username ELSE u.display_name END AS author_name,
  s.display_title AS sermon_title`;
const JOINS = 'JOIN app_user u USING (user_id) JOIN sermon s USING (sermon_id)';
const FROM = `sermon_comment c ${JOINS}`;
/** After a writing CTE named c: its rows as written (the table's own still show the old ones). */
const FROM_WRITTEN = `c ${JOINS}`;

type Page = { page: number; pageSize: number };
const offset = (p: Page) => (p.page - 1) * p.pageSize;

/** The sermon, whether it is published (at `now`), and its broadcaster. */
export async function sermonForComments(db: Db, sermonId: string, now: number): Promise<CommentableSermon | undefined> {
  const [row] = await db.query<CommentableSermon>(
    `SELECT sermon_id, broadcaster_id, coalesce(publish_timestamp <= $2, false) AS published
     FROM sermon WHERE sermon_id = $1`,
    [sermonId, at(now)],
  );
  return row;
}

export async function insertComment(
  db: Db,
  c: { sermonId: string; broadcasterId: string; userId: number; body: string; now: number },
): Promise<CommentRow> {
  const [row] = await db.query<CommentRow>(
    `WITH c AS (
       INSERT INTO sermon_comment (sermon_id, broadcaster_id, user_id, body, created_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING *)
     SELECT ${COLUMNS} FROM ${FROM_WRITTEN}`,
    [c.sermonId, c.broadcasterId, c.userId, c.body, at(c.now)],
  );
  return row as CommentRow;
}

export async function commentById(db: Db, commentId: number): Promise<CommentRow | undefined> {
  const [row] = await db.query<CommentRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE c.comment_id = $1`, [commentId]);
  return row;
}

export async function deleteComment(db: Db, commentId: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM sermon_comment WHERE comment_id = $1 RETURNING 1', [commentId]);
  return rows.length > 0;
}

/** Sets the state (the trigger keeps the sermon's count); the comment as it now is. */
export async function setCommentState(
  db: Db,
  review: { commentId: number; state: 'approved' | 'rejected'; reviewerId: number; now: number },
): Promise<CommentRow | undefined> {
  const [row] = await db.query<CommentRow>(
    `WITH c AS (
       UPDATE sermon_comment SET state = $2, reviewed_at = $4, reviewed_by = $3
       WHERE comment_id = $1 RETURNING *)
     SELECT ${COLUMNS} FROM ${FROM_WRITTEN}`,
    [review.commentId, review.state, review.reviewerId, at(review.now)],
  );
  return row;
}

const ORDERS: Record<CommentSort, string> = {
  date: 'c.created_at DESC, c.comment_id DESC',
  'reverse-date': 'c.created_at, c.comment_id',
  // Stable for one seed, so its pages neither repeat nor skip a comment.
  random: "md5(c.comment_id::text || ':' || $4), c.comment_id",
};

/** A page of the sermon's approved comments, and how many there are. */
export async function sermonComments(
  db: Db,
  sermonId: string,
  p: Page & { sort: CommentSort; seed: string },
): Promise<{ rows: CommentRow[]; total: number }> {
  const params: unknown[] = [sermonId, p.pageSize, offset(p)];
  if (p.sort === 'random') params.push(p.seed);
  const [rows, count] = await Promise.all([
    db.query<CommentRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE c.sermon_id = $1 AND c.state = 'approved'
       ORDER BY ${ORDERS[p.sort]} LIMIT $2 OFFSET $3`,
      params,
    ),
    db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sermon_comment WHERE sermon_id = $1 AND state = 'approved'",
      [sermonId],
    ),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Approved comments, newest first, on one sermon, one broadcaster's sermons, or any. */
export async function recentComments(
  db: Db,
  p: Page & { sermonId?: string; broadcasterId?: string },
): Promise<{ rows: CommentRow[]; total: number }> {
  const where = ["c.state = 'approved'"];
  const params: unknown[] = [];
  if (p.sermonId !== undefined) where.push(`c.sermon_id = $${params.push(p.sermonId)}`);
  if (p.broadcasterId !== undefined) where.push(`c.broadcaster_id = $${params.push(p.broadcasterId)}`);
  const filter = where.join(' AND ');
  const [rows, count] = await Promise.all([
    db.query<CommentRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${filter}
       ORDER BY c.created_at DESC, c.comment_id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, p.pageSize, offset(p)],
    ),
    // Lists are read 10 at a time and few pages deep: counting stops where paging would.
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM sermon_comment c WHERE ${filter} LIMIT 10000) x`,
      params,
    ),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The user's own comments in every state, newest first. */
export async function userComments(db: Db, userId: number, p: Page): Promise<{ rows: CommentRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<CommentRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE c.user_id = $1
       ORDER BY c.created_at DESC, c.comment_id DESC LIMIT $2 OFFSET $3`,
      [userId, p.pageSize, offset(p)],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM sermon_comment WHERE user_id = $1', [userId]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The broadcaster's comments waiting for review, oldest first (first come, first reviewed). */
export async function pendingComments(
  db: Db,
  broadcasterId: string,
  p: Page,
): Promise<{ rows: CommentRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<CommentRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE c.broadcaster_id = $1 AND c.state = 'pending'
       ORDER BY c.created_at, c.comment_id LIMIT $2 OFFSET $3`,
      [broadcasterId, p.pageSize, offset(p)],
    ),
    db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sermon_comment WHERE broadcaster_id = $1 AND state = 'pending'",
      [broadcasterId],
    ),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Where a broadcaster's messages go, and the language they are written in. */
export async function broadcasterContact(
  db: Db,
  broadcasterId: string,
): Promise<
  { broadcaster_id: string; display_name: string; contact_email: string | null; language_code: string } | undefined
> {
  const [row] = await db.query<{
    broadcaster_id: string;
    display_name: string;
    contact_email: string | null;
    language_code: string;
  }>(
    'SELECT broadcaster_id, display_name, contact_email, language_code FROM broadcaster WHERE broadcaster_id = lower($1)',
    [broadcasterId],
  );
  return row;
}

export async function broadcasterExists(db: Db, broadcasterId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM broadcaster WHERE broadcaster_id = lower($1)', [broadcasterId]);
  return rows.length > 0;
}
