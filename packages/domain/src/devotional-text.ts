import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { DevotionalEntry, DevotionalText, DevotionalType } from './devotional.ts';
import { curlyQuotes, missingQuotations, withQuotations } from './devotional-quotations.ts';

/**
 * The texts of the daily devotional, read from data/devotional/ (see its SOURCE.md) once, on
 * first use, and kept: about 3 MB of text for 1,098 readings.
 */

const AUTHOR = 'Charles H. Spurgeon';
const MORNING_AND_EVENING = 'Morning and Evening';
const FAITHS_CHECKBOOK = 'Faith’s Checkbook';

const DATA = new URL('../data/devotional/', import.meta.url);

type MorningAndEveningRecord = {
  month: number;
  day: number;
  slot: 'am' | 'pm';
  verse: string | null;
  reference: string | null;
  paragraphs: string[];
};
type AltRecord = { month: number; day: number; time: string; keyverse: string; body: string };
type CheckbookRecord = {
  month: number;
  day: number;
  title: string;
  verse: string;
  reference: string;
  paragraphs: string[];
};

const key = (type: DevotionalType, month: number, day: number) => `${type}:${month}-${day}`;

/** Readings whose quotations the alternate edition garbles: June 8 morning interleaves a hymn's two columns. */
const GARBLED_IN_ALT = new Set([key('am', 6, 8)]);

function readJson<T>(file: string): T {
  return JSON.parse(gunzipSync(readFileSync(new URL(file, DATA))).toString('utf8')) as T;
}

/** '"Behold, he prayeth."—Acts 9:11' → verse and reference, split at the last dash. */
function splitKeyVerse(keyverse: string): { verse: string; reference: string } | undefined {
  const dash = keyverse.lastIndexOf('—');
  if (dash <= 0) return undefined;
  return { verse: curlyQuotes(keyverse.slice(0, dash).trim()), reference: keyverse.slice(dash + 1).trim() };
}

function entry(
  type: DevotionalType,
  record: { month: number; day: number; verse: string | null; reference: string | null },
  work: string,
  title: string | null,
  paragraphs: string[],
): DevotionalEntry {
  return {
    type,
    month: record.month,
    dayOfMonth: record.day,
    work,
    author: AUTHOR,
    title,
    verse: record.verse,
    reference: record.reference,
    paragraphs,
    missingQuotationAfter: missingQuotations(paragraphs),
  };
}

function load(): Map<string, DevotionalEntry> {
  const entries = new Map<string, DevotionalEntry>();
  const alt = new Map<string, AltRecord>();
  for (const r of readJson<AltRecord[]>('morning-and-evening/alt/straitstreet-spurgeon.json.gz')) {
    if (r.time === 'am' || r.time === 'pm') alt.set(key(r.time, r.month, r.day), r);
  }
  for (const r of readJson<MorningAndEveningRecord[]>('morning-and-evening/morning-and-evening.json.gz')) {
    const other = alt.get(key(r.slot, r.month, r.day));
    // November 3 has no key verse in the primary edition; the alternate edition has it.
    const keyVerse = r.verse === null && other ? splitKeyVerse(other.keyverse) : undefined;
    const garbled = GARBLED_IN_ALT.has(key(r.slot, r.month, r.day));
    const paragraphs = other && !garbled ? withQuotations(r.paragraphs, other.body) : r.paragraphs;
    entries.set(
      key(r.slot, r.month, r.day),
      entry(r.slot, { ...r, ...keyVerse }, MORNING_AND_EVENING, null, paragraphs),
    );
  }
  for (const r of readJson<CheckbookRecord[]>('faiths-checkbook/faiths-checkbook.json.gz')) {
    entries.set(key('checkbook', r.month, r.day), entry('checkbook', r, FAITHS_CHECKBOOK, r.title, r.paragraphs));
  }
  return entries;
}

let cache: Map<string, DevotionalEntry> | undefined;

/** The reading of a type for a day, or undefined when there is none (not a day of the year). */
export function devotionalEntry(type: DevotionalType, month: number, day: number): DevotionalEntry | undefined {
  cache ??= load();
  return cache.get(key(type, month, day));
}

/** Every reading, in the files' order (for checks over the whole data set). */
export function allDevotionalEntries(): DevotionalEntry[] {
  cache ??= load();
  return [...cache.values()];
}

let preface: DevotionalText | undefined;

/** Spurgeon's preface to Faith's Checkbook: its lines joined into paragraphs, the '# Preface' heading as title. */
export function checkbookPreface(): DevotionalText {
  if (preface) return preface;
  const text = readFileSync(new URL('faiths-checkbook/faiths-checkbook-preface.txt', DATA), 'utf8');
  const [heading, ...blocks] = text.split(/\n\s*\n/).map((block) => block.trim());
  preface = {
    work: FAITHS_CHECKBOOK,
    author: AUTHOR,
    title: (heading ?? '').replace(/^#+\s*/, ''),
    paragraphs: blocks.filter(Boolean).map((block) => block.replace(/\s*\n\s*/g, ' ')),
  };
  return preface;
}
