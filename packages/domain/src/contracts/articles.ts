import { z } from 'zod';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_DEFAULTS,
  ARTICLE_RULES,
  ARTICLE_SLUG_PATTERN,
  ARTICLE_SORTS,
} from '../articles.ts';
import { knownOr, pageSize } from '../query.ts';
import { contract } from './contract.ts';
import { imageUploadSlotSchema } from './images.ts';
import { broadcasterIdParams } from './params.ts';

/**
 * Articles (spec §3 Article, §5, §7 Articles, §9 sorts): a broadcaster's written pieces in
 * markdown. The server renders the markdown into sanitised HTML (`contentHTML`: no scripts, no
 * event handlers, only http(s) and mailto links) when it is saved; show it as it comes. Only
 * published articles (`draft: false`) are public; a broadcaster's Admins and Uploaders (and its
 * API key) see and write its drafts.
 */

const isoDate = z.iso.date();

/** An article as lists show it: everything but its text. */
export const articleSummarySchema = z.object({
  articleID: z.number().int(),
  broadcasterID: z.string(),
  broadcasterDisplayName: z.string(),
  /** Unique within the broadcaster; the public page is `url`. */
  slug: z.string(),
  title: z.string(),
  /** The start of the text as plain text, at most 150 characters (three dots when cut). */
  summary: z.string(),
  /** YYYY-MM-DD. */
  articleDate: isoDate,
  draft: z.boolean(),
  categoryID: z.enum(ARTICLE_CATEGORIES).nullable(),
  /** The speaker who wrote it, when one of the catalogue's. */
  speakerID: z.number().int().nullable(),
  speakerDisplayName: z.string().nullable(),
  /** The banner (1280 pixels wide; `{size}` in `bannerImageURLResizable` takes 640, 1280 or 1920), or null. */
  bannerImageURL: z.string().nullable(),
  bannerImageURLResizable: z.string().nullable(),
  /** Epoch seconds of the last change. */
  updateTimestamp: z.number().int(),
  /** The public page's path, `/article/{broadcasterID}/{slug}` (without a language prefix). */
  url: z.string(),
});

/** An article with its text: the markdown as written and the HTML it renders to. */
export const articleSchema = articleSummarySchema.extend({
  content: z.string(),
  contentHTML: z.string(),
});

export type ArticleSummary = z.infer<typeof articleSummarySchema>;
export type Article = z.infer<typeof articleSchema>;

const articlePage = z.object({
  results: z.array(articleSummarySchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const title = z.string().trim().min(1).max(ARTICLE_RULES.titleMaxLength);
const slug = z.string().trim().toLowerCase().max(ARTICLE_RULES.slugMaxLength).regex(ARTICLE_SLUG_PATTERN);
const content = z.string().max(ARTICLE_RULES.contentMaxLength);
const speakerID = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable();
const categoryID = z.enum(ARTICLE_CATEGORIES).nullable();

const listQuery = {
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: pageSize(ARTICLE_RULES.pageSize, ARTICLE_RULES.maxPageSize),
  sort: knownOr(ARTICLE_SORTS, 'newest'),
  /** Words in the title or the text (at least 3 characters). */
  search: z.string().trim().min(ARTICLE_RULES.searchMinLength).max(100).optional(),
  categoryID: z.enum(ARTICLE_CATEGORIES).optional(),
};

const articleIdParams = z.object({ articleID: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const done = z.object({ ok: z.literal(true) });
const tag = 'Articles';

export const articleContracts = {
  articleConfig: contract({
    method: 'GET',
    path: '/node/articles/config',
    tag,
    summary: 'Article settings',
    description:
      "What a new article starts as (spec §3: 'Untitled Article', no text, today's date, a draft), the limits of its fields, the sorts and the categories.",
    responses: {
      200: z.object({
        defaults: z.object({ title: z.string(), content: z.string(), draft: z.boolean() }),
        limits: z.object({
          titleMaxLength: z.number().int(),
          slugMaxLength: z.number().int(),
          contentMaxLength: z.number().int(),
        }),
        sorts: z.array(z.enum(ARTICLE_SORTS)),
        categories: z.array(z.enum(ARTICLE_CATEGORIES)),
      }),
    },
  }),
  listArticles: contract({
    method: 'GET',
    path: '/node/articles',
    tag,
    summary: 'Published articles',
    description: `Published articles, ${ARTICLE_RULES.pageSize} a page: of one broadcaster (\`broadcasterID\`), by one speaker (\`speakerID\`), in one category, or matching \`search\`; \`slug\` finds the articles with that URL (newest first). Sorted newest (by article date, the default), oldest or by title.`,
    query: z.object({
      ...listQuery,
      broadcasterID: z.string().min(1).max(100).optional(),
      speakerID: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
      slug: z.string().min(1).max(ARTICLE_RULES.slugMaxLength).optional(),
    }),
    responses: { 200: articlePage },
  }),
  broadcasterArticles: contract({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/articles',
    tag,
    summary: "A broadcaster's own articles",
    description:
      "All of the broadcaster's articles, drafts included, for its Admins and Uploaders (or its API key); 403 for anyone else.",
    auth: 'apiKeyOrSession',
    params: broadcasterIdParams,
    query: z.object({ ...listQuery, draft: z.enum(['true', 'false']).optional() }),
    responses: { 200: articlePage },
    errors: [401, 403, 404],
  }),
  articleCategories: contract({
    method: 'GET',
    path: '/node/articles/categories',
    tag,
    summary: 'Article categories',
    description:
      'The categories and how many published articles each holds (names are the messages `articles.category.<categoryID>`).',
    responses: {
      200: z.object({
        results: z.array(z.object({ categoryID: z.enum(ARTICLE_CATEGORIES), articleCount: z.number().int() })),
      }),
    },
  }),
  articleCategory: contract({
    method: 'GET',
    path: '/node/articles/categories/:categoryID',
    tag,
    summary: 'One article category',
    description: 'A category and how many published articles it holds; 404 for an unknown category.',
    params: z.object({ categoryID: z.string().min(1).max(40) }),
    responses: { 200: z.object({ categoryID: z.enum(ARTICLE_CATEGORIES), articleCount: z.number().int() }) },
    errors: [404],
  }),
  getArticle: contract({
    method: 'GET',
    path: '/node/articles/:articleID',
    tag,
    summary: 'An article by id',
    description:
      "A published article; a draft only for the broadcaster's Admins and Uploaders (signed in, or its API key). 404 otherwise.",
    params: articleIdParams,
    responses: { 200: articleSchema },
    errors: [404],
  }),
  getArticleBySlug: contract({
    method: 'GET',
    path: '/node/articles/:broadcasterID/:slug',
    tag,
    summary: 'An article by its URL',
    description: "The broadcaster's published article with this slug; 404 otherwise ('Article not found').",
    params: z.object({
      broadcasterID: z.string().min(1).max(100),
      slug: z.string().min(1).max(ARTICLE_RULES.slugMaxLength),
    }),
    responses: { 200: articleSchema },
    errors: [404],
  }),
  createArticle: contract({
    method: 'POST',
    path: '/node/articles',
    tag,
    summary: 'Write an article',
    description: `Makes an article for the broadcaster: its Admins and Uploaders (or its API key) only. Omitted fields take the defaults (spec §3: '${ARTICLE_DEFAULTS.title}', no text, today, a draft). The slug comes from the title, with -2, -3, … when the broadcaster already has it; a slug sent is kept as sent (409 when taken). While the article has never been published and its slug was not chosen, the slug follows the title.`,
    auth: 'apiKeyOrSession',
    body: z.object({
      broadcasterID: z.string().min(1).max(100),
      title: title.optional(),
      slug: slug.optional(),
      content: content.optional(),
      articleDate: isoDate.optional(),
      draft: z.boolean().optional(),
      categoryID: categoryID.optional(),
      speakerID: speakerID.optional(),
    }),
    responses: { 201: articleSchema },
    errors: [401, 403, 404, 409],
  }),
  updateArticle: contract({
    method: 'PATCH',
    path: '/node/articles/:articleID',
    tag,
    summary: 'Change an article',
    description:
      "Changes the fields sent: the broadcaster's Admins and Uploaders (or its API key) only. `draft: false` publishes it, `draft: true` takes it back. A slug sent must be free within the broadcaster (409).",
    auth: 'apiKeyOrSession',
    params: articleIdParams,
    body: z.object({
      title: title.optional(),
      slug: slug.optional(),
      content: content.optional(),
      articleDate: isoDate.optional(),
      draft: z.boolean().optional(),
      categoryID: categoryID.optional(),
      speakerID: speakerID.optional(),
    }),
    responses: { 200: articleSchema },
    errors: [401, 403, 404, 409],
  }),
  deleteArticle: contract({
    method: 'DELETE',
    path: '/node/articles/:articleID',
    tag,
    summary: 'Delete an article',
    description: "Deletes the article: the broadcaster's Admins and Uploaders (or its API key) only.",
    auth: 'apiKeyOrSession',
    params: articleIdParams,
    responses: { 200: done },
    errors: [401, 403, 404],
  }),
  previewArticle: contract({
    method: 'POST',
    path: '/node/articles/preview',
    tag,
    summary: 'Preview markdown',
    description:
      'The sanitised HTML the markdown renders to, as the article page would show it (for the editor). For a signed-in user or an API key.',
    auth: 'apiKeyOrSession',
    body: z.object({ content }),
    responses: { 200: z.object({ contentHTML: z.string() }) },
    errors: [401],
  }),
  startArticleBannerUpload: contract({
    method: 'POST',
    path: '/media/images/articles/:articleID/banner',
    tag,
    summary: "Start an article's banner upload",
    description:
      "The broadcaster's Admins and Uploaders (or its API key). The picture's bytes are PUT to the `uploadURL` answered (JPEG, PNG, GIF or WebP, at least 1200×600 pixels; its centre is cut to 2:1). It becomes the article's `bannerImageURL`.",
    auth: 'apiKeyOrSession',
    params: articleIdParams,
    responses: { 200: imageUploadSlotSchema },
    errors: [401, 403, 404],
  }),
  deleteArticleBanner: contract({
    method: 'DELETE',
    path: '/media/images/articles/:articleID/banner',
    tag,
    summary: "Remove an article's banner",
    description: "The broadcaster's Admins and Uploaders (or its API key).",
    auth: 'apiKeyOrSession',
    params: articleIdParams,
    responses: { 200: done },
    errors: [401, 403, 404],
  }),
};
