import { type BibleReference, formatReference } from '@kerygma/domain/bible';
import type { ListResponse, LiteSermon, Sermon } from '@kerygma/domain/catalogue';
import type { SermonListQuery } from '@kerygma/domain/catalogue-queries';
import type { SermonWithLiteBroadcaster } from '@kerygma/domain/contracts/sermons';
import { resolveBook } from '@kerygma/domain/paratext';
import { findPassage } from '@kerygma/domain/passage-query';
import { MIN_SEARCH_LENGTH, RELEVANCE_RESULTS } from '@kerygma/domain/query';
import type { SearchPassage } from '@kerygma/domain/search-match';
import type { StatsCache } from '../catalogue/catalogue-stats.ts';
import { liteBroadcasterDto, liteSermonDto, sermonDto, type Urls } from '../catalogue/dto.ts';
import type { EntityCache } from '../catalogue/entity-cache.ts';
import { encodeCursor } from '../catalogue/keyset.ts';
import { listResponse, nextUrl, pagePosition } from '../catalogue/paging.ts';
import type { SermonWithEntities } from '../catalogue/rows.ts';
import { listTotal } from '../catalogue/totals.ts';
import type { Db } from '../db/db.ts';
import { invalid, notFound } from '../errors.ts';
import { searchMatches } from './search-match.queries.ts';
import {
  keptLinkCount,
  listSermons,
  mediaForSermons,
  type SermonFilters,
  searchTerms,
  seriesIdsByIdOrTitle,
  sermonById,
  sermonFrom,
  sermonOrder,
  sermonWaveform,
  speakerIdByName,
} from './sermons.queries.ts';

/** What a list request knows about itself: URL building, the searcher's language, catalogue stats. */
export type ListContext = {
  urls: Urls;
  requestUrl: URL;
  languageCode: string;
  entities: EntityCache;
  stats?: StatsCache;
};

/**
 * How a list's search text is read: as words, or as a Bible passage with the words around it
 * (issue 26). A search naming a passage that finds nothing is searched again with the passage
 * alone, then as words: 'grace Romans 8' with no sermon on both lists the sermons on Romans 8,
 * and a query that only looks like a passage still finds its words.
 */
type Reading = { passage: BibleReference; words: string | undefined } | undefined;

function readings(text: string | undefined, languageCode: string): Reading[] {
  const found = text ? findPassage(text, languageCode) : null;
  if (!found) return [undefined];
  const words = found.words.trim();
  const wordy = Array.from(words).length >= MIN_SEARCH_LENGTH ? words : undefined;
  const passageAlone = { passage: found.reference, words: undefined };
  return wordy ? [{ passage: found.reference, words: wordy }, passageAlone, undefined] : [passageAlone, undefined];
}

/** A passage as the list's filters: within one chapter, the chapter's verses, whose rows the list walks. */
function applyPassage(f: SermonFilters, passage: BibleReference): void {
  f.passage = passage;
  if (passage.chapter !== passage.chapterEnd || f.bookIndex !== undefined) return;
  f.bookIndex = passage.bookIndex;
  f.chapter = passage.chapter;
  if (passage.verseStart !== null && passage.verseEnd !== null) {
    f.verse = passage.verseStart;
    f.verseTo = passage.verseEnd;
  }
}

/** Turns names in the query (speakerName, series title, book) into ids; undefined = matches nothing. */
async function resolveFilters(
  db: Db,
  q: SermonListQuery,
  languageCode: string,
  reading: Reading = undefined,
): Promise<SermonFilters | undefined> {
  const f: SermonFilters = {
    broadcasterId: q.broadcasterID?.toLowerCase(),
    speakerId: q.speakerID,
    eventType: q.eventType,
    languageCode: q.languageCode,
    topicId: q.topicID,
    hashtag: q.hashtag,
    year: q.year,
    month: q.year ? q.month : undefined,
    day: q.year && q.month ? q.day : undefined,
    search: reading
      ? reading.words
        ? { text: reading.words, languageCode: q.languageCode ?? languageCode }
        : undefined
      : q.searchKeyword
        ? { text: q.searchKeyword, languageCode: q.languageCode ?? languageCode }
        : undefined,
    minSeconds: q.duration?.minSeconds,
    maxSeconds: q.duration?.maxSeconds,
    requireAudio: q.requireAudio || q.media === 'audio' || undefined,
    requireVideo: q.requireVideo || q.media === 'video' || undefined,
    requirePDF: q.requirePDF || q.media === 'pdf' || q.media === 'text' || undefined,
    requireTranscript: q.requireTranscript || undefined,
    staffPick: q.staffPick || q.listenerRecommended || undefined,
    featured: q.featured || undefined,
    sermonIds: q.sermonIDs,
    broadcaster: { denomination: q.denomination, state: q.state, country: q.country, vacantPulpit: q.vacantPulpit },
  };
  if (f.day !== undefined && f.year !== undefined && f.month !== undefined) {
    const date = new Date(Date.UTC(f.year, f.month - 1, f.day));
    if (date.getUTCMonth() !== f.month - 1) {
      throw invalid({
        day: {
          key: 'error.invalidParameter',
          params: { name: 'day', detail: `${f.year}-${f.month} has no day ${f.day}` },
        },
      });
    }
  }
  if (q.book !== undefined) {
    const book = resolveBook(q.book);
    if (!book) throw invalid({ book: { key: 'error.unknownBook', params: { book: q.book } } });
    f.bookIndex = book.index;
    f.chapter = q.chapter;
    // A verse narrows a chapter (ignored without one, as month is without year).
    f.verse = q.chapter !== undefined ? q.verse : undefined;
  }
  if (reading) applyPassage(f, reading.passage);
  if (q.speakerName !== undefined && f.speakerId === undefined) {
    f.speakerId = await speakerIdByName(db, q.speakerName);
    if (f.speakerId === undefined) return undefined;
  }
  // A series id is used as it is (an unknown one lists nothing, as before, without a query);
  // `series` may be an id or a title and is looked up.
  if (q.seriesID !== undefined) f.seriesIds = [q.seriesID];
  else if (q.series !== undefined) {
    f.seriesIds = await seriesIdsByIdOrTitle(db, q.series, f.broadcasterId);
    if (f.seriesIds.length === 0) return undefined;
  }
  return f;
}

export async function sermonList(
  db: Db,
  q: SermonListQuery,
  ctx: ListContext,
): Promise<ListResponse<Sermon | LiteSermon | SermonWithLiteBroadcaster>> {
  return (await searchedSermonList(db, q, ctx)).list;
}

/**
 * The sermon list, with the passage its search text was read as (null when it was read as
 * words), for the search page's 'Sermons on Romans 8'.
 */
export async function searchedSermonList(db: Db, q: SermonListQuery, ctx: ListContext) {
  const tries = readings(q.searchKeyword, q.languageCode ?? ctx.languageCode);
  for (const [i, reading] of tries.entries()) {
    const list = await readList(db, q, ctx, reading);
    // Only a first page that found nothing tries the next reading: later pages follow the first's.
    if (list.results.length > 0 || q.page > 1 || i === tries.length - 1) {
      return { list, passage: reading ? searchPassage(reading) : null };
    }
  }
  throw new Error('unreachable: the last reading always answers');
}

function searchPassage({ passage, words }: NonNullable<Reading>): SearchPassage {
  const { osisAbbrev, chapter, verseStart, chapterEnd, verseEnd } = passage;
  return {
    reference: formatReference(passage),
    osisAbbrev,
    chapter,
    verseStart,
    chapterEnd,
    verseEnd,
    words: words ?? '',
  };
}

async function readList(
  db: Db,
  q: SermonListQuery,
  ctx: ListContext,
  reading: Reading,
): Promise<ListResponse<Sermon | LiteSermon | SermonWithLiteBroadcaster>> {
  const filters = await resolveFilters(db, q, ctx.languageCode, reading);
  // Page and cursor are checked first: a refused one is refused whatever the filters match.
  const { offset, after } = pagePosition(q.page, q.pageSize, q.cursor, filters && sermonOrder(filters, q.sortBy));
  if (!filters) return listResponse('sermons_list', 'Sermons', [], 0, null);
  const page = await listSermons(db, ctx.entities, filters, q.sortBy, q.pageSize, offset, after);
  const params: unknown[] = [];
  const totalCount = await listTotal(db, {
    matching: { from: sermonFrom(filters, params), params },
    page: q.page,
    pageSize: q.pageSize,
    rows: page.rows.length,
    counted: page.total,
    kept: () => keptTotal(db, filters, ctx),
    estimate: page.estimate,
    search: searchTerms(filters),
  });
  // Relevance ranks only the first RELEVANCE_RESULTS matches: no next page beyond them.
  const reachable =
    q.sortBy === 'relevance' && filters.search && !filters.passage
      ? Math.min(totalCount, RELEVANCE_RESULTS)
      : totalCount;
  const hasMore = page.rows.length === q.pageSize && offset + page.rows.length < reachable;
  const cursor = hasMore && page.nextKey ? encodeCursor({ page: q.page + 1, values: page.nextKey }) : undefined;
  const next = hasMore ? nextUrl(ctx.requestUrl, q.page, cursor) : null;
  const [results, matches] = await Promise.all([
    q.lite
      ? page.rows.map((r) => liteSermonDto(r, ctx.urls))
      : q.liteBroadcaster
        ? sermonsWithLiteBroadcaster(db, page.rows, ctx.urls)
        : fullSermons(db, page.rows, ctx.urls),
    searchMatches(
      db,
      page.rows.map((r) => r.sermon_id),
      filters.search,
      filters.passage,
    ),
  ]);
  for (const sermon of results) {
    const match = matches.get(sermon.sermonID);
    if (match) sermon.searchMatch = match;
  }
  return listResponse('sermons_list', 'Sermons', results, totalCount, next);
}

/**
 * Lists filtered by one thing only (a broadcaster, speaker, series, language, event type, book,
 * topic or hashtag, staff picks or featured, or nothing) take their total from counts the catalogue keeps, instead of
 * counting (a common hashtag's 34k sermons took 0.6 s to count at 2.1M sermons).
 */
async function keptTotal(db: Db, f: SermonFilters, { entities, stats }: ListContext): Promise<number | undefined> {
  const active = Object.entries(f).filter(([key, value]) =>
    key === 'broadcaster' ? Object.values(value as object).some((v) => v !== undefined) : value !== undefined,
  );
  if (active.length > 1) return undefined;
  const [key, value] = active[0] ?? ['none', undefined];
  const count = (row: { sermon_count: number } | undefined) => row?.sermon_count ?? 0;
  const kept = stats?.peek();
  switch (key) {
    case 'none':
      return kept?.sermonCount;
    case 'broadcasterId':
      return count((await entities.broadcasters([value as string])).get(value as string));
    case 'speakerId':
      return count((await entities.speakers([value as number])).get(value as number));
    case 'seriesIds': {
      const [id] = value as number[];
      return (value as number[]).length === 1
        ? count((await entities.series([id as number])).get(id as number))
        : undefined;
    }
    case 'languageCode':
      return kept ? (kept.byLanguage.get(value as string) ?? 0) : undefined;
    case 'eventType':
      return kept ? (kept.byEventType.get(value as string) ?? 0) : undefined;
    case 'bookIndex':
      return kept ? (kept.byBook.get(value as number) ?? 0) : undefined;
    case 'staffPick':
      return kept?.staffPickCount;
    case 'featured':
      return kept?.featuredCount;
    case 'topicId':
      return keptLinkCount(db, { topicId: value as number });
    case 'hashtag':
      return keptLinkCount(db, { hashtag: value as string });
    default:
      return undefined;
  }
}

async function fullSermons(db: Db, rows: SermonWithEntities[], urls: Urls): Promise<Sermon[]> {
  if (rows.length === 0) return [];
  const media = await mediaForSermons(
    db,
    rows.map((r) => r.sermon_id),
  );
  return rows.map((r) => sermonDto(r, media.get(r.sermon_id) ?? [], urls));
}

/** Full sermons whose broadcaster is in the lite form (`liteBroadcaster=true`), as a lite sermon's is. */
async function sermonsWithLiteBroadcaster(
  db: Db,
  rows: SermonWithEntities[],
  urls: Urls,
): Promise<SermonWithLiteBroadcaster[]> {
  const sermons = await fullSermons(db, rows, urls);
  return sermons.map((sermon, i) => ({
    ...sermon,
    broadcaster: liteBroadcasterDto((rows[i] as SermonWithEntities).b, urls),
  }));
}

function isPublic(row: { publish_timestamp: Date | null }): boolean {
  return row.publish_timestamp !== null && row.publish_timestamp.getTime() <= Date.now();
}

export async function sermonDetail(
  db: Db,
  entities: EntityCache,
  sermonId: string,
  lite: boolean,
  urls: Urls,
): Promise<Sermon | LiteSermon> {
  const row = await sermonById(db, entities, sermonId);
  if (!row || !isPublic(row)) throw notFound('error.sermonNotFound');
  if (lite) return liteSermonDto(row, urls);
  const [full] = await fullSermons(db, [row], urls);
  return full as Sermon;
}

/** Storage key of the sermon's waveform peaks JSON. */
export async function waveformKey(db: Db, sermonId: string): Promise<string> {
  const row = await sermonWaveform(db, sermonId);
  if (!row || !isPublic(row)) throw notFound('error.sermonNotFound');
  if (!row.waveform_storage_key) throw notFound('error.waveformNotFound');
  return row.waveform_storage_key;
}
