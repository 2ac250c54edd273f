import { z } from 'zod';

/**
 * The daily devotional (spec §2 /daily-devotional, §7 GET node/spurgeon_devotional): Spurgeon's
 * *Morning and Evening* (a morning and an evening reading for each day) and *Faith's Checkbook*
 * (one promise for each day). Both books have a reading for every day of a leap year, February 29
 * included, so their calendar has 366 days whatever the current year.
 */

/** `am` Morning and Evening's morning reading, `pm` its evening reading, `checkbook` Faith's Checkbook. */
export const DEVOTIONAL_TYPES = ['am', 'pm', 'checkbook'] as const;
export type DevotionalType = (typeof DEVOTIONAL_TYPES)[number];

/** A day of the devotional year: month 1-12 and its day. */
export type DevotionalDay = { readonly month: number; readonly day: number };

/** Days of each month in the devotional year (February has 29). */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Whether the books have a reading for this month and day (February 29 included). */
export function isDevotionalDay(month: number, day: number): boolean {
  const days = DAYS_IN_MONTH[month - 1];
  return Number.isInteger(month) && Number.isInteger(day) && days !== undefined && day >= 1 && day <= days;
}

/** The next day of the devotional year: February 28 → 29 → March 1, December 31 → January 1. */
export function devotionalDayAfter({ month, day }: DevotionalDay): DevotionalDay {
  if (day < (DAYS_IN_MONTH[month - 1] ?? 0)) return { month, day: day + 1 };
  return { month: month === 12 ? 1 : month + 1, day: 1 };
}

/** The day before in the devotional year: March 1 → February 29, January 1 → December 31. */
export function devotionalDayBefore({ month, day }: DevotionalDay): DevotionalDay {
  if (day > 1) return { month, day: day - 1 };
  const previous = month === 1 ? 12 : month - 1;
  return { month: previous, day: DAYS_IN_MONTH[previous - 1] ?? 31 };
}

/**
 * Query of GET node/spurgeon_devotional: a day and one reading's type, in any case (SermonAudio's
 * clients send 'AM', 'PM', 'CHECKBOOK').
 */
export const devotionalQuery = z
  .object({
    month: z.coerce.number().int().min(1).max(12),
    day_of_month: z.coerce.number().int().min(1).max(31),
    type: z
      .string()
      .transform((v) => v.toLowerCase())
      .pipe(z.enum(DEVOTIONAL_TYPES)),
  })
  .refine((q) => isDevotionalDay(q.month, q.day_of_month), {
    path: ['day_of_month'],
    message: 'not a day of that month',
  });
export type DevotionalQuery = z.output<typeof devotionalQuery>;

/** One reading as the API gives it. The texts are English, as the books were written. */
export type DevotionalEntry = {
  type: DevotionalType;
  month: number;
  dayOfMonth: number;
  /** The book: 'Morning and Evening' or "Faith's Checkbook". */
  work: string;
  author: string;
  /** Faith's Checkbook names each day's promise; Morning and Evening has no titles. */
  title: string | null;
  /** The key verse as printed, with its quotation marks; null where the source has none. */
  verse: string | null;
  /** The key verse's reference as printed ('Ps. 23:6', 'Song of Solomon 1:4'). */
  reference: string | null;
  /** The text, paragraph by paragraph; a quoted stanza is one paragraph, its lines joined by '\n'. */
  paragraphs: string[];
  /** Paragraphs (by index) that introduce a quotation the source text lacks. */
  missingQuotationAfter: number[];
};

/** A text that goes with the readings (Faith's Checkbook's preface). */
export type DevotionalText = { work: string; author: string; title: string; paragraphs: string[] };
