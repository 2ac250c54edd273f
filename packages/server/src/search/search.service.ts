import type { SearchQuery, SermonListQuery } from '@kerygma/domain/catalogue-queries';
import { MIN_SEARCH_LENGTH, type SearchSort, type SermonSort } from '@kerygma/domain/query';
import { broadcasterList } from '../broadcasters/broadcasters.service.ts';
import type { Db } from '../db/db.ts';
import { seriesList } from '../series/series.service.ts';
import { type ListContext, searchedSermonList } from '../sermons/sermons.service.ts';
import { speakerList } from '../speakers/speakers.service.ts';
import { hashtags } from './search.queries.ts';
import { sideQuery } from './search-text.ts';
import { didYouMean } from './vocabulary.ts';

/** Search sort names (§9) → the sermon list's sorts. */
const SEARCH_TO_SERMON_SORT: Record<SearchSort, SermonSort> = {
  relevance: 'relevance',
  latest: 'newest',
  downloads: 'downloads',
  event: 'event',
  language: 'language',
  series: 'series',
  pickdate: 'pickdate',
  speaker: 'speaker',
  title: 'title',
  oldest: 'oldest',
  added: 'added',
  updated: 'updated',
  lastplayed: 'lastplayed',
  comments: 'commentcount',
};

/** Result types (spec §3) a search can be limited to with `types`. */
const TYPES = ['sermon', 'broadcaster', 'speaker', 'series', 'hashtag', 'videosermon'] as const;

/** How many of each non-sermon kind the combined search shows. */
const SIDE_RESULTS = 5;
/**
 * Their totals are counted up to this many (then shown as '100+', spec §9 search hit counts):
 * counting every broadcaster or series matching a common word ('church': 10,000 of each)
 * took longer than the rest of the search (bench/README.md, "Site pages").
 */
const SIDE_COUNT_CAP = 100;
/** 'Did you mean' is offered when a search finds fewer sermons than this. */
const SUGGEST_BELOW = 3;

/**
 * One search over every kind of result: sermons (paged, with totalCount and next) and the
 * first few broadcasters, speakers, series and hashtags matching the query without the quotes
 * and punctuation around it (sideQuery), with their totals counted up to SIDE_COUNT_CAP.
 */
export async function search(db: Db, q: SearchQuery, ctx: ListContext) {
  const sideText = sideQuery(q.query);
  const kinds = q.types?.length ? q.types.filter((t) => (TYPES as readonly string[]).includes(t)) : TYPES;
  // The side searches need as many characters as any search: '"?!"' leaves none (and '' matches all).
  const withSides = Array.from(sideText).length >= MIN_SEARCH_LENGTH;
  const wanted = new Set(withSides ? kinds : kinds.filter((t) => t === 'sermon' || t === 'videosermon'));
  const sermonQuery: SermonListQuery = {
    page: q.page,
    pageSize: q.pageSize,
    cursor: q.cursor,
    lite: q.lite,
    liteBroadcaster: q.liteBroadcaster,
    sortBy: SEARCH_TO_SERMON_SORT[q.sortBy],
    searchKeyword: q.query,
    languageCode: q.languageCode,
    requireVideo: wanted.has('videosermon') && !wanted.has('sermon') ? true : undefined,
  };
  const side = { page: 1, pageSize: SIDE_RESULTS, cursor: undefined, query: sideText } as const;
  const capped = { countCap: SIDE_COUNT_CAP };
  const none = { nodeType: '', nodeDisplayName: '', totalCount: 0, next: null, results: [] };
  const sermonSearch =
    wanted.has('sermon') || wanted.has('videosermon')
      ? searchedSermonList(db, sermonQuery, ctx)
      : Promise.resolve({ list: none, passage: null });
  const [{ list: sermons, passage }, broadcasters, speakers, series, tags] = await Promise.all([
    sermonSearch,
    wanted.has('broadcaster')
      ? broadcasterList(
          db,
          { ...side, lite: true, sortBy: 'sermon-count' },
          ctx.urls,
          ctx.requestUrl,
          undefined,
          capped,
        )
      : none,
    wanted.has('speaker')
      ? speakerList(db, { ...side, sortBy: 'sermon-count' }, ctx.urls, ctx.requestUrl, undefined, capped)
      : none,
    wanted.has('series')
      ? seriesList(
          db,
          { ...side, sort_by: 'sermon_count_highest', filterBy: 'all' },
          undefined,
          ctx.urls,
          ctx.requestUrl,
          undefined,
          capped,
        )
      : none,
    wanted.has('hashtag') ? hashtags(db, sideText, SIDE_RESULTS) : [],
  ]);
  const suggestion =
    !passage && (sermons.totalCount ?? 0) < SUGGEST_BELOW && q.page === 1 ? await didYouMean(db, sideText) : null;
  return {
    nodeType: 'search_results',
    nodeDisplayName: 'Search',
    query: q.query,
    totalCount: sermons.totalCount,
    next: sermons.next,
    sermonResults: sermons.results,
    broadcasterResults: broadcasters.results,
    broadcasterCount: broadcasters.totalCount,
    speakerResults: speakers.results,
    speakerCount: speakers.totalCount,
    seriesResults: series.results,
    seriesCount: series.totalCount,
    hashtagResults: tags.map((t) => ({ hashtag: t.hashtag, displayHashtag: t.display, sermonCount: t.sermon_count })),
    passage,
    didYouMean: suggestion,
  };
}
