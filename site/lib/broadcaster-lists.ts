import type { ApiClient } from '@kerygma/api/client';
import type { Broadcaster, ListResponse, LiteBroadcaster } from '@kerygma/domain/catalogue';
import { isUSA } from './broadcasters.ts';
import { compareText } from './format.ts';
import { PAGE_SIZE, pageOf } from './list-pages.ts';
import { oneOf } from './list-query.ts';
import { pageFrom } from './sermon-lists.ts';

/** The broadcaster lists (spec §2 "Broadcaster lists"): which there are, their sorts and their data. */

/** One broadcaster of node/discover/broadcaster_locations. */
export type BroadcasterLocation = {
  broadcasterID: string;
  displayName: string;
  shortName: string;
  location: string;
  countryISOCode: string | null;
  state: string | null;
  latitude: number;
  longitude: number;
  categories: number;
};

let locations: { at: number; data: Promise<BroadcasterLocation[]> } | undefined;
const LOCATIONS_TTL_MS = 5 * 60_000;

/**
 * Every located broadcaster (the API caches this list for 5 minutes; so does this process).
 * Country and state counts and the non-US list come from it, as the list API has no
 * "outside this country" filter.
 */
export function broadcasterLocations(api: ApiClient): Promise<BroadcasterLocation[]> {
  const now = Date.now();
  if (!locations || now - locations.at > LOCATIONS_TTL_MS) {
    const data = api
      .get<ListResponse<BroadcasterLocation>>('node/discover/broadcaster_locations')
      .then((r) => r.results);
    data.catch(() => {
      locations = undefined;
    });
    locations = { at: now, data };
  }
  return locations.data;
}

/** Counts per key, most first then by label. */
export function countBy<T>(items: readonly T[], key: (item: T) => string | null | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/** The broadcaster lists (spec §2 "Broadcaster lists"), in the order of the list navigation. */
export const BROADCASTER_LISTS = [
  'featured',
  'newest',
  'alphabetical',
  'usa',
  'international',
  'country',
  'state',
  'school',
  'seminary',
  'podcast',
  'vacant',
  'group',
  'search',
] as const;
export type BroadcasterListKey = (typeof BROADCASTER_LISTS)[number];

/** The sorts of broadcaster lists (spec §9 simple sort). */
export const BROADCASTER_SORTS = ['alphabetical', 'newest'] as const;
export type BroadcasterSort = (typeof BROADCASTER_SORTS)[number];

/** The `sort` parameter when it is a broadcaster list sort. */
export function broadcasterSortParam(url: URL): BroadcasterSort | undefined {
  return oneOf(url, 'sort', BROADCASTER_SORTS);
}

/**
 * The broadcaster lists that are one API query each: what each asks node/broadcasters for, and
 * its order when the page has no `sort` parameter.
 */
export const BROADCASTER_LIST_QUERIES = {
  featured: { query: { featured: true }, sort: 'alphabetical' },
  newest: { query: {}, sort: 'newest' },
  usa: { query: { country: 'US' }, sort: 'alphabetical' },
  school: { query: { category: 'school' }, sort: 'alphabetical' },
  seminary: { query: { category: 'seminary' }, sort: 'alphabetical' },
  podcast: { query: { podcast: true }, sort: 'alphabetical' },
  vacant: { query: { vacantPulpit: true }, sort: 'alphabetical' },
} as const satisfies Partial<
  Record<BroadcasterListKey, { query: Record<string, string | boolean>; sort: BroadcasterSort }>
>;
export type BroadcasterQueryList = keyof typeof BROADCASTER_LIST_QUERIES;

/**
 * One page (25) of node/broadcasters matching `query`, full objects (denomination, counts),
 * sorted by the page's `sort` parameter (`fallbackSort` without one).
 */
export async function loadBroadcasters(
  api: ApiClient,
  url: URL,
  query: Record<string, string | number | boolean>,
  fallbackSort: BroadcasterSort = 'alphabetical',
) {
  const page = pageFrom(url);
  const sort = broadcasterSortParam(url) ?? fallbackSort;
  const list = (await api.broadcasters({
    lite: false,
    ...query,
    sortBy: sort,
    page,
    pageSize: PAGE_SIZE,
  })) as ListResponse<Broadcaster | LiteBroadcaster>;
  return { page, sort, list };
}

/**
 * One page (25) of the broadcasters outside the USA, by name in the reader's language (`lang`).
 * The list API filters by one country only, so this list comes from the broadcaster locations.
 */
export async function loadInternational(api: ApiClient, url: URL, lang: string) {
  const page = pageFrom(url);
  const all = (await broadcasterLocations(api))
    .filter((b) => b.countryISOCode && !isUSA(b))
    .sort((a, b) => compareText(a.displayName, b.displayName, lang));
  return { page, list: pageOf(all, page) };
}
