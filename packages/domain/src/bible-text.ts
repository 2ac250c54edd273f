import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { formatReference, makeReference } from './bible.ts';

export type BibleVerse = {
  /** OSIS book code. */
  readonly book: string;
  readonly chapter: number;
  readonly verse: number;
  readonly text: string;
};

export type Passage = {
  /** The verses actually returned, e.g. 'John 3:16-21'. */
  readonly reference: string;
  readonly verses: readonly BibleVerse[];
  /** True when the request was cut to `MAX_PASSAGE_VERSES`. */
  readonly truncated: boolean;
};

/** Verse text keyed by `<OSIS>.<chapter>.<verse>`. */
export type BibleText = ReadonlyMap<string, string>;

export const MAX_PASSAGE_VERSES = 200;

const DEFAULT_PATH = new URL('../data/kjv.txt.gz', import.meta.url);
const cache = new Map<string, BibleText>();

/** Reads and indexes the KJV text (see data/SOURCE.md) once per path; later calls reuse it. */
export function loadBibleText(path: string | URL = DEFAULT_PATH): BibleText {
  const cacheKey = path.toString();
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const text = new Map<string, string>();
  for (const line of gunzipSync(readFileSync(path)).toString('utf8').split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) text.set(line.slice(0, tab), line.slice(tab + 1));
  }
  cache.set(cacheKey, text);
  return text;
}

/**
 * KJV text of a passage: one verse, a verse range (possibly across chapters) or whole chapters
 * when `verseStart` is omitted. At most `MAX_PASSAGE_VERSES` verses; null when the book is unknown
 * or the range lies outside it.
 */
export function passage(
  osisAbbrev: string,
  chapter: number,
  verseStart?: number,
  chapterEnd?: number,
  verseEnd?: number,
): Passage | null {
  const ref = makeReference(osisAbbrev, chapter, verseStart ?? null, chapterEnd ?? chapter, verseEnd);
  if (!ref) return null;
  const text = loadBibleText();
  const verses: BibleVerse[] = [];
  let truncated = false;
  // Whole chapters are read until the text has no next verse.
  const lastVerse = ref.verseEnd ?? Number.POSITIVE_INFINITY;
  outer: for (let c = ref.chapter; c <= ref.chapterEnd; c++) {
    const first = c === ref.chapter ? (ref.verseStart ?? 1) : 1;
    for (let v = first; c < ref.chapterEnd || v <= lastVerse; v++) {
      const verseText = text.get(`${ref.osisAbbrev}.${c}.${v}`);
      if (verseText === undefined) break;
      if (verses.length === MAX_PASSAGE_VERSES) {
        truncated = true;
        break outer;
      }
      verses.push({ book: ref.osisAbbrev, chapter: c, verse: v, text: verseText });
    }
  }
  const first = verses[0];
  const last = verses.at(-1);
  if (!first || !last) return null;
  const shown = truncated ? { ...ref, chapterEnd: last.chapter, verseStart: first.verse, verseEnd: last.verse } : ref;
  return { reference: formatReference(shown), verses, truncated };
}
