import { z } from 'zod';
import {
  durationFilter,
  knownOr,
  PAGE_SIZES,
  pageNumber,
  pageSize,
  queryBoolean,
  SEARCH_SORTS,
  SERIES_SORTS,
  SERMON_SORTS,
  SIMPLE_SORTS,
  SPEAKER_COLLECTIONS,
  SPEAKER_LIST_SORTS,
  searchText,
} from './query.ts';

/** Query contracts of the catalogue's read endpoints (§7 calls, §9 sort and filter names). */

const optionalInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional();
const paging = (size: number) => ({
  page: pageNumber,
  pageSize: pageSize(size),
  cursor: z.string().max(500).optional(),
});
const lite = { lite: queryBoolean.optional(), liteBroadcaster: queryBoolean.optional() };

/** `node/speakers/{id}/broadcasters`: most sermons first; a famous name is read at thousands. */
export const speakerBroadcastersQuery = z.object({ page: pageNumber, pageSize: pageSize(25) });
export type SpeakerBroadcastersQuery = z.infer<typeof speakerBroadcastersQuery>;

export const sermonListQuery = z.object({
  ...paging(PAGE_SIZES.sermons),
  ...lite,
  sortBy: knownOr(SERMON_SORTS, 'newest'),
  broadcasterID: z.string().min(1).max(100).optional(),
  speakerID: optionalInt(1, Number.MAX_SAFE_INTEGER),
  speakerName: z.string().min(1).max(200).optional(),
  series: z.string().min(1).max(300).optional(),
  seriesID: optionalInt(1, Number.MAX_SAFE_INTEGER),
  eventType: z.string().min(1).max(100).optional(),
  languageCode: z.string().min(2).max(8).optional(),
  /** A topic (spec §3 Topic) by topicID. */
  topicID: optionalInt(1, Number.MAX_SAFE_INTEGER),
  /** A hashtag (spec §3: keywords become hashtags), with or without '#', any case. */
  hashtag: z
    .string()
    .trim()
    .transform((v) => v.replace(/^#+/, '').toLowerCase())
    .pipe(z.string().min(1).max(100).regex(/^\S+$/))
    .optional(),
  book: z.string().min(1).max(40).optional(),
  chapter: optionalInt(1, 200),
  chapterEnd: optionalInt(1, 200),
  verse: optionalInt(1, 200),
  verseEnd: optionalInt(1, 200),
  year: optionalInt(1000, 9999),
  month: optionalInt(1, 12),
  day: optionalInt(1, 31),
  searchKeyword: searchText.optional(),
  duration: durationFilter.optional(),
  denomination: z.string().min(1).max(100).optional(),
  state: z.string().min(1).max(100).optional(),
  country: z.string().min(1).max(100).optional(),
  vacantPulpit: queryBoolean.optional(),
  media: z.enum(['audio', 'video', 'pdf', 'text']).optional(),
  requireAudio: queryBoolean.optional(),
  requireVideo: queryBoolean.optional(),
  requirePDF: queryBoolean.optional(),
  /** Only sermons with a transcript (/sermons/transcripts). */
  requireTranscript: queryBoolean.optional(),
  staffPick: queryBoolean.optional(),
  featured: queryBoolean.optional(),
  listenerRecommended: queryBoolean.optional(),
  includeDrafts: queryBoolean.optional(),
  includeScheduled: queryBoolean.optional(),
  includePublished: queryBoolean.optional(),
  sermonIDs: z
    .string()
    .max(5000)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .optional(),
});
export type SermonListQuery = z.infer<typeof sermonListQuery>;

export const searchQuery = z.object({
  query: searchText,
  ...paging(PAGE_SIZES.sermons),
  lite: queryBoolean.default(true),
  liteBroadcaster: queryBoolean.default(true),
  sortBy: knownOr(SEARCH_SORTS, 'relevance'),
  /** Result types to include; comma-joined (spec §7: search arrays are comma-joined). */
  types: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .optional(),
  languageCode: z.string().min(2).max(8).optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const broadcasterListQuery = z.object({
  ...paging(PAGE_SIZES.sermons),
  ...lite,
  sortBy: knownOr(SIMPLE_SORTS, 'alphabetical'),
  searchKeyword: searchText.optional(),
  query: searchText.optional(),
  country: z.string().min(2).max(100).optional(),
  state: z.string().min(1).max(100).optional(),
  denomination: z.string().min(1).max(100).optional(),
  vacantPulpit: queryBoolean.optional(),
  category: z.enum(['church', 'school', 'seminary', 'radio']).optional(),
  letter: z
    .string()
    .regex(/^[A-Za-z#]$/)
    .optional(),
  group: z.string().min(1).max(100).optional(),
  featured: queryBoolean.optional(),
  podcast: queryBoolean.optional(),
  linkedOnly: queryBoolean.optional(),
});
export type BroadcasterListQuery = z.infer<typeof broadcasterListQuery>;

export const speakerListQuery = z.object({
  ...paging(PAGE_SIZES.sermons),
  sortBy: knownOr(SPEAKER_LIST_SORTS, 'name'),
  broadcasterID: z.string().min(1).max(100).optional(),
  query: searchText.optional(),
  searchKeyword: searchText.optional(),
  letter: z
    .string()
    .regex(/^[A-Za-z#]$/)
    .optional(),
  collection: z.enum(SPEAKER_COLLECTIONS).optional(),
  primary: queryBoolean.optional(),
  includeUnpublished: queryBoolean.optional(),
});
export type SpeakerListQuery = z.infer<typeof speakerListQuery>;

export const seriesListQuery = z.object({
  ...paging(PAGE_SIZES.series),
  sort_by: knownOr(SERIES_SORTS, 'last_updated'),
  sortBy: z.string().optional(),
  filterBy: z.enum(['all', 'podcast-enabled', 'podcast-disabled']).default('all'),
  query: searchText.optional(),
  searchKeyword: searchText.optional(),
});
export type SeriesListQuery = z.infer<typeof seriesListQuery>;
