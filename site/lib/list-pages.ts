import type { ListResponse } from '@kerygma/domain/catalogue';
import type { AstroGlobal } from 'astro';
import { withoutIgnored } from './list-query.ts';
import { isRefusedPage } from './refused-page.ts';
import { pastEnd } from './sermon-lists.ts';

/**
 * What the catalogue's list pages (broadcasters, speakers, series) share: how long caches may
 * keep them, their page sizes, a page of a list held in memory, their redirects, and the steps
 * every list page takes before it renders.
 */

/** Catalogue pages may be cached for a minute by browsers and shared caches. */
export const CACHE_CONTROL = 'public, max-age=60';

/** Rows per page of speaker and broadcaster lists (spec §9: 25), and of series lists (20). */
export const PAGE_SIZE = 25;
export const SERIES_PAGE_SIZE = 20;

/** A page of a list held in memory, shaped like an API list answer. */
export function pageOf<T>(items: readonly T[], page: number, pageSize = PAGE_SIZE): ListResponse<T> {
  return {
    nodeType: 'list',
    nodeDisplayName: 'List',
    totalCount: items.length,
    next: page * pageSize < items.length ? String(page + 1) : null,
    results: items.slice((page - 1) * pageSize, page * pageSize),
  };
}

/** A redirect that shared caches may keep for a minute (Astro.redirect sets no Cache-Control). */
export function redirect(location: string, status: 301 | 302): Response {
  return new Response(null, { status, headers: { location, 'cache-control': CACHE_CONTROL } });
}

/** What a list page's loaders read of the page: Astro's global (`listPage(Astro, …)`). */
export type ListPageRequest = Pick<AstroGlobal, 'url' | 'params' | 'locals' | 'response' | 'rewrite'>;

/**
 * A 302 to the page's own address without the query values its list ignores (`applied`, as
 * list-query.ts `withoutIgnored` takes them); undefined when it applies them all.
 */
export function redirectWithoutIgnored(
  { url, locals }: Pick<ListPageRequest, 'url' | 'locals'>,
  applied: Readonly<Record<string, unknown>>,
): Response | undefined {
  const cleaned = withoutIgnored(url, applied);
  return cleaned === undefined ? undefined : redirect(`${locals.href(locals.path)}${cleaned}`, 302);
}

/** What a list page loads: the page number and its list (undefined: nothing to list). */
type LoadedPage = { page: number; list?: { results: readonly unknown[] } | undefined };

/**
 * The top of a list page: `tidy` (the redirect to its address without what the list ignores,
 * when there is one), else the page's data from `load`, a 404 past the list's last page, and a
 * minute of caching; a page that `found` says lists nothing that exists answers 404 without it.
 * Returns the response to answer with, or the data to render.
 */
export async function listPage<T extends LoadedPage>(
  { locals, response, rewrite }: ListPageRequest,
  {
    tidy,
    load,
    found = () => true,
  }: { tidy: Response | undefined; load: () => Promise<T>; found?: (data: T) => boolean },
): Promise<T | Response> {
  if (tidy) return tidy;
  let data: T;
  try {
    data = await load();
  } catch (error) {
    if (isRefusedPage(error)) return rewrite(locals.href('/404'));
    throw error;
  }
  if (pastEnd(data.page, data.list)) return rewrite(locals.href('/404'));
  if (found(data)) response.headers.set('cache-control', CACHE_CONTROL);
  else {
    response.status = 404;
    response.statusText = 'Not Found';
  }
  return data;
}
