import {
  ARTICLE_CATEGORIES,
  ARTICLE_DEFAULTS,
  ARTICLE_RULES,
  ARTICLE_SORTS,
  type ArticleCategory,
  type ArticleSort,
  articlePath,
  articleSlug,
} from '@kerygma/domain/articles';
import type { Article, ArticleSummary } from '@kerygma/domain/contracts/articles';
import { SITE_TIME_ZONE } from '@kerygma/domain/site-clock';
import { type Actor, actsAs, requireRole } from '../accounts/guards.ts';
import type { Db } from '../db/db.ts';
import { ApiError, notFound } from '../errors.ts';
import { imageUrlsOf, resizablePath } from '../images/image-urls.ts';
import { type ImageDeps, removeImage, startImageUpload } from '../images/images.service.ts';
import * as q from './articles.queries.ts';
import { renderMarkdown, summaryOf } from './markdown.ts';

/** What the article rules need: the database, the clock (a new article's date), the image store (banners). */
export type ArticleDeps = ImageDeps;

type ListQuery = {
  page: number;
  pageSize: number;
  sort: ArticleSort;
  search?: string;
  categoryID?: ArticleCategory;
};
type PageOf<T> = { results: T[]; totalCount: number; page: number; pageSize: number };

/** The fields a writer sends; what is left out stays as it is (a new article: the defaults). */
export type ArticleFields = {
  title?: string;
  slug?: string;
  content?: string;
  articleDate?: string;
  draft?: boolean;
  categoryID?: ArticleCategory | null;
  speakerID?: number | null;
};

const articleNotFound = () => notFound('error.articleNotFound');
const slugTaken = () => new ApiError(409, 'slug_taken', { slug: { key: 'error.articles.slugTaken' } });

function summaryView(a: q.ArticleRow): ArticleSummary {
  const banner = a.banner_folder ? imageUrlsOf('article_banner', resizablePath(a.banner_folder), '') : null;
  return {
    articleID: a.article_id,
    broadcasterID: a.broadcaster_id,
    broadcasterDisplayName: a.broadcaster_name,
    slug: a.slug,
    title: a.title,
    summary: a.summary,
    articleDate: a.article_date,
    draft: a.draft,
    categoryID: a.category,
    speakerID: a.speaker_id,
    speakerDisplayName: a.speaker_name,
    bannerImageURL: banner?.url ?? null,
    bannerImageURLResizable: banner?.resizableURL ?? null,
    updateTimestamp: Math.floor(a.updated_at.getTime() / 1000),
    url: articlePath(a.broadcaster_id, a.slug),
  };
}

const articleView = (a: q.ArticleTextRow): Article => ({
  ...summaryView(a),
  content: a.content,
  contentHTML: a.content_html,
});

/** Spec §3 "today's date": the day in US Eastern time, which §9 takes as the site's. */
const today = (now: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, dateStyle: 'short' }).format(now);

export function articleConfig() {
  return {
    defaults: { ...ARTICLE_DEFAULTS },
    limits: {
      titleMaxLength: ARTICLE_RULES.titleMaxLength,
      slugMaxLength: ARTICLE_RULES.slugMaxLength,
      contentMaxLength: ARTICLE_RULES.contentMaxLength,
    },
    sorts: [...ARTICLE_SORTS],
    categories: [...ARTICLE_CATEGORIES],
  };
}

async function page(deps: ArticleDeps, filter: q.ArticleFilter, p: ListQuery): Promise<PageOf<ArticleSummary>> {
  const found = await q.listArticles(deps.db, { ...filter, search: p.search, category: p.categoryID }, p);
  return { results: found.rows.map(summaryView), totalCount: found.total, page: p.page, pageSize: p.pageSize };
}

/** Published articles, of one broadcaster, speaker or category, or with one slug. */
export function publishedArticles(
  deps: ArticleDeps,
  p: ListQuery & { broadcasterID?: string; speakerID?: number; slug?: string },
): Promise<PageOf<ArticleSummary>> {
  const filter = { draft: false, broadcasterId: p.broadcasterID?.toLowerCase(), speakerId: p.speakerID, slug: p.slug };
  return page(deps, filter, p);
}

/** All of a broadcaster's articles, drafts included, for those who write them. */
export async function broadcasterArticles(
  deps: ArticleDeps,
  actor: Actor,
  broadcasterId: string,
  p: ListQuery & { draft?: 'true' | 'false' },
): Promise<PageOf<ArticleSummary>> {
  const id = broadcasterId.toLowerCase();
  requireRole(actor, id, 'uploader');
  if (!(await q.broadcasterExists(deps.db, id))) throw notFound('error.broadcasterNotFound');
  return page(deps, { broadcasterId: id, draft: p.draft === undefined ? undefined : p.draft === 'true' }, p);
}

/** Every category with its count of published articles (spec §3: categories come as a results list). */
export async function categories(deps: ArticleDeps) {
  const counts = new Map((await q.categoryCounts(deps.db)).map((c) => [c.category, c.count]));
  return {
    results: ARTICLE_CATEGORIES.map((categoryID) => ({ categoryID, articleCount: counts.get(categoryID) ?? 0 })),
  };
}

export async function category(deps: ArticleDeps, categoryId: string) {
  const found = (await categories(deps)).results.find((c) => c.categoryID === categoryId);
  if (!found) throw notFound('error.categoryNotFound');
  return found;
}

/** A published article; a draft only for those who may write the broadcaster's articles. */
function visible(a: q.ArticleTextRow | undefined, actor: Actor | undefined): Article {
  if (!a || (a.draft && !(actor && actsAs(actor, a.broadcaster_id, 'uploader')))) throw articleNotFound();
  return articleView(a);
}

export async function articleById(deps: ArticleDeps, articleId: number, actor: Actor | undefined): Promise<Article> {
  return visible(await q.articleById(deps.db, articleId), actor);
}

export async function articleBySlug(deps: ArticleDeps, broadcasterId: string, slug: string): Promise<Article> {
  return visible(await q.articleBySlug(deps.db, broadcasterId.toLowerCase(), slug.toLowerCase()), undefined);
}

/** The first of `base`, `base-2`, `base-3`, … the broadcaster has not used (inside the write's transaction). */
async function freeSlug(tx: Db, broadcasterId: string, base: string, articleId?: number): Promise<string> {
  const taken = new Set(await q.slugsLike(tx, broadcasterId, base, articleId));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, ARTICLE_RULES.slugMaxLength - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The values to store: the fields sent over what there was. The slug is the one sent (409 when
 * another of the broadcaster's articles has it), else, while it is not fixed, the title's (made
 * free with a suffix); publishing or choosing a slug fixes it.
 */
async function valuesFor(
  tx: Db,
  broadcasterId: string,
  was: q.ArticleValues,
  f: ArticleFields,
  articleId?: number,
): Promise<q.ArticleValues> {
  if (f.speakerID != null && !(await q.speakerExists(tx, f.speakerID))) throw notFound('error.speakerNotFound');
  const title = f.title ?? was.title;
  const content = f.content ?? was.content;
  const contentHtml = f.content === undefined ? was.contentHtml : renderMarkdown(content);
  const draft = f.draft ?? was.draft;
  let slug = was.slug;
  if (f.slug !== undefined) {
    if (f.slug !== was.slug && (await q.slugsLike(tx, broadcasterId, f.slug, articleId)).includes(f.slug))
      throw slugTaken();
    slug = f.slug;
  } else if (!was.slugLocked && (articleId === undefined || articleSlug(title) !== articleSlug(was.title))) {
    slug = await freeSlug(tx, broadcasterId, articleSlug(title), articleId);
  }
  return {
    slug,
    slugLocked: was.slugLocked || f.slug !== undefined || !draft,
    title,
    content,
    contentHtml,
    summary: f.content === undefined ? was.summary : summaryOf(contentHtml),
    articleDate: f.articleDate ?? was.articleDate,
    draft,
    category: f.categoryID === undefined ? was.category : f.categoryID,
    speakerId: f.speakerID === undefined ? was.speakerId : f.speakerID,
  };
}

/** Writes a new article for the broadcaster (its Admins and Uploaders, or its key). */
export async function createArticle(
  deps: ArticleDeps,
  actor: Actor,
  broadcasterId: string,
  f: ArticleFields,
): Promise<Article> {
  const id = broadcasterId.toLowerCase();
  requireRole(actor, id, 'uploader');
  if (!(await q.broadcasterExists(deps.db, id))) throw notFound('error.broadcasterNotFound');
  const articleId = await deps.db.transaction((tx) => insertArticle(tx, id, f, deps.now()));
  return articleView((await q.articleById(deps.db, articleId)) as q.ArticleTextRow);
}

/** Inserts an article (the defaults for what `f` leaves out) inside the caller's transaction; its id. */
export async function insertArticle(tx: Db, broadcasterId: string, f: ArticleFields, now: number): Promise<number> {
  await q.lockBroadcasterSlugs(tx, broadcasterId);
  const defaults: q.ArticleValues = {
    slug: '',
    slugLocked: false,
    title: ARTICLE_DEFAULTS.title,
    content: ARTICLE_DEFAULTS.content,
    contentHtml: '',
    summary: '',
    articleDate: today(now),
    draft: ARTICLE_DEFAULTS.draft,
    category: null,
    speakerId: null,
  };
  return q.insertArticle(tx, broadcasterId, await valuesFor(tx, broadcasterId, defaults, f), now);
}

/** The article, 404 when there is none, 403 unless the actor writes its broadcaster's articles. */
async function writable(deps: ArticleDeps, actor: Actor, articleId: number): Promise<q.ArticleTextRow> {
  const a = await q.articleById(deps.db, articleId);
  if (!a) throw articleNotFound();
  requireRole(actor, a.broadcaster_id, 'uploader');
  return a;
}

export async function updateArticle(
  deps: ArticleDeps,
  actor: Actor,
  articleId: number,
  f: ArticleFields,
): Promise<{ article: Article; speakerBefore: number | null }> {
  const a = await writable(deps, actor, articleId);
  await deps.db.transaction(async (tx) => {
    await q.lockBroadcasterSlugs(tx, a.broadcaster_id);
    const was: q.ArticleValues = {
      slug: a.slug,
      slugLocked: a.slug_locked,
      title: a.title,
      content: a.content,
      contentHtml: a.content_html,
      summary: a.summary,
      articleDate: a.article_date,
      draft: a.draft,
      category: a.category,
      speakerId: a.speaker_id,
    };
    await q.updateArticle(tx, articleId, await valuesFor(tx, a.broadcaster_id, was, f, articleId), deps.now());
  });
  const article = articleView((await q.articleById(deps.db, articleId)) as q.ArticleTextRow);
  return { article, speakerBefore: a.speaker_id };
}

/** Deletes an article; answers whose pages showed it (its broadcaster and speaker). */
export async function deleteArticle(
  deps: ArticleDeps,
  actor: Actor,
  articleId: number,
): Promise<Pick<Article, 'broadcasterID' | 'speakerID'>> {
  const a = await writable(deps, actor, articleId);
  await deps.db.transaction((tx) => q.deleteArticle(tx, articleId));
  await removeImage(deps, 'article_banner', String(articleId));
  return { broadcasterID: a.broadcaster_id, speakerID: a.speaker_id };
}

/** An upload slot for the article's banner (the images room stores what is PUT to it). */
export async function startBannerUpload(deps: ArticleDeps, actor: Actor, articleId: number, origin: string) {
  await writable(deps, actor, articleId);
  return startImageUpload(deps, 'article_banner', String(articleId), origin);
}

/** Removes an article's banner; answers whose pages showed it (its broadcaster and speaker). */
export async function deleteBanner(
  deps: ArticleDeps,
  actor: Actor,
  articleId: number,
): Promise<Pick<Article, 'broadcasterID' | 'speakerID'>> {
  const a = await writable(deps, actor, articleId);
  await removeImage(deps, 'article_banner', String(articleId));
  return { broadcasterID: a.broadcaster_id, speakerID: a.speaker_id };
}

/** What the editor's preview shows: the markdown as the article page would render it. */
export const preview = (content: string) => ({ contentHTML: renderMarkdown(content) });
