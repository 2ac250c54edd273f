import { BIBLE_BOOKS, type BibleBook, findBook } from './bible.ts';

/** Paratext (USFM) book codes in canon order; existing API clients send these as `book`. */
export const PARATEXT_CODES = (
  'GEN EXO LEV NUM DEU JOS JDG RUT 1SA 2SA 1KI 2KI 1CH 2CH EZR NEH EST JOB PSA PRO ECC SNG ISA JER LAM ' +
  'EZK DAN HOS JOL AMO OBA JON MIC NAM HAB ZEP HAG ZEC MAL MAT MRK LUK JHN ACT ROM 1CO 2CO GAL EPH PHP ' +
  'COL 1TH 2TH 1TI 2TI TIT PHM HEB JAS 1PE 2PE 1JN 2JN 3JN JUD REV'
).split(' ');

export function paratextCode(bookIndex: number): string {
  return PARATEXT_CODES[bookIndex] ?? '';
}

/** A book from a Paratext code ('JHN'), an OSIS code ('John') or a name ('1 Corinthians'). */
export function resolveBook(value: string): { book: BibleBook; index: number } | undefined {
  const upper = value.trim().toUpperCase();
  const byCode = PARATEXT_CODES.indexOf(upper);
  const book = byCode >= 0 ? BIBLE_BOOKS[byCode] : findBook(value);
  if (!book) return undefined;
  return { book, index: BIBLE_BOOKS.indexOf(book) };
}
