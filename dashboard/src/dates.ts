import { SITE_TIME_ZONE } from '@kerygma/domain/site-clock';
import type { LocaleCode } from '@kerygma/i18n/locales';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

/**
 * Dates, times and relative times in the dashboard (issue 24 §8): dayjs with the page's locale
 * file, loaded on demand. Scheduled times are in US Eastern (spec §9), with the viewer's beside.
 */
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

/** dayjs's name of each of our locales; English is built in. */
const loaders: Record<LocaleCode, (() => Promise<unknown>) | null> = {
  en: null,
  gb: () => import('dayjs/locale/en-gb'),
  es: () => import('dayjs/locale/es'),
  de: () => import('dayjs/locale/de'),
  km: () => import('dayjs/locale/km'),
  ko: () => import('dayjs/locale/ko'),
  pt: () => import('dayjs/locale/pt'),
  zh: () => import('dayjs/locale/zh-cn'),
  it: () => import('dayjs/locale/it'),
  fr: () => import('dayjs/locale/fr'),
  ta: () => import('dayjs/locale/ta'),
  te: () => import('dayjs/locale/te'),
  pl: () => import('dayjs/locale/pl'),
};
const NAMES: Record<LocaleCode, string> = {
  en: 'en',
  gb: 'en-gb',
  es: 'es',
  de: 'de',
  km: 'km',
  ko: 'ko',
  pt: 'pt',
  zh: 'zh-cn',
  it: 'it',
  fr: 'fr',
  ta: 'ta',
  te: 'te',
  pl: 'pl',
};

/** Loads and selects the locale's dayjs file (English when it fails to load). */
export async function loadDateLocale(locale: LocaleCode): Promise<void> {
  const load = loaders[locale];
  if (!load) return;
  try {
    await load();
    dayjs.locale(NAMES[locale]);
  } catch {
    // The chunk did not load: dates stay in English.
  }
}

/** A preach date (YYYY-MM-DD) as the locale writes it, e.g. 'Dec 3, 2026'. */
export function formatDay(day: string): string {
  return dayjs(day, 'YYYY-MM-DD').format('ll');
}

/** A moment (ISO 8601) in US Eastern and, when the viewer's zone differs, in theirs. */
export function formatScheduled(iso: string, viewerZone = dayjs.tz.guess()): { eastern: string; local: string | null } {
  const at = dayjs(iso);
  const eastern = `${at.tz(SITE_TIME_ZONE).format('lll')} ET`;
  const sameOffset = at.tz(SITE_TIME_ZONE).utcOffset() === at.tz(viewerZone).utcOffset();
  return { eastern, local: sameOffset ? null : at.tz(viewerZone).format('lll') };
}

/** '3 days ago' in the page's language. */
export function fromNow(iso: string): string {
  return dayjs(iso).fromNow();
}

/** The moment (ISO 8601) of a wall-clock time typed in US Eastern ('2026-12-06T10:30'). */
export function easternToIso(local: string): string {
  return dayjs.tz(local, SITE_TIME_ZONE).format();
}

/** The Eastern wall-clock value of a moment, for a `datetime-local` input. */
export function isoToEasternInput(iso: string): string {
  return dayjs(iso).tz(SITE_TIME_ZONE).format('YYYY-MM-DDTHH:mm');
}

/** The moment (ISO 8601, with its offset) of a wall-clock time typed in the viewer's own zone. */
export function localToIso(local: string): string {
  return dayjs(local).format();
}

/** The viewer's wall-clock value of a moment, for a `datetime-local` input. */
export function isoToLocalInput(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DDTHH:mm');
}

/** A moment in the viewer's zone as the locale writes it, e.g. 'Dec 6, 2026 10:30 AM'. */
export function formatMoment(iso: string): string {
  return dayjs(iso).format('lll');
}

/** The viewer's time zone, e.g. 'Europe/Berlin'. */
export const viewerZone = (): string => dayjs.tz.guess();
