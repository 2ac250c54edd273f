import { z } from 'zod';

/**
 * Query-string rules shared by the server (validation) and the client (building requests):
 * spec §5 (booleans, sorts, duration, search length) and §9 (sort and filter names).
 */

/** 'true' and '1' are true, case-insensitively (existing clients send 'True'/'False'). */
export const queryBoolean = z
  .union([z.string(), z.boolean()])
  .meta({ description: "'true' or '1' (any case) is true, anything else false" })
  .transform((v) => v === true || (typeof v === 'string' && ['true', '1'].includes(v.toLowerCase())));

export const SERMON_SORTS = [
  'newest-published',
  'newest',
  'oldest',
  'pickdate',
  'updated',
  'title',
  'speaker',
  'lastplayed',
  'language',
  'event',
  'downloads',
  'series',
  'random',
  'added',
  'commentcount',
  'relevance',
  'bible',
  'plays',
  'audioplays',
  'videoplays',
] as const;
export type SermonSort = (typeof SERMON_SORTS)[number];

export const SEARCH_SORTS = [
  'relevance',
  'latest',
  'downloads',
  'event',
  'language',
  'series',
  'pickdate',
  'speaker',
  'title',
  'oldest',
  'added',
  'updated',
  'lastplayed',
  'comments',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/**
 * Sorting by relevance ranks this many of the most recent matches (ten pages of 25): ranking
 * every match of a common word among millions of sermons is too slow. Pages beyond them are not
 * offered; the total still counts every match, and the other sorts page through all of them.
 */
export const RELEVANCE_RESULTS = 250;

export const SPEAKER_LIST_SORTS = ['newest', 'sermon-count', 'name'] as const;
export const SPEAKER_COLLECTIONS = ['featured', 'choice', 'classic', 'reformer', 'puritan'] as const;
export const SIMPLE_SORTS = ['newest', 'alphabetical'] as const;
export const SERIES_SORTS = [
  'last_updated',
  'newest_sermon_create_date',
  'title',
  'sermon_count_highest',
  'sermon_count_lowest',
] as const;

/** A value from `allowed`, or `fallback` for anything else (unknown sorts are not an error). */
export function knownOr<T extends string>(allowed: readonly T[], fallback: T) {
  return z
    .string()
    .meta({ description: `One of ${allowed.join(', ')}; anything else is ${fallback}` })
    .optional()
    .transform((v): T => (v !== undefined && (allowed as readonly string[]).includes(v) ? (v as T) : fallback));
}

/** Duration filter 'min-max' or 'min', in seconds (up to 9 digits: the column is a 32-bit integer). */
export const durationFilter = z
  .string()
  .regex(/^\d{1,9}(-\d{1,9})?$/, { message: "duration must be 'min-max' or 'min' in seconds" })
  .transform((v) => {
    const [min, max] = v.split('-').map(Number);
    return { minSeconds: min ?? 0, maxSeconds: max ?? null };
  })
  .refine((d) => d.maxSeconds === null || d.maxSeconds >= d.minSeconds, {
    message: 'duration maximum must not be below its minimum',
  });

export const MIN_SEARCH_LENGTH = 3;
/** Control characters as spaces: PostgreSQL text cannot hold a NUL (a search with one answered 500). */
export function withoutControls(text: string): string {
  return text.replace(/\p{Cc}/gu, ' ');
}

export const searchText = z
  .string()
  .overwrite(withoutControls)
  .trim()
  .min(MIN_SEARCH_LENGTH, { message: 'Search needs at least 3 characters' })
  .max(200);

/**
 * A list's rows up to this depth can be asked for by page number; deeper pages are reached by
 * following each page's `next` (a keyset cursor), since skipping more rows costs the database
 * more than a request may (issue 21: page 42,000 of 2.1 million sermons took 9.6 s).
 */
export const NUMBERED_ROWS = 10_000;

export const pageNumber = z.coerce.number().int().min(1).max(1_000_000).default(1);
export function pageSize(defaultSize: number, max = 100) {
  return z.coerce.number().int().min(1).max(max).default(defaultSize);
}

export { PAGE_SIZES } from './page-sizes.ts';
