import type { ApiClient } from '@kerygma/api/client';
import { ApiRequestError, type Query } from '@kerygma/api/request';
import { bookSlug as bibleBookSlug } from '@kerygma/domain/bible';
import type { BibleBookDto, EventTypeDetail, Language, ListResponse, LiteSermon } from '@kerygma/domain/catalogue';
import {
  MIN_SEARCH_LENGTH,
  PAGE_SIZES,
  SEARCH_SORTS,
  SERMON_SORTS,
  type SearchSort,
  type SermonSort,
  withoutControls,
} from '@kerygma/domain/query';
import { SITE_TIME_ZONE } from '@kerygma/domain/site-clock';
import { slugify } from '@kerygma/domain/slug';
import type { MessageKey } from '@kerygma/i18n/t';
import { withoutIgnored } from './list-query.ts';

/**
 * Data helpers of the sermon list pages (spec §2 "Sermons", §9 page sizes, sorts and filter
 * names). The pages fetch through these and render with SermonList, Pagination and FilterBar.
 */

/** Sermons per page (spec §9). */
export const PAGE_SIZE = PAGE_SIZES.sermons;

/** Lists change often; shared caches may keep them a minute. */
export const LIST_CACHE_CONTROL = 'public, max-age=60';

/** Earliest sermon year (spec §9). */
export const EARLIEST_YEAR = 1950;

/** The decades with a page of their own (spec §2: /sermons/date/50s, 60s, 70s). */
export const DECADES = { '50s': 1950, '60s': 1960, '70s': 1970 } as const;
export type Decade = keyof typeof DECADES;

/** The sermon lists (spec §2 "Sermons") with their names, in the order their navigation shows them. */
export const SERMON_LISTS: readonly { path: string; label: MessageKey }[] = [
  { path: '/sermons', label: 'sermons.nav.all' },
  { path: '/sermons/staff-picks', label: 'sermons.nav.staffPicks' },
  { path: '/sermons/featured', label: 'sermons.nav.featured' },
  { path: '/sermons/videos', label: 'sermons.nav.videos' },
  { path: '/sermons/clips', label: 'sermons.nav.clips' },
  { path: '/sermons/transcripts', label: 'sermons.nav.transcripts' },
  { path: '/sermons/languages', label: 'sermons.nav.languages' },
  { path: '/sermons/categories', label: 'sermons.nav.categories' },
  { path: '/sermons/topics', label: 'sermons.nav.topics' },
  { path: '/sermons/scripture', label: 'sermons.nav.scripture' },
  { path: '/sermons/date', label: 'sermons.nav.date' },
];

/** The highest page a list asks for: the API's limit (domain query.ts `pageNumber`). */
export const MAX_PAGE = 1_000_000;

/**
 * The page number of a list: `?page=N` for any whole N from 1 (capped at MAX_PAGE, far past the
 * end of any list, so a huge number is past the end too); 1 when missing or not a whole number.
 */
export function pageFrom(url: URL): number {
  const raw = url.searchParams.get('page');
  if (!raw || !/^\d+$/.test(raw)) return 1;
  // Number() of hundreds of digits is a large float or Infinity, never NaN: the cap holds.
  return Math.max(1, Math.min(MAX_PAGE, Number(raw)));
}

/**
 * The `cursor` a page past the pages by number came with (Pagination's 'next' carries the API's),
 * when it has the form of one; the API checks the rest.
 */
export function cursorFrom(url: URL): string | undefined {
  const raw = url.searchParams.get('cursor');
  return raw && /^[\w-]{1,500}$/.test(raw) ? raw : undefined;
}

/**
 * True when a page after the first has no rows: past the end of the list, which answers 404
 * ('This page could not be found') instead of an empty page with links to pages that do not
 * exist. An empty first page is 'No Results'. Pages call it right after loading the list:
 * `if (pastEnd(page, list)) return Astro.rewrite(href('/404'));` (href: the 404 page in the
 * visitor's language).
 */
export function pastEnd(page: number, list: { results: readonly unknown[] } | undefined): boolean {
  return page > 1 && list !== undefined && list.results.length === 0;
}

/** Lower case, accents and punctuation removed, words joined by '-': 'Sunday - AM' → 'sunday-am'. */
export { slugify };

/** A route segment as typed: decoded ('%20' → ' '), trimmed; undefined when malformed. */
export function segment(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value).trim();
  } catch {
    return undefined;
  }
}

export type FilterOptions = {
  bibleBooks: BibleBookDto[];
  languages: Language[];
  sermonEventTypes: EventTypeDetail[];
  years: { year: number }[];
};

/** Everything the sermon filter bar offers (site-wide), from node/filter_options. */
export function loadFilterOptions(api: ApiClient): Promise<FilterOptions> {
  return api.calls.filterOptions();
}

/** The `media` values the API accepts (domain catalogue-queries `sermonListQuery`). */
export const MEDIA_FILTERS = ['audio', 'video', 'pdf', 'text'] as const;
export type MediaFilter = (typeof MEDIA_FILTERS)[number];

/** The sermon list filters a page accepts in its query string (spec §9 filter names). */
export type SermonFilters = {
  languageCode?: string;
  eventType?: string;
  year?: number;
  book?: string;
  /** Only with `book`. */
  chapter?: number;
  speakerID?: number;
  broadcasterID?: string;
  /** A series id or title (the API looks up either). */
  series?: string;
  media?: MediaFilter;
  /** Seconds, 'min-max' or 'min' (spec §5). */
  duration?: string;
  searchKeyword?: string;
  sortBy?: SermonSort;
};
export type FilterKey = keyof SermonFilters;

/** The filters the filter bar has no control for: carried in hidden fields and shown as a line of their own. */
export const EXTRA_FILTERS = [
  'chapter',
  'speakerID',
  'broadcasterID',
  'series',
  'media',
  'duration',
  'searchKeyword',
] as const satisfies readonly FilterKey[];

/** Every filter, in the order list links carry them. */
export const FILTER_KEYS = [
  'languageCode',
  'eventType',
  'year',
  'book',
  ...EXTRA_FILTERS,
  'sortBy',
] as const satisfies readonly FilterKey[];
export type ExtraFilter = (typeof EXTRA_FILTERS)[number];

// Formats the API accepts (sermonListQuery), a little stricter where its own would fail:
// broadcaster ids are letters and digits (spec §5), a duration over 6 digits overflows its query.
const WHOLE = /^[1-9]\d{0,15}$/;
const BROADCASTER_ID = /^[a-z0-9]{1,100}$/i;
const DURATION = /^(\d{1,6})(?:-(\d{1,6}))?$/;
const SERIES_MAX = 300;
const SEARCH_MAX = 200;

/** A whole number from 1 that is exact in JavaScript, else undefined. */
function positiveInt(value: string | null): number | undefined {
  if (!value || !WHOLE.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** A duration 'min-max' or 'min' in seconds whose maximum is not below its minimum. */
function duration(value: string | null): string | undefined {
  const m = value ? DURATION.exec(value) : null;
  if (!m) return undefined;
  return m[2] === undefined || Number(m[2]) >= Number(m[1]) ? (value as string) : undefined;
}

/**
 * The keyword as the API reads it (control characters as spaces, trimmed), cut to SEARCH_MAX
 * characters (never half a surrogate pair); too short: undefined.
 */
function keyword(value: string | null): string | undefined {
  const text = withoutControls(value ?? '')
    .trim()
    .slice(0, SEARCH_MAX)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trim();
  return text.length >= MIN_SEARCH_LENGTH ? text : undefined;
}

/**
 * The filters in `url`, each kept only when it is one the options offer or in a form the API
 * accepts, so that a hand-edited query string never turns into an API error. `book` is the
 * OSIS abbreviation; `chapter` is kept only with a book that has it.
 */
export function filtersFrom(url: URL, options: FilterOptions): SermonFilters {
  const q = url.searchParams;
  const filters: SermonFilters = {};
  const language = q.get('languageCode');
  if (language && options.languages.some((l) => l.languageCode === language)) filters.languageCode = language;
  const event = q.get('eventType');
  if (event && options.sermonEventTypes.some((e) => e.type === event)) filters.eventType = event;
  const year = Number(q.get('year'));
  if (options.years.some((y) => y.year === year)) filters.year = year;
  const book = q.get('book');
  const found = book ? findBook(options.bibleBooks, book) : undefined;
  if (found) {
    filters.book = found.osisAbbrev;
    const chapter = positiveInt(q.get('chapter'));
    if (chapter !== undefined && chapter <= found.chapters.length) filters.chapter = chapter;
  }
  const speaker = positiveInt(q.get('speakerID'));
  if (speaker !== undefined) filters.speakerID = speaker;
  const broadcaster = q.get('broadcasterID')?.trim();
  if (broadcaster && BROADCASTER_ID.test(broadcaster)) filters.broadcasterID = broadcaster.toLowerCase();
  const series = q.get('series')?.trim();
  if (series && series.length <= SERIES_MAX) filters.series = series;
  const media = q.get('media');
  if (media && (MEDIA_FILTERS as readonly string[]).includes(media)) filters.media = media as MediaFilter;
  const seconds = duration(q.get('duration'));
  if (seconds) filters.duration = seconds;
  const search = keyword(q.get('searchKeyword'));
  if (search) filters.searchKeyword = search;
  const sort = q.get('sortBy');
  if (sort && (SERMON_SORTS as readonly string[]).includes(sort)) filters.sortBy = sort as SermonSort;
  return filters;
}

/**
 * The query string to send a visitor to when `url` asks for filters that `filtersFrom` left out
 * (a language, year or sort the list does not have) or for a page that is not a number
 * (withoutIgnored); undefined when every filter asked for is applied.
 */
export function withoutIgnoredFilters(url: URL, applied: SermonFilters): string | undefined {
  return withoutIgnored(url, Object.fromEntries(FILTER_KEYS.map((key) => [key, applied[key]])));
}

/** The query string ('?a=1&b=2', or '') of a link to a list with `filters`, less those in `omit`. */
export function filtersSearch(filters: SermonFilters, omit: readonly FilterKey[] = []): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && !omit.includes(key)) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export type FilterNames = Partial<Record<'speakerID' | 'broadcasterID' | 'series', string>>;

/**
 * The names of the speaker, broadcaster and series a list is filtered by, from its sermons
 * (each one matches the filters, so the first names them); none for an empty list.
 */
export function filterNames(sermons: readonly LiteSermon[]): FilterNames {
  const first = sermons[0];
  if (!first) return {};
  return {
    speakerID: first.speaker.displayName,
    broadcasterID: first.broadcaster.displayName,
    ...(first.series ? { series: first.series.title } : {}),
  };
}

/** True when any filter is set. */
export function hasFilters(filters: SermonFilters): boolean {
  return Object.values(filters).some((v) => v !== undefined);
}

/**
 * One page of sermons. A 400 from the API (a filter value it refuses, a page by number deeper
 * than NUMBERED_ROWS, an edited cursor) is an empty list, not an error page; other failures are thrown.
 */
export async function loadSermons(
  api: ApiClient,
  query: Query,
  page: number,
  pageSize: number = PAGE_SIZE,
  /** The keyset cursor of a page deeper than the API's pages by number (cursorFrom). */
  cursor?: string,
): Promise<ListResponse<LiteSermon>> {
  try {
    const list = await api.sermons({ sortBy: 'newest', ...query, page, pageSize, ...(cursor ? { cursor } : {}) });
    return list as ListResponse<LiteSermon>;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) {
      return { nodeType: 'sermons_list', nodeDisplayName: '', totalCount: 0, next: null, results: [] };
    }
    throw error;
  }
}

/** The URL-friendly name of a Bible book: 'Romans' → 'romans', 'Song of Solomon' → 'song-of-solomon'. */
export function bookSlug(book: BibleBookDto): string {
  return bibleBookSlug(book.displayBookName);
}

/**
 * A Bible book by lower-cased name or slug ('romans', '1-corinthians', '1 corinthians') or
 * OSIS abbreviation ('rom', '1cor'), case-insensitively.
 */
export function findBook(books: readonly BibleBookDto[], value: string): BibleBookDto | undefined {
  const wanted = value.trim().toLowerCase();
  const slug = slugify(value);
  return books.find(
    (b) =>
      b.osisAbbrev.toLowerCase() === wanted ||
      b.bookName.toLowerCase() === wanted ||
      b.osisPA.toLowerCase() === wanted ||
      b.displayBookName.toLowerCase() === wanted ||
      bookSlug(b) === slug,
  );
}

export type ScriptureRoute = { book: BibleBookDto; chapter?: number; verse?: number };

/**
 * The reference of /sermons/scripture/{book}/{chapter?}/{verse?}: a book (findBook), a chapter
 * it has and a verse that chapter has; undefined otherwise. Numbers may have leading zeros
 * (scripturePath gives the canonical form).
 */
export function parseScriptureRoute(
  books: readonly BibleBookDto[],
  value: string,
  rest: readonly string[],
): ScriptureRoute | undefined {
  const book = findBook(books, value);
  if (!book || rest.length > 2 || !rest.every((p) => /^\d+$/.test(p))) return undefined;
  const [chapter, verse] = rest.map(Number);
  if (chapter === undefined) return { book };
  const verses = book.chapters[chapter - 1];
  if (chapter < 1 || verses === undefined) return undefined;
  if (verse === undefined) return { book, chapter };
  return verse >= 1 && verse <= verses ? { book, chapter, verse } : undefined;
}

/** The canonical path of a scripture route: the book's slug, numbers without leading zeros. */
export function scripturePath(route: ScriptureRoute): string {
  return `/sermons/scripture/${[bookSlug(route.book), route.chapter, route.verse].filter((p) => p !== undefined).join('/')}`;
}

/** An event type by its description, exactly or as a slug, case-insensitively ('Category not found' otherwise). */
export function findCategory(types: readonly EventTypeDetail[], value: string): EventTypeDetail | undefined {
  const wanted = value.trim().toLowerCase();
  const slug = slugify(value);
  return types.find((e) => e.description.toLowerCase() === wanted || slugify(e.description) === slug);
}

/** A sermon language by its code, case-insensitively; its English or native name works too. */
export function findLanguage(languages: readonly Language[], value: string): Language | undefined {
  const wanted = value.trim().toLowerCase();
  return (
    languages.find((l) => l.languageCode.toLowerCase() === wanted) ??
    languages.find((l) => l.languageName.toLowerCase() === wanted || l.localizedName.toLowerCase() === wanted)
  );
}

/** Intl.DisplayNames per interface language, built once (a filter bar names every language). */
const languageNames = new Map<string, Intl.DisplayNames | null>();
/** Names found, by interface language and code (`of()` is slow; codes are the catalogue's few). */
const namesFound = new Map<string, string>();

/** A language's name in the reader's language ('Spanish', 'Spanisch'), else its English name. */
export function languageName(language: Pick<Language, 'languageCode' | 'languageName'>, uiLang: string): string {
  const key = `${uiLang}:${language.languageCode}`;
  const known = namesFound.get(key);
  if (known !== undefined) return known;
  let names = languageNames.get(uiLang);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([uiLang], { type: 'language' });
    } catch {
      names = null; // an unknown locale: the API's names
    }
    languageNames.set(uiLang, names);
  }
  try {
    const name = names?.of(language.languageCode);
    if (name && name !== language.languageCode) {
      namesFound.set(key, name);
      return name;
    }
  } catch {
    // An unknown code: the API's name.
  }
  return language.languageName;
}

export type Topic = { topicID: number; name: string; description: string; sermonCount: number };

/** A topic by id, name or slug of its name. */
export function findTopic(topics: readonly Topic[], value: string): Topic | undefined {
  const wanted = value.trim().toLowerCase();
  const slug = slugify(value);
  return topics.find(
    (t) => String(t.topicID) === wanted || t.name.toLowerCase() === wanted || slugify(t.name) === slug,
  );
}

/** The search sorts (spec §9), with 'relevance' first. */
export const SEARCH_SORT_NAMES: readonly SearchSort[] = SEARCH_SORTS;

/** Message key suffix of a sort name: 'newest-published' → 'newestPublished'. */
export function sortKey(sort: string): string {
  return sort.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

/** Today's date in US Eastern (the site's time zone, spec §9) as year, month, day. */
export function easternToday(now = new Date()): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: SITE_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** 'YYYY-MM-DD' of a calendar date. */
export function isoDay(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The last `count` days up to `today`, newest first. */
export function lastDays(today: { year: number; month: number; day: number }, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day - i));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  });
}
