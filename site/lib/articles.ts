import type { ApiClient } from '@kerygma/api/client';
import { ARTICLE_RULES, articlePath } from '@kerygma/domain/articles';
import type { Article, ArticleSummary } from '@kerygma/domain/contracts/articles';
import { orNotFound } from './not-found.ts';

/**
 * The article page's address (spec §2 /article/{broadcasterID?}/{slug} and its /print view)
 * read into what to show: the article, a redirect to its canonical address, or nothing (404
 * 'Article not found'). Without the broadcaster, the newest published article with the slug is
 * meant, and its canonical address redirected to.
 */
export type ArticlePage =
  | { kind: 'article'; article: Article; print: boolean }
  | { kind: 'redirect'; path: string }
  | { kind: 'notFound' };

const PRINT = 'print';

/** The canonical address of an article's page or print view. */
export const articlePagePath = (a: Pick<ArticleSummary, 'broadcasterID' | 'slug'>, print = false) =>
  `${articlePath(a.broadcasterID, a.slug)}${print ? `/${PRINT}` : ''}`;

async function bySlugAlone(api: ApiClient, slug: string, print: boolean): Promise<ArticlePage> {
  const found = await orNotFound(api.calls.listArticles({ query: { slug: slug.toLowerCase(), pageSize: 1 } }));
  const first = found?.results[0];
  return first ? { kind: 'redirect', path: articlePagePath(first, print) } : { kind: 'notFound' };
}

export async function loadArticlePage(api: ApiClient, path: string): Promise<ArticlePage> {
  const segments = path.split('/').filter(Boolean);
  const [first, second, third] = segments;
  if (!first || segments.length > 3 || (third !== undefined && third !== PRINT)) return { kind: 'notFound' };
  if (second === undefined) return bySlugAlone(api, first, false);
  const article = await orNotFound(api.calls.getArticleBySlug({ params: { broadcasterID: first, slug: second } }));
  if (!article) return second === PRINT && third === undefined ? bySlugAlone(api, first, true) : { kind: 'notFound' };
  const print = third === PRINT;
  const canonical = articlePagePath(article, print);
  if (canonical !== `/article/${segments.map(encodeURIComponent).join('/')}`)
    return { kind: 'redirect', path: canonical };
  return { kind: 'article', article, print };
}

/** The newest published articles of a broadcaster or by a speaker, for their pages' articles tab. */
export async function articlesTab(
  api: ApiClient,
  of: { broadcasterID: string } | { speakerID: number },
): Promise<ArticleSummary[]> {
  const page = await api.calls.listArticles({ query: { ...of, pageSize: ARTICLE_RULES.maxPageSize } });
  return page.results;
}
