import { BIBLE_BOOKS } from '@kerygma/domain/bible';
import type { BibleBookDto, EventTypeDetail, Language } from '@kerygma/domain/catalogue';
import { EVENT_TYPES } from '@kerygma/domain/event-types';
import { SERMON_LANGUAGES } from '@kerygma/domain/languages';
import { paratextCode } from '@kerygma/domain/paratext';
import type { StatsCache } from '../catalogue/catalogue-stats.ts';
import { seriesDto, speakerDto, type Urls } from '../catalogue/dto.ts';
import { listResponse } from '../catalogue/paging.ts';
import type { Db } from '../db/db.ts';
import {
  broadcasterSeries,
  broadcasterSermonCounts,
  broadcasterSpeakers,
  broadcasterYears,
} from './reference.queries.ts';

export function bibleBooks(): BibleBookDto[] {
  return BIBLE_BOOKS.map((book, i) => ({
    bookName: book.osisAbbrev,
    displayBookName: book.name,
    osisAbbrev: book.osisAbbrev,
    osisPA: paratextCode(i),
    testament: book.testament,
    chapters: [...book.verses],
  }));
}

function languageDtos(counts: Map<string, number> | undefined): Language[] {
  return SERMON_LANGUAGES.map((l) => ({
    languageCode: l.languageCode,
    languageName: l.name,
    localizedName: l.localizedName,
    iso639_3: l.iso639_3,
    sermonCount: counts ? (counts.get(l.languageCode) ?? 0) : null,
  }));
}

export async function languageList(stats: StatsCache) {
  const { byLanguage } = await stats.get();
  const results = languageDtos(byLanguage);
  return listResponse('languages_list', 'Languages', results, results.length, null);
}

function eventTypeDtos(counts: Map<string, number>): EventTypeDetail[] {
  return EVENT_TYPES.map((type) => ({
    type,
    description: type,
    displayEventType: type,
    numberOfSermons: counts.get(type) ?? 0,
  }));
}

export async function eventTypeList(db: Db, stats: StatsCache, broadcasterId: string | undefined) {
  const counts = broadcasterId
    ? await broadcasterSermonCounts(db, 'event_type', broadcasterId)
    : (await stats.get()).byEventType;
  const results = eventTypeDtos(counts).filter((e) => !broadcasterId || (e.numberOfSermons ?? 0) > 0);
  return listResponse('sermon_event_types', 'Event Types', results, results.length, null);
}

/** Everything a sermon filter form offers, site-wide or for one broadcaster (existing clients' FilterOptions). */
export async function filterOptions(db: Db, urls: Urls, broadcasterId?: string, stats?: StatsCache) {
  if (!broadcasterId) {
    const s = await (stats as StatsCache).get();
    return {
      bibleBooks: bibleBooks(),
      languages: languageDtos(s.byLanguage).filter((l) => (l.sermonCount ?? 0) > 0),
      series: [],
      speakers: [],
      sermonCountsForSpeakers: [],
      sermonEventTypes: eventTypeDtos(s.byEventType).filter((e) => (e.numberOfSermons ?? 0) > 0),
      years: s.years.map((year) => ({ year })),
    };
  }
  const [languages, events, speakers, series, years] = await Promise.all([
    broadcasterSermonCounts(db, 'language_code', broadcasterId),
    broadcasterSermonCounts(db, 'event_type', broadcasterId),
    broadcasterSpeakers(db, broadcasterId),
    broadcasterSeries(db, broadcasterId),
    broadcasterYears(db, broadcasterId),
  ]);
  return {
    bibleBooks: bibleBooks(),
    languages: languageDtos(languages).filter((l) => (l.sermonCount ?? 0) > 0),
    series: series.map((row) => seriesDto(row, urls)),
    speakers: speakers.map((row) => speakerDto(row, urls)),
    sermonCountsForSpeakers: speakers.map((row) => ({ speaker: row.display_name, count: row.n })),
    sermonEventTypes: eventTypeDtos(events).filter((e) => (e.numberOfSermons ?? 0) > 0),
    years: years.map((year) => ({ year })),
  };
}

/** Bible versions whose text the site can show. */
export const BIBLE_VERSIONS = [
  { bibleVersionID: 'KJV', abbreviation: 'KJV', name: 'King James Version', languageCode: 'en', hasText: true },
];
