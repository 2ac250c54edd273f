import type { ApiClient } from '@kerygma/api/client';
import type { Broadcaster, ListResponse, LiteBroadcaster } from '@kerygma/domain/catalogue';
import { englishMessages, type MessageKey, type Translate } from '@kerygma/i18n/t';
import { oneOf } from '../../lib/list-query.ts';
import { pageFrom } from '../../lib/sermon-lists.ts';

/**
 * Helpers of the catalogue pages (broadcasters, speakers, series): page numbers, caching
 * and the broadcaster rules of spec §3 and §9 (categories, derived flags, location
 * label, US states). Files starting with '_' are not routes.
 */

/** Catalogue pages may be cached for a minute by browsers and shared caches. */
export const CACHE_CONTROL = 'public, max-age=60';

/** Rows per page of speaker and broadcaster lists (spec §9: 25), and of series lists (20). */
export const PAGE_SIZE = 25;
export const SERIES_PAGE_SIZE = 20;

export { orNotFound } from '../../lib/not-found.ts';
/** The `page` query parameter, as on every list page. */
export { pageFrom };

/** Search text from the path or from a `q` parameter (the search forms submit `q`). */
export const MIN_SEARCH = 3;

/** Broadcaster categories (spec §3: bit flags 1 church, 2 school, 4 seminary, 8 radio). */
export const CATEGORY_BITS = { church: 1, school: 2, seminary: 4, radio: 8 } as const;
export type Category = keyof typeof CATEGORY_BITS;

export function categoriesOf(bits: number): Category[] {
  return (Object.keys(CATEGORY_BITS) as Category[]).filter((c) => (bits & CATEGORY_BITS[c]) !== 0);
}

type Located = Pick<LiteBroadcaster, 'countryISOCode' | 'location'> & { languageCode?: string | null };

/** Derived flags (spec §3). */
export const isUSA = (b: Located) => b.countryISOCode?.toUpperCase() === 'US';
export const isBritishIsles = (b: Located) => ['GB', 'IE'].includes(b.countryISOCode?.toUpperCase() ?? '');
export const isEnglish = (b: Located) => (b.languageCode ?? '').toLowerCase().startsWith('en');

/** Longest location label shown as it is (spec §9: "used if display name is 32 characters or fewer"). */
export const LOCATION_LABEL_MAX = 32;

/**
 * The location label of a broadcaster: its location when 32 characters or fewer, else the first
 * part of it (the town); outside the USA the country name is added when known.
 */
export function locationLabel(b: Located, lang: string): string {
  const location = b.location.trim();
  const label =
    location.length <= LOCATION_LABEL_MAX ? location : (location.split(',')[0]?.trim() ?? location).slice(0, 32);
  if (isUSA(b) || !b.countryISOCode) return label;
  const country = countryName(b.countryISOCode, lang);
  if (!label) return country;
  return label.toLowerCase().includes(country.toLowerCase()) ? label : `${label}, ${country}`;
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country name in the reader's language from its ISO code ('DE' → 'Deutschland' in German). */
export function countryName(code: string, lang: string): string {
  const upper = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return code;
  let names = regionNames.get(lang);
  if (!names) {
    try {
      names = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' });
    } catch {
      names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    }
    regionNames.set(lang, names);
  }
  try {
    return names.of(upper) ?? upper;
  } catch {
    return upper;
  }
}

const regionCodes = new Map<string, Map<string, string>>();

/**
 * The ISO code of a country given as a code ('de') or a name in the reader's language or in
 * English ('Deutschland', 'Germany', 'united states'); undefined when it names no region.
 */
export function countryCode(value: string, lang: string): string | undefined {
  const wanted = value.trim().toLocaleUpperCase();
  let byName = regionCodes.get(lang);
  if (!byName) {
    byName = new Map();
    const A = 'A'.charCodeAt(0);
    for (let i = 0; i < 26 * 26; i++) {
      const code = String.fromCharCode(A + Math.floor(i / 26), A + (i % 26));
      for (const l of [lang, 'en']) {
        const name = countryName(code, l);
        if (name !== code) byName.set(code, code).set(name.toLocaleUpperCase(), code);
      }
    }
    regionCodes.set(lang, byName);
  }
  return byName.get(wanted);
}

/**
 * The US states (spec §3: 50 states, DC and PR) by code. Their names are locale messages
 * (`usStates.CA`); the English ones double as the names a state may be addressed by.
 */
const US_STATE_NAMES: Readonly<Record<string, string>> = englishMessages.usStates;

export const isUSState = (code: string): boolean => Object.hasOwn(US_STATE_NAMES, code);

/** A US state's name in the reader's language ('CA' → 'Kalifornien' in German); the code if it is none. */
export function usStateName(t: Translate, code: string): string {
  return isUSState(code) ? t(`usStates.${code}` as MessageKey) : code;
}

/**
 * A US state code from a code or a name in English or the reader's language ('pa',
 * 'Pennsylvania' → 'PA'; 'Kalifornien' → 'CA' in German); undefined if not a US state.
 */
export function usStateCode(value: string, t: Translate): string | undefined {
  const wanted = value.trim().toUpperCase();
  if (isUSState(wanted)) return wanted;
  const matches = (name: string) => name.toUpperCase() === wanted;
  return Object.keys(US_STATE_NAMES).find(
    (code) => matches(US_STATE_NAMES[code] ?? code) || matches(usStateName(t, code)),
  );
}

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

/** What a broadcaster row shows; a full or lite broadcaster, or a location entry. */
export type BroadcasterRow = Pick<
  LiteBroadcaster,
  'broadcasterID' | 'displayName' | 'location' | 'countryISOCode' | 'categories'
> & {
  imageURL?: string | undefined;
  sermonCount?: number | undefined;
  vacantPulpit?: boolean | undefined;
  denomination?: string | null | undefined;
};

export type AnyBroadcaster = Broadcaster | LiteBroadcaster;

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
