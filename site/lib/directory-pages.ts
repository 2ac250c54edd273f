import type { ListResponse } from '@kerygma/domain/catalogue';
import { getLocale } from '@kerygma/i18n/locales';
import {
  BROADCASTER_LIST_QUERIES,
  type BroadcasterQueryList,
  type BroadcasterSort,
  broadcasterSortParam,
  loadBroadcasters,
  loadInternational,
} from './broadcaster-lists.ts';
import type { BroadcasterRow } from './broadcasters.ts';
import type { DirectoryKind, DirectoryOf, DirectoryProps } from './directories.ts';
import { letterParam } from './letters.ts';
import { CACHE_CONTROL, type ListPageRequest, listPage, redirect, redirectWithoutIgnored } from './list-pages.ts';
import { NO_SORT_OR_PAGE } from './list-query.ts';
import { searchFromSegment, searchPagePath, tooShortToSearch } from './search.ts';
import { documentTitle } from './seo.ts';
import { loadPickedSeries, loadSeriesList, SERIES_SORTS, seriesSortParam, seriesSortText } from './series-lists.ts';
import { pageFrom } from './sermon-lists.ts';
import { loadSpeakers, SPEAKER_LISTS, type SpeakerListKey, speakerSortParam } from './speaker-lists.ts';

/**
 * The directory pages that are one list each, their A–Z lists and their search pages, which
 * components/DirectoryPage.astro renders: each loader answers a redirect or a 404 as listPage
 * does, or the page's props.
 */

/** What the layout shows of a directory page besides its body (layouts/Base.astro's props). */
export type DirectoryHead = { title: string; description?: string | undefined; page?: number; noindex?: boolean };
export type DirectoryPageProps = DirectoryProps & { head: DirectoryHead };
export type DirectoryPageOf<K extends DirectoryKind> = DirectoryOf<K> & { head: DirectoryHead };

/** The head of a list page: titled by the list, its directory and its page, described by its hint. */
function listHead({ locals: { t } }: ListPageRequest, body: DirectoryProps): DirectoryHead {
  return {
    title: documentTitle(t, [body.title, t(`nav.${body.kind}`)], body.page),
    page: body.page ?? 1,
    description: body.hint,
  };
}

/** The page of a directory list with its head. */
function listPageProps<P extends DirectoryProps>(request: ListPageRequest, body: P): P & { head: DirectoryHead } {
  return { ...body, head: listHead(request, body) };
}

/**
 * A page of one of the broadcaster lists that are one API query (featured, newest, usa, …), or of
 * the international broadcasters (by name only: any `sort` is taken out of the address).
 */
export async function broadcasterListPage(
  request: ListPageRequest,
  current: BroadcasterQueryList | 'international',
): Promise<Response | DirectoryPageOf<'broadcasters'>> {
  const { url, locals } = request;
  const load = async (): Promise<{ page: number; sort?: BroadcasterSort; list: ListResponse<BroadcasterRow> }> => {
    if (current === 'international') return loadInternational(locals.api, url, getLocale(locals.locale).lang);
    const { query, sort } = BROADCASTER_LIST_QUERIES[current];
    return loadBroadcasters(locals.api, url, query, sort);
  };
  const data = await listPage(request, {
    tidy: redirectWithoutIgnored(request, {
      sort: current === 'international' ? undefined : broadcasterSortParam(url),
    }),
    load,
  });
  if (data instanceof Response) return data;
  const { t } = locals;
  const text = { title: t(`catalog.broadcasters.lists.${current}`), hint: t(`catalog.broadcasters.hints.${current}`) };
  return listPageProps(request, { kind: 'broadcasters', current, ...text, ...data });
}

/** A page of one of the speaker collections (spec §2 "Speakers": featured, choice, classic, puritans, primary). */
export async function speakerListPage(
  request: ListPageRequest,
  current: Exclude<SpeakerListKey, 'alphabetical' | 'search'>,
): Promise<Response | DirectoryPageOf<'speakers'>> {
  const { url, locals } = request;
  const data = await listPage(request, {
    tidy: redirectWithoutIgnored(request, { sort: speakerSortParam(url) }),
    load: () => loadSpeakers(locals.api, url, SPEAKER_LISTS[current]),
  });
  if (data instanceof Response) return data;
  const { t } = locals;
  const text = { title: t(`catalog.speakers.lists.${current}`), hint: t(`catalog.speakers.hints.${current}`) };
  return listPageProps(request, { kind: 'speakers', current, ...text, ...data });
}

/**
 * A page of a series list: every series (`recent`, in the order of the `sort` parameter), the
 * podcast series, or the series of the latest staff-picked sermons (`picks`, in the order of the
 * picks only: any `sort` is taken out of the address).
 */
export async function seriesListPage(
  request: ListPageRequest,
  current: 'recent' | 'podcasts' | 'picks',
): Promise<Response | DirectoryPageOf<'series'>> {
  const { url, locals } = request;
  const { api, t } = locals;
  const asked = current === 'picks' ? undefined : seriesSortParam(url);
  const sort = asked ?? 'recent';
  const filter = current === 'podcasts' ? { filterBy: 'podcast-enabled' } : {};
  const data = await listPage(request, {
    tidy: redirectWithoutIgnored(request, { sort: asked }),
    load: async () => {
      const page = pageFrom(url);
      const listed =
        current === 'picks'
          ? await loadPickedSeries(api, page)
          : await loadSeriesList(api, page, { sort_by: SERIES_SORTS[sort], ...filter });
      return { page, ...listed };
    },
  });
  if (data instanceof Response) return data;
  const text =
    current === 'recent'
      ? seriesSortText(t, sort)
      : { title: t(`catalog.series.lists.${current}`), hint: t(`catalog.series.hints.${current}`) };
  return listPageProps(request, {
    kind: 'series',
    current,
    ...text,
    sort: current === 'picks' ? undefined : sort,
    ...data,
  });
}

/**
 * /{broadcasters,speakers,series}/search/{search?}: the directory's entries matching the text (a
 * broadcaster's id, name, denomination, location, minister or primary speakers, spec §3; a
 * speaker's name; a series' title). The form submits `q`, which is moved into the path so every
 * search has one address.
 */
export async function directorySearchPage<K extends DirectoryKind>(
  request: ListPageRequest,
  kind: K,
): Promise<Response | DirectoryPageOf<K>> {
  // Each branch below answers for the directory it tests `kind` for.
  const of = (props: DirectoryPageProps) => props as DirectoryPageOf<K>;
  const { url, params, locals } = request;
  const { api, t, href } = locals;
  const q = url.searchParams.get('q');
  if (q?.trim()) return redirect(href(searchPagePath(kind, q)), 302);
  const value = searchFromSegment(params.search);
  const tooShort = tooShortToSearch(value);
  const asked = value !== '' && !tooShort;
  const title = value ? t('catalog.common.searchResultsFor', { search: value }) : t(`catalog.${kind}.lists.search`);
  const shown = {
    current: 'search' as const,
    title,
    search: { value, error: tooShort ? t('error.searchTooShort') : undefined },
  };
  // Results for any text a visitor typed are no pages for search engines.
  const head = (description: string) => ({
    title: documentTitle(t, [title, t(`nav.${kind}`)]),
    description,
    noindex: Boolean(value),
  });
  // A blank `q` searches nothing: it is taken out with the values the list ignores.
  const tidy = (sort: string | undefined) => redirectWithoutIgnored(request, { q: undefined, sort });
  if (kind === 'broadcasters') {
    const data = await listPage(request, {
      tidy: tidy(broadcasterSortParam(url)),
      load: async () => (asked ? await loadBroadcasters(api, url, { query: value }) : { page: 1 }),
    });
    if (data instanceof Response) return data;
    return of({ kind, ...shown, ...data, head: head(t('catalog.broadcasters.intro')) });
  }
  if (kind === 'speakers') {
    const data = await listPage(request, {
      tidy: tidy(speakerSortParam(url)),
      load: async () => (asked ? await loadSpeakers(api, url, { query: value }) : { page: 1 }),
    });
    if (data instanceof Response) return data;
    return of({ kind, ...shown, ...data, head: head(t('catalog.speakers.intro')) });
  }
  const sort = seriesSortParam(url);
  const data = await listPage(request, {
    tidy: tidy(sort),
    load: async () => {
      const page = pageFrom(url);
      if (!asked) return { page };
      const listed = await loadSeriesList(api, page, { sort_by: SERIES_SORTS[sort ?? 'recent'], query: value });
      return { page, sort: sort ?? 'recent', ...listed };
    },
  });
  if (data instanceof Response) return data;
  return of({ kind, ...shown, ...data, head: head(title) });
}

/**
 * /{broadcasters,speakers}/alphabetical/{letter?}: the directory's entries by the first letter of
 * their sort name (all without one). '/a' answers as '/A' (the '#' of other letters is encoded);
 * a letter that is none is a 404 (undefined) whatever the query asks.
 */
export async function letterPage<K extends 'broadcasters' | 'speakers'>(
  request: ListPageRequest,
  kind: K,
): Promise<Response | DirectoryPageOf<K> | undefined> {
  // Each branch below answers for the directory it tests `kind` for.
  const of = (props: DirectoryPageProps) => props as DirectoryPageOf<K>;
  const { url, params, locals, response } = request;
  const { api, t, href } = locals;
  const raw = params.letter;
  const letter = letterParam(raw);
  if (letter && letter !== '#' && raw !== letter) {
    return redirect(`${href(`/${kind}/alphabetical/${letter}`)}${url.search}`, 301);
  }
  if (raw !== undefined && letter === undefined) {
    response.status = 404;
    return undefined;
  }
  const query: Record<string, string> = letter ? { letter } : {};
  const title = letter
    ? t(`catalog.${kind}.byLetterTitle`, { letter: letter === '#' ? t('catalog.common.otherLetters') : letter })
    : t(`catalog.${kind}.lists.alphabetical`);
  const shown = ({ page, list }: { page: number; list: { results: readonly unknown[] } }) => ({
    current: 'alphabetical' as const,
    title,
    letter: letter ?? null,
    head: {
      title: documentTitle(t, [title, letter ? '' : t(`nav.${kind}`)], page),
      page,
      description: t(`catalog.${kind}.intro`),
      noindex: list.results.length === 0,
    },
  });
  if (kind === 'broadcasters') {
    const data = await listPage(request, {
      tidy: redirectWithoutIgnored(request, { sort: broadcasterSortParam(url) }),
      load: () => loadBroadcasters(api, url, query),
    });
    return data instanceof Response ? data : of({ kind, ...shown(data), ...data });
  }
  const data = await listPage(request, {
    tidy: redirectWithoutIgnored(request, { sort: speakerSortParam(url) }),
    load: () => loadSpeakers(api, url, query),
  });
  return data instanceof Response ? data : of({ kind, ...shown(data), ...data });
}

/**
 * What /broadcasters/country and /broadcasters/state answer once they loaded a place's list
 * (`data`; undefined for the index of places, or for a place the API cannot be asked about): a
 * place without broadcasters is a collection that does not exist (spec §2 route entry checks)
 * and a 404 whatever the query asks; a place's list reads its sort and page, the index has
 * neither. Returns the redirect to answer with, or whether the place is missing.
 */
export function placePageAnswer(
  request: ListPageRequest,
  place: string,
  data: { list: { totalCount?: number | null } } | undefined,
): Response | { missing: boolean } {
  const missing = place !== '' && (!data || data.list.totalCount === 0);
  const tidy = missing
    ? undefined
    : redirectWithoutIgnored(request, data ? { sort: broadcasterSortParam(request.url) } : NO_SORT_OR_PAGE);
  if (tidy) return tidy;
  if (missing) request.response.status = 404;
  else request.response.headers.set('cache-control', CACHE_CONTROL);
  return { missing };
}
