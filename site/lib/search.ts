import type { LiteBroadcaster, LiteSermon, Series, Speaker } from '@kerygma/domain/catalogue';
import { MIN_SEARCH_LENGTH, SEARCH_SORTS, type SearchSort } from '@kerygma/domain/query';

/** The search page's query string and the node/search response (spec §2 "/search", §3 result types, §9 sorts). */

/** The pills: result types a search can be limited to ('' is all). */
export const SEARCH_TYPES = ['', 'sermon', 'videosermon', 'speaker', 'series', 'broadcaster', 'hashtag'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export type Hashtag = { hashtag: string; displayHashtag: string; sermonCount: number };

export type SearchResponse = {
  query: string;
  totalCount: number | null;
  next: string | null;
  sermonResults: LiteSermon[];
  broadcasterResults: LiteBroadcaster[];
  broadcasterCount: number | null;
  speakerResults: Speaker[];
  speakerCount: number | null;
  seriesResults: Series[];
  seriesCount: number | null;
  hashtagResults: Hashtag[];
};

export type SearchParams = { q: string; type: SearchType; sort: SearchSort; tooShort: boolean };

/** The search of `url`: q trimmed, an unknown type is all, an unknown sort is relevance. */
export function searchParams(url: URL): SearchParams {
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const rawType = (url.searchParams.get('type') ?? '').toLowerCase();
  const type = ((SEARCH_TYPES as readonly string[]).includes(rawType) ? rawType : '') as SearchType;
  const rawSort = url.searchParams.get('sort') ?? '';
  const sort = ((SEARCH_SORTS as readonly string[]).includes(rawSort) ? rawSort : 'relevance') as SearchSort;
  return { q, type, sort, tooShort: q.length > 0 && q.length < MIN_SEARCH_LENGTH };
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
