import type { Query } from '@kerygma/api/request';
import type { ListResponse, LiteSermon } from '@kerygma/domain/catalogue';
import { type ListPageRequest, listPage, redirect } from './list-pages.ts';
import {
  cursorFrom,
  type FilterOptions,
  filtersFrom,
  loadSermons,
  PAGE_SIZE,
  pageFrom,
  type SermonFilters,
  withoutIgnoredFilters,
} from './sermon-lists.ts';

/** What a sermon list page lists, once it found it (a topic, a category, a date, …). */
export type SermonListSubject = {
  /** Everything the filter bar offers (loadFilterOptions). */
  options: FilterOptions;
  /** Filters the page applies itself (a category's event type, a year), which its links carry. */
  fixed?: Partial<SermonFilters>;
  /** What else the page asks node/sermons for (a topic, a hashtag, video only, a verse). */
  query?: Query;
};

/** A sermon list page's data: its page number, filters and sermons (none for a subject not found). */
export type SermonListPage = {
  page: number;
  values: SermonFilters | undefined;
  list: ListResponse<LiteSermon> | undefined;
  /** False when the page answers 404: no subject, or no sermons where `emptyIsMissing`. */
  found: boolean;
};

/**
 * The top of a sermon list page (spec §2 "Sermons"): the filters of the address over the page's
 * own, a 302 to the address without the filters it ignores, a page of sermons, 404 past the end,
 * and a minute of caching. No `subject` (the topic, category or date does not exist) is a 404
 * page; so is a list without sermons where `emptyIsMissing` (a hashtag no sermon carries).
 * Returns the response to answer with, or the page's data.
 */
export async function sermonListPage(
  request: ListPageRequest,
  subject: SermonListSubject,
  options?: { emptyIsMissing?: boolean },
): Promise<Response | (SermonListPage & { values: SermonFilters; list: ListResponse<LiteSermon> })>;
export async function sermonListPage(
  request: ListPageRequest,
  subject: SermonListSubject | undefined,
  options?: { emptyIsMissing?: boolean },
): Promise<Response | SermonListPage>;
export async function sermonListPage(
  request: ListPageRequest,
  subject: SermonListSubject | undefined,
  { emptyIsMissing = false } = {},
): Promise<Response | SermonListPage> {
  const { url, locals } = request;
  const page = pageFrom(url);
  const values = subject && { ...filtersFrom(url, subject.options), ...subject.fixed };
  const cleaned = values && withoutIgnoredFilters(url, values);
  const isFound = (list: ListResponse<LiteSermon> | undefined) =>
    list !== undefined && (!emptyIsMissing || (list.totalCount ?? list.results.length) > 0);
  const data = await listPage(request, {
    tidy: cleaned === undefined ? undefined : redirect(`${locals.href(url.pathname)}${cleaned}`, 302),
    load: async () => ({
      page,
      values,
      list:
        values && (await loadSermons(locals.api, { ...values, ...subject?.query }, page, PAGE_SIZE, cursorFrom(url))),
    }),
    found: ({ list }) => isFound(list),
  });
  return data instanceof Response ? data : { ...data, found: isFound(data.list) };
}
