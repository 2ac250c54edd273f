import { BIBLE_BOOKS, bookKey, ENGLISH_BOOK_NAMES } from './bible.ts';
import { GERMAN } from './passage-books/de.ts';
import { SPANISH } from './passage-books/es.ts';
import { FRENCH } from './passage-books/fr.ts';
import { ITALIAN } from './passage-books/it.ts';
import { KHMER } from './passage-books/km.ts';
import { KOREAN } from './passage-books/ko.ts';
import { POLISH } from './passage-books/pl.ts';
import { PORTUGUESE } from './passage-books/pt.ts';
import { TAMIL } from './passage-books/ta.ts';
import { TELUGU } from './passage-books/te.ts';
import { CHINESE } from './passage-books/zh.ts';

/**
 * Per OSIS code, what one language's readers type for a book: the site's name for it (as in the
 * locale messages' `bibleBooks`), other common names, then the abbreviations of that language's Bibles.
 */
export type BookNames = Readonly<Record<string, readonly string[]>>;

/** The languages whose book names a search knows ('gb' reads as 'en'); on a collision, earlier ones win. */
export const PASSAGE_LANGUAGES = ['en', 'es', 'de', 'fr', 'it', 'pt', 'pl', 'ko', 'zh', 'ta', 'te', 'km'] as const;
export type PassageLanguage = (typeof PASSAGE_LANGUAGES)[number];

/** English comes from bible.ts, which reads stored references. */
export const BOOK_NAMES: Readonly<Record<PassageLanguage, BookNames>> = {
  en: ENGLISH_BOOK_NAMES,
  es: SPANISH,
  de: GERMAN,
  fr: FRENCH,
  it: ITALIAN,
  pt: PORTUGUESE,
  pl: POLISH,
  ko: KOREAN,
  zh: CHINESE,
  ta: TAMIL,
  te: TELUGU,
  km: KHMER,
};

/** The language whose book names a page in `languageCode` uses ('gb', 'pt-BR' → 'en', 'pt'). */
export function passageLanguage(languageCode: string | undefined): PassageLanguage | undefined {
  const code = languageCode?.toLowerCase().split(/[-_]/)[0];
  if (code === 'gb') return 'en';
  return PASSAGE_LANGUAGES.find((language) => language === code);
}

const KHMER_ZERO = 0x17e0;

/**
 * Text with Khmer digits and full-width forms ('３：１６', '～') as ASCII, one UTF-16 unit for one, so
 * positions in it are positions in the text.
 */
export function asciiForm(text: string): string {
  return text.replace(/[\u17e0-\u17e9\uff01-\uff5e\u301c]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code === 0x301c) return '~';
    return String.fromCharCode(code < 0xff00 ? code - KHMER_ZERO + 0x30 : code - 0xfee0);
  });
}

/** A book name's lookup key: case, spaces, dots and ordinal spellings ('I', 'First') set aside. */
export function nameKey(name: string): string {
  return bookKey(asciiForm(name).normalize('NFC'));
}

/** A key without accents ('römer' → 'romer', 'łk' → 'lk'). */
export function foldedKey(key: string): string {
  return key
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/ß/g, 'ss')
    .normalize('NFC');
}

/** One book a name may mean. */
export type NamedBook = {
  readonly bookIndex: number;
  readonly language: PassageLanguage;
  /** Matched as spelled; otherwise only with the accents dropped ('Jó' is Job, 'jo' first John). */
  readonly exact: boolean;
};

const exactBooks = new Map<string, NamedBook[]>();
const foldedBooks = new Map<string, NamedBook[]>();
for (const language of PASSAGE_LANGUAGES) {
  for (const [osis, names] of Object.entries(BOOK_NAMES[language])) {
    const bookIndex = BIBLE_BOOKS.findIndex((book) => book.osisAbbrev === osis);
    if (bookIndex < 0) throw new Error(`passage-books: ${language} names an unknown book ${osis}`);
    for (const name of names) {
      const key = nameKey(name);
      add(exactBooks, key, { bookIndex, language, exact: true });
      add(foldedBooks, foldedKey(key), { bookIndex, language, exact: false });
    }
  }
}

function add(map: Map<string, NamedBook[]>, key: string, book: NamedBook) {
  const books = map.get(key) ?? [];
  if (!books.some((b) => b.bookIndex === book.bookIndex && b.language === book.language)) books.push(book);
  map.set(key, books);
}

/** The books a name's key (`nameKey`) means in any language: as spelled first, then with accents dropped. */
export function booksByKey(key: string): NamedBook[] {
  const exact = exactBooks.get(key) ?? [];
  const folded = (foldedBooks.get(foldedKey(key)) ?? []).filter(
    (b) => !exact.some((e) => e.bookIndex === b.bookIndex && e.language === b.language),
  );
  return exact.length === 0 ? folded : [...exact, ...folded];
}
