import type { ApiClient } from '@kerygma/api/client';
import type { ListResponse, LiteSermon } from '@kerygma/domain/catalogue';
import type { Translate } from '@kerygma/i18n/t';
import { formatDate } from './format.ts';
import { DECADES, EARLIEST_YEAR, easternToday, isoDay, lastDays, loadSermons } from './sermon-lists.ts';

/** The date lists of /sermons/date (spec §2): decades, years, months, days and the last week. */

/** Sermons shown per section on the week and decade pages before 'View all'. */
export const SECTION_SIZE = 5;

export type DateSection = { heading: string; href: string; list: ListResponse<LiteSermon> };

/** The date lists with pages of their own (the last 7 days, the 1950s, 60s and 70s), named; paths unprefixed. */
export function dateShortcuts(t: Translate): { path: string; label: string }[] {
  return [
    { path: '/sermons/date/week', label: t('sermons.date.week') },
    ...Object.entries(DECADES).map(([name, year]) => ({
      path: `/sermons/date/${name}`,
      label: t('sermons.date.decade', { year }),
    })),
  ];
}

/** 'March 2024' in the reader's language. */
export function formatMonth(year: number, month: number, lang: string): string {
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString(lang, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
  });
}

/** A year as the reader's language writes it alone: '2024', '2024년', '2024年'. */
export function formatYear(year: number, lang: string): string {
  return new Date(Date.UTC(year, 0, 1)).toLocaleDateString(lang, { timeZone: 'UTC', year: 'numeric' });
}

/** Days in a month (month 1-12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export type DateRoute = { year: number; month?: number; day?: number };

/**
 * The date of /sermons/date/{year}/{month?}/{day?}, or undefined when it is not a real date
 * between the earliest sermon year (1950, spec §9) and next year.
 */
export function parseDateRoute(parts: readonly string[], today = easternToday()): DateRoute | undefined {
  if (parts.length < 1 || parts.length > 3 || !parts.every((p) => /^\d{1,4}$/.test(p))) return undefined;
  const [year, month, day] = parts.map(Number) as [number, number | undefined, number | undefined];
  if (parts[0]?.length !== 4 || year < EARLIEST_YEAR || year > today.year + 1) return undefined;
  if (month !== undefined && (month < 1 || month > 12)) return undefined;
  if (day !== undefined && month !== undefined && (day < 1 || day > daysInMonth(year, month))) return undefined;
  return { year, ...(month !== undefined ? { month } : {}), ...(day !== undefined ? { day } : {}) };
}

/** The canonical path of a date route: months and days without leading zeros. */
export function datePath(route: DateRoute): string {
  return `/sermons/date/${[route.year, route.month, route.day].filter((p) => p !== undefined).join('/')}`;
}

/** The heading of a date route in the reader's language: '2024', 'March 2024', 'March 7, 2024'. */
export function dateLabel(route: DateRoute, lang: string): string {
  if (route.month === undefined) return formatYear(route.year, lang);
  if (route.day === undefined) return formatMonth(route.year, route.month, lang);
  return formatDate(isoDay(route.year, route.month, route.day), lang, 'long');
}

/** The last seven days (US Eastern), newest first, each with its first sermons. */
export async function weekSections(
  api: ApiClient,
  href: (path: string) => string,
  lang: string,
): Promise<DateSection[]> {
  const days = lastDays(easternToday(), 7);
  return Promise.all(
    days.map(async (d) => ({
      heading: formatDate(isoDay(d.year, d.month, d.day), lang, 'long'),
      href: href(datePath(d)),
      list: await loadSermons(api, { year: d.year, month: d.month, day: d.day }, 1, SECTION_SIZE),
    })),
  );
}

/** The years of a decade that have sermons (from `years`), newest first, each with its first sermons. */
export async function decadeSections(
  api: ApiClient,
  href: (path: string) => string,
  lang: string,
  start: number,
  years: readonly number[],
): Promise<DateSection[]> {
  const inDecade = years.filter((y) => y >= start && y < start + 10).sort((a, b) => b - a);
  return Promise.all(
    inDecade.map(async (year) => ({
      heading: formatYear(year, lang),
      href: href(datePath({ year })),
      list: await loadSermons(api, { year }, 1, SECTION_SIZE),
    })),
  );
}
