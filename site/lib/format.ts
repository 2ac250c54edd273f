import { SITE_TIME_ZONE } from '@kerygma/domain/site-clock';

/**
 * Display formatting rules (spec §9 "Business constants and limits"). Pure functions; `locale`
 * is a BCP 47 tag (the locale table's `lang`, e.g. 'de', 'en-GB', 'zh-Hans').
 */

const UNITS = [
  { value: 1e12, suffix: 'T' },
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

/**
 * Intl formatters take tens of microseconds to build and a page formats hundreds of values, so
 * each is built once per locale and options (few: the site's locales times a handful of styles).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

/**
 * Compares two texts in the reader's language, for sorting names (`list.sort((a, b) =>
 * compareText(a.name, b.name, lang))`); `localeCompare` with a locale builds a collator per call.
 */
export function compareText(a: string, b: string, locale = 'en'): number {
  return formatter(`c:${locale}`, () => new Intl.Collator(locale)).compare(a, b);
}

/** Number with grouping in the reader's language: 12,345 / 12.345 / 12 345. */
export function formatNumber(value: number, locale = 'en', fractionDigits = 0): string {
  return formatter(
    `n:${locale}:${fractionDigits}`,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits, minimumFractionDigits: 0 }),
  ).format(value);
}

/** A download's size in megabytes in the reader's language ('12.3 MB', '12,3 MB'); none when unknown. */
export function formatFileSize(bytes: number | null, locale = 'en'): string | undefined {
  if (!bytes || bytes <= 0) return undefined;
  return formatter(
    `mb:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }),
  ).format(bytes / 1_000_000);
}

/**
 * Compact count with the suffixes K, M, B and T (spec §9 "counts compact K/M/B/T"):
 * 999 → '999', 1000 → '1K', 1234 → '1.2K', 2_500_000 → '2.5M', 3e9 → '3B', 4e12 → '4T'.
 * The mantissa is truncated, never rounded up, so a count is never overstated (999,999 is
 * '999.9K', not '1000K'). `fractionDigits` is 1 by default. Decimal separators follow `locale`
 * ('1,2K' in German); the suffix letters do not.
 */
export function formatCompact(count: number, locale = 'en', fractionDigits = 1): string {
  const n = Math.trunc(count);
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  for (const unit of UNITS) {
    if (abs >= unit.value) {
      const scale = 10 ** fractionDigits;
      const mantissa = Math.floor((abs / unit.value) * scale + 1e-9) / scale;
      return `${sign}${formatNumber(mantissa, locale, fractionDigits)}${unit.suffix}`;
    }
  }
  return `${sign}${formatNumber(abs, locale)}`;
}

/** A total from which on counts are capped or estimated (spec §9 "10000 shows 10k+"). */
export const TOTAL_CAP = 10_000;

/**
 * A list total (results found, sermons in a list): exact below 10,000, '10k+' from 10,000 on,
 * because the API's totals are exact only up to 10,000 (estimates above).
 */
export function formatTotal(count: number, locale = 'en'): string {
  return count >= TOTAL_CAP ? '10k+' : formatNumber(count, locale);
}

/** Play counts are shown rounded to the nearest 100 (spec §9); below 100 they are exact. */
export function roundPlays(plays: number): number {
  const n = Math.max(0, Math.trunc(plays));
  return n < 100 ? n : Math.round(n / 100) * 100;
}

/** A play count for display: rounded to 100, then compact (1,249 → '1.2K', 87 → '87'). */
export function formatPlays(plays: number, locale = 'en'): string {
  return formatCompact(roundPlays(plays), locale);
}

/** Snippet (search hit) counts show '100+' at 100 or more (spec §9). */
export function formatSnippetCount(count: number, locale = 'en'): string {
  return count >= 100 ? '100+' : formatNumber(Math.max(0, Math.trunc(count)), locale);
}

/** Ad impressions and clicks: compact with 1 decimal, none from 100,000 on (spec §9). */
export function formatAdStat(count: number, locale = 'en'): string {
  return formatCompact(count, locale, count >= 100_000 ? 0 : 1);
}

/**
 * Whole percentages of `values` that sum to exactly 100 (spec §9 "graph percentages sum to 100"),
 * by the largest-remainder method. All zero (or empty) gives all zeros.
 */
export function percentages(values: readonly number[]): number[] {
  const total = values.reduce((sum, v) => sum + Math.max(0, v), 0);
  if (total <= 0) return values.map(() => 0);
  const exact = values.map((v) => (Math.max(0, v) / total) * 100);
  const result = exact.map(Math.floor);
  let missing = 100 - result.reduce((a, b) => a + b, 0);
  const order = exact.map((v, i) => ({ i, rest: v - Math.floor(v) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (missing <= 0) break;
    result[i] = (result[i] ?? 0) + 1;
    missing -= 1;
  }
  return result;
}

/** Sermon-count tiers of broadcaster filters (spec §9): upper bounds and their labels. */
export const SERMON_COUNT_TIERS = [
  { max: 100, label: '1-100' },
  { max: 250, label: '100-250' },
  { max: 500, label: '250-500' },
  { max: 1000, label: '500-1,000' },
  { max: 2000, label: '1,000-2,000' },
  { max: Number.POSITIVE_INFINITY, label: '2,000+' },
] as const;

/** The tier label of a sermon count: 42 → '1-100', 2500 → '2,000+'. */
export function sermonCountTier(count: number): string {
  return (SERMON_COUNT_TIERS.find((t) => count <= t.max) ?? SERMON_COUNT_TIERS[5]).label;
}

/** '1:02:03' or '42:05' from seconds. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** ISO 8601 duration for `<time datetime>`: 3723 → 'PT1H2M3S', 0 → 'PT0S'. */
export function isoDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  const parts = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${rest || s === 0 ? `${rest}S` : ''}`;
  return `PT${parts}`;
}

/** A 'YYYY-MM-DD' date in the reader's language, without time-zone shifts ('Mar 7, 2024', '7. März 2024'). */
export function formatDate(day: string, locale: string, month: 'short' | 'long' = 'short'): string {
  const key = `${locale}:${month}:${day}`;
  let text = formattedDays.get(key);
  if (text === undefined) {
    const [y, m, d] = day.split('-').map(Number);
    text = formatter(
      `d:${locale}:${month}`,
      () => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month, day: 'numeric' }),
    ).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
    if (formattedDays.size >= MAX_FORMATTED_DAYS) formattedDays.clear();
    formattedDays.set(key, text);
  }
  return text;
}

/**
 * Days already written out: a sermon list formats 25 preach dates, mostly recent ones that the
 * previous render wrote too, and Intl's format was 2.5% of a list page's CPU.
 */
const formattedDays = new Map<string, string>();
const MAX_FORMATTED_DAYS = 20_000;

/** 'YYYY-MM-DD' of an instant (epoch seconds) on the site's calendar, US Eastern. */
export function easternDay(epochSeconds: number): string {
  return formatter(
    'iso-day',
    () =>
      new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(new Date(epochSeconds * 1000));
}

/**
 * An instant (epoch seconds) as date and time in US Eastern, in the reader's language; with
 * `zoneNamed`, followed by the zone's name ('EST', 'EDT'), for times a reader may take for their own.
 */
export function formatDateTime(epochSeconds: number, locale: string, { zoneNamed = false } = {}): string {
  return formatter(
    `t:${locale}:${zoneNamed}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        // dateStyle and timeStyle take no timeZoneName: the fields one by one.
        timeZone: SITE_TIME_ZONE,
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        ...(zoneNamed ? { timeZoneName: 'short' as const } : {}),
      }),
  ).format(new Date(epochSeconds * 1000));
}
