import { BIBLE_BOOKS, parseBibleText } from '@kerygma/domain/bible';

/** One `sermon_scripture` row (without the sermon id and preach date). */
export type ScriptureRow = {
  bookIndex: number;
  chapter: number;
  verseStart: number | null;
  verseEnd: number | null;
  /** True on exactly one row per book: the first reference to it in the text. */
  firstInBook: boolean;
};

/**
 * Index rows for a sermon's Bible text: one per (book, chapter) it touches, verse bounds merged
 * when several references hit the same chapter, and `bibleSort` of the first reference
 * (book index * 1e6 + chapter * 1e3 + verse, 0-based book index as in `bible_book`, verse 0 for
 * whole chapters). Unparseable text gives no rows and a null sort key.
 */
export function scriptureIndex(bibleText: string | null): { rows: ScriptureRow[]; bibleSort: number | null } {
  const refs = bibleText ? parseBibleText(bibleText) : [];
  const rows = new Map<string, ScriptureRow>();
  const booksSeen = new Set<number>();
  for (const ref of refs) {
    const versesIn = (c: number) => BIBLE_BOOKS[ref.bookIndex]?.verses[c - 1] ?? 0;
    for (let chapter = ref.chapter; chapter <= ref.chapterEnd; chapter++) {
      const whole = ref.verseStart === null || ref.verseEnd === null;
      const verseStart = whole ? null : chapter === ref.chapter ? ref.verseStart : 1;
      const verseEnd = whole ? null : chapter === ref.chapterEnd ? ref.verseEnd : versesIn(chapter);
      const key = `${ref.bookIndex}:${chapter}`;
      const existing = rows.get(key);
      if (existing) {
        // Widen to cover both references; a whole-chapter reference wins.
        if (existing.verseStart === null || verseStart === null || verseEnd === null || existing.verseEnd === null) {
          existing.verseStart = null;
          existing.verseEnd = null;
        } else {
          existing.verseStart = Math.min(existing.verseStart, verseStart);
          existing.verseEnd = Math.max(existing.verseEnd, verseEnd);
        }
        continue;
      }
      const firstInBook = !booksSeen.has(ref.bookIndex);
      booksSeen.add(ref.bookIndex);
      rows.set(key, { bookIndex: ref.bookIndex, chapter, verseStart, verseEnd, firstInBook });
    }
  }
  const first = refs[0];
  const bibleSort = first ? first.bookIndex * 1_000_000 + first.chapter * 1_000 + (first.verseStart ?? 0) : null;
  return { rows: [...rows.values()], bibleSort };
}
