import type { ArticleCategory, ArticleSort } from '@kerygma/domain/articles';
import type { Db } from '../db/db.ts';

/** An article with its broadcaster's and its speaker's names. */
export type ArticleRow = {
  article_id: number;
  broadcaster_id: string;
  broadcaster_name: string;
  slug: string;
  slug_locked: boolean;
  title: string;
  summary: string;
  /** YYYY-MM-DD. */
  article_date: string;
  draft: boolean;
  category: ArticleCategory | null;
  speaker_id: number | null;
  speaker_name: string | null;
  updated_at: Date;
  /** The banner's store folder (images/), or null. */
  banner_folder: string | null;
};

export type ArticleTextRow = ArticleRow & { content: string; content_html: string };

/** What an article is written as: its text rendered already. */
export type ArticleValues = {
  slug: string;
  slugLocked: boolean;
  title: string;
  content: string;
  contentHtml: string;
  summary: string;
  articleDate: string;
  draft: boolean;
  category: ArticleCategory | null;
  speakerId: number | null;
};

export type ArticleFilter = {
  broadcasterId?: string;
  speakerId?: number;
  category?: ArticleCategory;
  slug?: string;
  search?: string;
  /** Published only (true), drafts only (false), or both (undefined). */
  published?: boolean;
  draft?: boolean;
};

type Page = { page: number; pageSize: number; sort: ArticleSort };

const SUMMARY_COLUMNS = `a.article_id, a.broadcaster_id, b.display_name AS broadcaster_name, a.slug, a.slug_locked,
  a.title, a.summary, to_char(a.article_date, 'YYYY-MM-DD') AS article_date, a.draft, a.category,
  a.speaker_id, s.display_name AS speaker_name, a.updated_at, i.folder AS banner_folder`;
const TEXT_COLUMNS = `${SUMMARY_COLUMNS}, a.content, a.content_html`;
const JOINS = `JOIN broadcaster b USING (broadcaster_id) LEFT JOIN speaker s USING (speaker_id)
  LEFT JOIN image i ON i.kind = 'article_banner' AND i.owner_id = a.article_id::text`;
const ORDER: Record<ArticleSort, string> = {
  newest: 'a.article_date DESC, a.article_id DESC',
  oldest: 'a.article_date, a.article_id',
  title: 'lower(a.title), a.article_id',
};

const at = (ms: number) => new Date(ms).toISOString();

function where(f: ArticleFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(`$${params.length}`));
  };
  if (f.draft !== undefined) add((p) => `a.draft = ${p}`, f.draft);
  if (f.broadcasterId !== undefined) add((p) => `a.broadcaster_id = ${p}`, f.broadcasterId);
  if (f.speakerId !== undefined) add((p) => `a.speaker_id = ${p}`, f.speakerId);
  if (f.category !== undefined) add((p) => `a.category = ${p}`, f.category);
  if (f.slug !== undefined) add((p) => `a.slug = ${p}`, f.slug);
  if (f.search !== undefined)
    add((p) => `(a.title ILIKE ${p} OR a.content ILIKE ${p})`, `%${f.search.replace(/[\\%_]/g, '\\$&')}%`);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** A page of articles (without their text) and how many match. */
export async function listArticles(db: Db, f: ArticleFilter, p: Page): Promise<{ rows: ArticleRow[]; total: number }> {
  const w = where(f);
  const n = w.params.length;
  const [rows, [count]] = await Promise.all([
    db.query<ArticleRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM article a ${JOINS} ${w.sql}
       ORDER BY ${ORDER[p.sort]} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...w.params, p.pageSize, (p.page - 1) * p.pageSize],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM article a ${w.sql}`, w.params),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function articleById(db: Db, articleId: number): Promise<ArticleTextRow | undefined> {
  const [row] = await db.query<ArticleTextRow>(
    `SELECT ${TEXT_COLUMNS} FROM article a ${JOINS} WHERE a.article_id = $1`,
    [articleId],
  );
  return row;
}

export async function articleBySlug(db: Db, broadcasterId: string, slug: string): Promise<ArticleTextRow | undefined> {
  const [row] = await db.query<ArticleTextRow>(
    `SELECT ${TEXT_COLUMNS} FROM article a ${JOINS} WHERE a.broadcaster_id = $1 AND a.slug = $2`,
    [broadcasterId, slug],
  );
  return row;
}

/** Published articles per category (categories without any are left out). */
export async function categoryCounts(db: Db): Promise<{ category: ArticleCategory; count: number }[]> {
  return db.query<{ category: ArticleCategory; count: number }>(
    `SELECT category, count(*)::int AS count FROM article WHERE NOT draft AND category IS NOT NULL GROUP BY category`,
  );
}

/**
 * The broadcaster's slugs that are `base` or `base-<n>` (other than the article's own), for
 * choosing a free one. Called inside the writing transaction, after `lockBroadcasterSlugs`.
 */
export async function slugsLike(
  db: Db,
  broadcasterId: string,
  base: string,
  exceptArticleId?: number,
): Promise<string[]> {
  const rows = await db.query<{ slug: string }>(
    `SELECT slug FROM article WHERE broadcaster_id = $1 AND (slug = $2 OR slug LIKE $3) AND article_id <> $4`,
    [broadcasterId, base, `${base.replace(/[\\%_]/g, '\\$&')}-%`, exceptArticleId ?? 0],
  );
  return rows.map((r) => r.slug);
}

/** Serialises the writes of one broadcaster's articles, so two cannot take the same free slug. */
export async function lockBroadcasterSlugs(db: Db, broadcasterId: string): Promise<void> {
  await db.query(`SELECT 1 FROM broadcaster WHERE broadcaster_id = $1 FOR UPDATE`, [broadcasterId]);
}

export async function broadcasterExists(db: Db, broadcasterId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM broadcaster WHERE broadcaster_id = $1', [broadcasterId])).length > 0;
}

/** Whether the speaker is one of the catalogue's (not a placeholder). */
export async function speakerExists(db: Db, speakerId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM speaker WHERE speaker_id = $1 AND NOT placeholder', [speakerId])).length > 0;
}

const VALUE_COLUMNS = `slug, slug_locked, title, content, content_html, summary, article_date, draft, category, speaker_id`;
const valueParams = (v: ArticleValues) => [
  v.slug,
  v.slugLocked,
  v.title,
  v.content,
  v.contentHtml,
  v.summary,
  v.articleDate,
  v.draft,
  v.category,
  v.speakerId,
];

export async function insertArticle(db: Db, broadcasterId: string, v: ArticleValues, now: number): Promise<number> {
  const [row] = await db.query<{ article_id: number }>(
    `INSERT INTO article (broadcaster_id, ${VALUE_COLUMNS}, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING article_id`,
    [broadcasterId, ...valueParams(v), at(now)],
  );
  return Number(row?.article_id);
}

export async function updateArticle(db: Db, articleId: number, v: ArticleValues, now: number): Promise<void> {
  await db.query(
    `UPDATE article SET (${VALUE_COLUMNS}, updated_at) = ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     WHERE article_id = $1`,
    [articleId, ...valueParams(v), at(now)],
  );
}

export async function deleteArticle(db: Db, articleId: number): Promise<void> {
  await db.query('DELETE FROM article WHERE article_id = $1', [articleId]);
}
