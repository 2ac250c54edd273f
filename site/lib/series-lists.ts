import type { ApiClient } from '@kerygma/api/client';
import type { Query } from '@kerygma/api/request';
import type { ListResponse, LiteSermon, Series } from '@kerygma/domain/catalogue';
import type { Translate } from '@kerygma/i18n/t';
import { SERIES_PAGE_SIZE } from './list-pages.ts';
import { oneOf } from './list-query.ts';
import { orNotFound } from './not-found.ts';

const NAME_TTL_MS = 5 * 60_000;
const names = new Map<string, { at: number; name: Promise<string | undefined> }>();

/**
 * Display names of broadcasters by id (series answers carry only the id), fetched in parallel
 * and kept for five minutes in this process.
 */
export async function broadcasterNames(api: ApiClient, ids: Iterable<string>): Promise<Record<string, string>> {
  const now = Date.now();
  const unique = [...new Set(ids)];
  const entries = await Promise.all(
    unique.map(async (id) => {
      let hit = names.get(id);
      if (!hit || now - hit.at > NAME_TTL_MS) {
        const name = orNotFound(api.broadcaster(id, true)).then((b) => b?.displayName);
        name.catch(() => names.delete(id));
        hit = { at: now, name };
        names.set(id, hit);
        if (names.size > 2000) names.delete(names.keys().next().value ?? '');
      }
      return [id, await hit.name.catch(() => undefined)] as const;
    }),
  );
  return Object.fromEntries(entries.filter((e): e is readonly [string, string] => e[1] !== undefined));
}

/** One page (20, spec §9) of node/discover/series with the broadcasters' names. */
export async function loadSeriesList(api: ApiClient, page: number, query: Query) {
  const list = await api.calls.discoverSeries({
    query: { page, pageSize: SERIES_PAGE_SIZE, ...query },
  });
  const names = await broadcasterNames(
    api,
    list.results.map((s) => s.broadcasterID),
  );
  return { list, names };
}

/** A series of a speaker: how many of the speaker's sermons it holds and their date range. */
export type SpeakerSeries = {
  type: string;
  seriesID: number;
  title: string;
  broadcasterID: string;
  broadcasterName: string;
  count: number;
  earliest: string;
  latest: string;
};

/** At most this many of a speaker's sermons are walked to find their series. */
export const SPEAKER_SERIES_SCAN = 1000;

/**
 * The series a speaker preached in, newest first, gathered from the speaker's sermons (the API
 * has no speaker filter on series). `complete` is false when the speaker has more sermons than
 * were walked.
 */
export async function speakerSeries(
  api: ApiClient,
  speakerID: number,
): Promise<{ series: SpeakerSeries[]; complete: boolean }> {
  const found = new Map<number, SpeakerSeries>();
  let query: Query = { speakerID, sortBy: 'newest', pageSize: 100 };
  let seen = 0;
  for (;;) {
    const list = (await api.sermons(query)) as ListResponse<LiteSermon>;
    for (const sermon of list.results) {
      const s = sermon.series;
      if (!s) continue;
      const entry = found.get(s.seriesID);
      if (entry) {
        entry.count += 1;
        if (sermon.preachDate < entry.earliest) entry.earliest = sermon.preachDate;
      } else {
        found.set(s.seriesID, {
          ...s,
          broadcasterName: sermon.broadcaster.displayName,
          count: 1,
          earliest: sermon.preachDate,
          latest: sermon.preachDate,
        });
      }
    }
    seen += list.results.length;
    if (!list.next || list.results.length === 0) return { series: [...found.values()], complete: true };
    if (seen >= SPEAKER_SERIES_SCAN) return { series: [...found.values()], complete: false };
    const next = new URL(list.next).searchParams;
    query = { ...query, page: next.get('page') ?? undefined, cursor: next.get('cursor') ?? undefined };
  }
}

/** At most this many staff picks are read to find the picked series. */
export const PICKS_SCAN = 200;

/**
 * Staff-picked series: the series of the most recently picked sermons (spec §3 "pickDate (staff
 * pick)"), newest pick first, 20 per page, with their details and broadcaster names.
 */
export async function loadPickedSeries(api: ApiClient, page: number) {
  const ids: number[] = [];
  let query: Query = { staffPick: true, sortBy: 'pickdate', pageSize: 100 };
  for (let read = 0; read < PICKS_SCAN; ) {
    const list = (await api.sermons(query)) as ListResponse<LiteSermon>;
    for (const sermon of list.results) {
      const id = sermon.series?.seriesID;
      if (id !== undefined && !ids.includes(id)) ids.push(id);
    }
    read += list.results.length;
    if (!list.next || list.results.length === 0) break;
    const next = new URL(list.next).searchParams;
    query = { ...query, page: next.get('page') ?? undefined, cursor: next.get('cursor') ?? undefined };
  }
  const slice = ids.slice((page - 1) * SERIES_PAGE_SIZE, page * SERIES_PAGE_SIZE);
  const results = (await Promise.all(slice.map((id) => orNotFound(api.series(id))))).filter(
    (s): s is Series => s !== undefined,
  );
  const list: ListResponse<Series> = {
    nodeType: 'series_picks',
    nodeDisplayName: 'Series',
    totalCount: ids.length,
    next: page * SERIES_PAGE_SIZE < ids.length ? String(page + 1) : null,
    results,
  };
  const names = await broadcasterNames(
    api,
    results.map((s) => s.broadcasterID),
  );
  return { list, names };
}

/** Sorts of series lists (spec §7 discover/series sort_by), by the page's `sort` parameter. */
export const SERIES_SORTS = { recent: 'last_updated', title: 'title', count: 'sermon_count_highest' } as const;
export type SeriesSort = keyof typeof SERIES_SORTS;

/** The `sort` parameter when it is a series list sort ('recent' is the lists' default). */
export function seriesSortParam(url: URL): SeriesSort | undefined {
  return oneOf(url, 'sort', Object.keys(SERIES_SORTS) as SeriesSort[]);
}

/** The heading and hint of the list of all series in one sort ('Series A–Z' for title). */
export function seriesSortText(t: Translate, sort: SeriesSort) {
  return { title: t(`catalog.series.lists.${sort}`), hint: t(`catalog.series.hints.${sort}`) };
}
