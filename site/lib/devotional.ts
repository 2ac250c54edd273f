import { BIBLE_BOOKS, bookSlug, parseBibleText } from '@kerygma/domain/bible';
import type { SpurgeonDevotional } from '@kerygma/domain/contracts/devotional';
import {
  type DevotionalDay,
  type DevotionalEntry,
  type DevotionalType,
  isDevotionalDay,
} from '@kerygma/domain/devotional';

/**
 * The daily devotional page (/daily-devotional): which day it shows, its addresses, its dates in
 * the reader's language and the sermon pages its key verses lead to.
 */

export const DEVOTIONAL_PATH = '/daily-devotional';

/**
 * The day a request asks for: none (today's readings), a day (`?month=2&day=29`), or a value
 * that names no day. Numbers are written without leading zeros in the canonical address.
 */
export type DayRequest =
  | { kind: 'today' }
  | { kind: 'day'; day: DevotionalDay; canonical: boolean }
  | { kind: 'invalid' };

export function dayRequest(params: URLSearchParams): DayRequest {
  const month = params.getAll('month');
  const day = params.getAll('day');
  if (month.length === 0 && day.length === 0) return { kind: 'today' };
  const [m, d] = [month[0] ?? '', day[0] ?? ''];
  if (month.length !== 1 || day.length !== 1 || !/^\d{1,2}$/.test(m) || !/^\d{1,2}$/.test(d))
    return { kind: 'invalid' };
  const wanted = { month: Number(m), day: Number(d) };
  if (!isDevotionalDay(wanted.month, wanted.day)) return { kind: 'invalid' };
  return { kind: 'day', day: wanted, canonical: m === String(wanted.month) && d === String(wanted.day) };
}

/** The page of a day (unprefixed), or today's page. */
export function devotionalPath(day?: DevotionalDay): string {
  return day ? `${DEVOTIONAL_PATH}?month=${day.month}&day=${day.day}` : DEVOTIONAL_PATH;
}

/**
 * A reading as GET node/spurgeon_devotional gives it (SermonAudio's shape: `quote`, `content` with
 * paragraphs apart by a blank line), as the page shows it.
 */
export function devotionalEntryOf(reading: SpurgeonDevotional): DevotionalEntry {
  return {
    type: reading.type.toLowerCase() as DevotionalType,
    month: reading.month,
    dayOfMonth: reading.day,
    work: reading.work,
    author: reading.author,
    title: reading.title,
    verse: reading.quote,
    reference: reading.reference,
    paragraphs: reading.content.split('\n\n'),
    missingQuotationAfter: reading.missingQuotationAfter,
  };
}

/** A leap year, so that February 29 is a date. */
const LEAP_YEAR = 2024;
const formats = new Map<string, Intl.DateTimeFormat>();
function format(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}:${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { timeZone: 'UTC', ...options });
    formats.set(key, f);
  }
  return f;
}

/** A day without a year in the reader's language: 'February 29', '29. Februar', '2月29日'. */
export function dayLabel(day: DevotionalDay, lang: string): string {
  return format(lang, { month: 'long', day: 'numeric' }).format(new Date(Date.UTC(LEAP_YEAR, day.month - 1, day.day)));
}

/** The twelve months' names in the reader's language, January first. */
export function monthNames(lang: string): string[] {
  const f = format(lang, { month: 'long' });
  return Array.from({ length: 12 }, (_, i) => f.format(new Date(Date.UTC(LEAP_YEAR, i, 1))));
}

/**
 * The sermons on the chapter of a key verse ('Ps. 23:6' → /sermons/scripture/psalms/23), with the
 * book's OSIS code for its name; undefined when the reference does not parse.
 */
export function scriptureChapter(
  reference: string | null,
): { path: string; osis: string; chapter: number } | undefined {
  const ref = reference ? parseBibleText(reference)[0] : undefined;
  const book = ref ? BIBLE_BOOKS[ref.bookIndex] : undefined;
  if (!ref || !book) return undefined;
  return {
    path: `/sermons/scripture/${bookSlug(book.name)}/${ref.chapter}`,
    osis: book.osisAbbrev,
    chapter: ref.chapter,
  };
}
