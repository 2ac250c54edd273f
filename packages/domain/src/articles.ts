import { slugify } from './slug.ts';

/**
 * Articles (spec §3 Article, §5 "Article URL unique", §9 article sorts): a broadcaster's written
 * pieces, in markdown, shown on `/article/{broadcasterID}/{slug}` once published. The server
 * renders the markdown and sanitises the HTML; clients show `contentHTML` as it comes.
 */
export const ARTICLE_RULES = {
  titleMaxLength: 200,
  slugMaxLength: 100,
  contentMaxLength: 100_000,
  /** The plain-text summary lists show (spec §5 truncation: 150 characters, three dots). */
  summaryLength: 150,
  pageSize: 20,
  maxPageSize: 100,
  /** Spec §5: search needs at least 3 characters. */
  searchMinLength: 3,
} as const;

/** Spec §3: what a new article starts as (its date is the day it is made). */
export const ARTICLE_DEFAULTS = { title: 'Untitled Article', content: '', draft: true } as const;

/** Spec §9: articles sort by title, newest or oldest (default newest). */
export const ARTICLE_SORTS = ['newest', 'oldest', 'title'] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

/** The categories an article may be filed under (their names: `articles.category.<id>`). */
export const ARTICLE_CATEGORIES = ['devotional', 'teaching', 'history', 'biography', 'news'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/** A slug: lower-case letters, digits and single dashes, as `slugify` makes them. */
export const ARTICLE_SLUG_PATTERN = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;

/** The slug a title gives ('article' when nothing of it is left), cut to the slug's length. */
export function articleSlug(title: string): string {
  const slug = slugify(title).slice(0, ARTICLE_RULES.slugMaxLength).replace(/-+$/, '');
  return slug || 'article';
}

/** The public page of an article. */
export const articlePath = (broadcasterId: string, slug: string) =>
  `/article/${encodeURIComponent(broadcasterId)}/${encodeURIComponent(slug)}`;
