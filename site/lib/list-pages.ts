import type { ListResponse } from '@kerygma/domain/catalogue';

/**
 * What the catalogue's list pages (broadcasters, speakers, series) share: how long caches may
 * keep them, their page sizes, a page of a list held in memory, and their redirects.
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
