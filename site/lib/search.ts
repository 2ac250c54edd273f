import { MIN_SEARCH_LENGTH, SEARCH_SORTS, type SearchSort } from '@kerygma/domain/query';

/** The search page's query string (spec §2 "/search", §3 result types, §9 sorts). */

/** The pills: result types a search can be limited to ('' is all). */
export const SEARCH_TYPES = ['', 'sermon', 'videosermon', 'speaker', 'series', 'broadcaster', 'hashtag'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export type SearchParams = { q: string; type: SearchType; sort: SearchSort; tooShort: boolean };

/** The longest query the API takes (`searchText`, @kerygma/domain/query), in code points as it counts. */
const MAX_SEARCH_LENGTH = 200;

/**
 * A query as searched: trimmed and cut to MAX_SEARCH_LENGTH code points. Cut by UTF-16 units, an
 * emoji or a rare CJK character was split, and encodeURIComponent threw (URIError) on the half
 * left. Control characters are spaces: the API cannot store or search a NUL.
 */
export function cutSearch(text: string): string {
  const points = Array.from(text.replace(/[\p{Cc}\p{Cs}]/gu, ' ').trim());
  return points.slice(0, MAX_SEARCH_LENGTH).join('');
}

/** Whether `q` (not empty) is too short to search; the API counts code points, so does this ('📖📖' is 2). */
export function tooShortToSearch(q: string): boolean {
  return q !== '' && Array.from(q).length < MIN_SEARCH_LENGTH;
}

/** The search of `url`: q trimmed and cut, an unknown type is all, an unknown sort is relevance. */
export function searchParams(url: URL): SearchParams {
  const q = cutSearch(url.searchParams.get('q') ?? '');
  const rawType = (url.searchParams.get('type') ?? '').toLowerCase();
  const type = ((SEARCH_TYPES as readonly string[]).includes(rawType) ? rawType : '') as SearchType;
  const rawSort = url.searchParams.get('sort') ?? '';
  const sort = ((SEARCH_SORTS as readonly string[]).includes(rawSort) ? rawSort : 'relevance') as SearchSort;
  return { q, type, sort, tooShort: tooShortToSearch(q) };
}

/** The search page URL of `params` (without page), for the pills and the sort links. */
export function searchHref(
  href: (path: string) => string,
  params: { q: string; type?: string | undefined; sort?: string | undefined; page?: number | undefined },
): string {
  const qs = new URLSearchParams({ q: params.q });
  if (params.type) qs.set('type', params.type);
  if (params.sort && params.sort !== 'relevance') qs.set('sort', params.sort);
  if (params.page && params.page > 1) qs.set('page', String(params.page));
  return `${href('/search')}?${qs}`;
}

/** The directories with a search page of their own, /{kind}/search/{search} (spec §2). */
export type SearchPageKind = 'series' | 'speakers' | 'broadcasters' | 'hymnal' | 'psalter';

/** The search page of a directory for `q`; searchFromSegment reads the query back. */
export function searchPagePath(kind: SearchPageKind, q: string): string {
  return `/${kind}/search/${encodeURIComponent(cutSearch(q))}`;
}

/**
 * The query of a /{kind}/search/{search} page from its route parameter. Astro decodes the path
 * with decodeURI, which leaves the escapes of reserved characters (`: , ? & # / …`), so those
 * are decoded here; an escape that is not valid UTF-8 ('%E0%A4%A') or a lone '%' stays as typed.
 */
export function searchFromSegment(param: string | undefined): string {
  const decoded = (param ?? '').replace(/(?:%[0-9A-Fa-f]{2})+/g, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
  return cutSearch(decoded);
}
