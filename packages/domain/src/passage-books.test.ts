import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIBLE_BOOKS } from './bible.ts';
import { BOOK_NAMES, booksByKey, foldedKey, nameKey, PASSAGE_LANGUAGES, passageLanguage } from './passage-books.ts';
import { findPassage } from './passage-query.ts';

const MESSAGES = new URL('../../i18n/messages/', import.meta.url);
const LOCALES = readdirSync(MESSAGES).map((file) => file.replace(/\.json$/, ''));

/** The locale's names for the books, as the site shows them ('psalm' is a single psalm). */
function messageNames(locale: string): [string, string][] {
  const messages = JSON.parse(readFileSync(new URL(`${locale}.json`, MESSAGES), 'utf8'));
  return Object.entries<string>(messages.bibleBooks).map(([key, name]) => [key === 'psalm' ? 'Ps' : key, name]);
}

describe('book names per language', () => {
  it('covers the 13 locales', () => {
    expect(LOCALES.sort()).toEqual(['de', 'en', 'es', 'fr', 'gb', 'it', 'km', 'ko', 'pl', 'pt', 'ta', 'te', 'zh']);
    for (const locale of LOCALES) expect(passageLanguage(locale)).toBeDefined();
  });

  it('names each of the 66 books in every language', () => {
    const osis = BIBLE_BOOKS.map((book) => book.osisAbbrev);
    for (const language of PASSAGE_LANGUAGES) {
      expect(Object.keys(BOOK_NAMES[language]), language).toEqual(osis);
      for (const names of Object.values(BOOK_NAMES[language])) expect(names.length).toBeGreaterThan(0);
    }
  });

  it.each(LOCALES)('reads every book name of the %s messages as its own book', (locale) => {
    const language = passageLanguage(locale) ?? 'en';
    for (const [osis, name] of messageNames(locale)) {
      expect(booksByKey(nameKey(name)), `${locale} ${name}`).toContainEqual({
        bookIndex: BIBLE_BOOKS.findIndex((book) => book.osisAbbrev === osis),
        language,
        exact: true,
      });
      // As a search for its first chapter, in that locale's pages.
      const passage = findPassage(`${name} 1`, locale);
      expect(passage?.reference.osisAbbrev, `${locale} ${name}`).toBe(osis);
      expect(passage?.matchedText).toBe(`${name} 1`);
    }
  });

  it('has no name for two books within one language, but Portuguese Jo (John) and Jó (Job) without the accent', () => {
    const ambiguous: string[] = [];
    for (const language of PASSAGE_LANGUAGES) {
      for (const fold of [false, true]) {
        const books = new Map<string, Set<string>>();
        for (const [osis, names] of Object.entries(BOOK_NAMES[language])) {
          for (const name of names) {
            const key = fold ? foldedKey(nameKey(name)) : nameKey(name);
            books.set(key, (books.get(key) ?? new Set()).add(osis));
          }
        }
        for (const [key, osis] of books) if (osis.size > 1) ambiguous.push(`${language} ${key}: ${[...osis]}`);
      }
    }
    expect(ambiguous).toEqual(['pt jo: Job,John']);
  });

  it('has only the documented names that differ between languages', () => {
    const books = new Map<string, Set<string>>();
    for (const language of PASSAGE_LANGUAGES) {
      for (const [osis, names] of Object.entries(BOOK_NAMES[language])) {
        for (const name of names) {
          const key = foldedKey(nameKey(name));
          books.set(key, (books.get(key) ?? new Set()).add(osis));
        }
      }
    }
    const collisions = [...books].filter(([, osis]) => osis.size > 1).map(([key, osis]) => `${key}: ${[...osis]}`);
    // Each is settled by the searcher's language, then English (passage-query.ts).
    expect(collisions.sort()).toEqual([
      'ab: Obad,Hab',
      'es: Esth,Isa,Exod',
      'gl: Joel,Gal',
      'hb: Hab,Heb',
      'jo: Job,John',
      'mc: Mic,Mark',
    ]);
  });

  it('maps page languages to the names they use', () => {
    expect(passageLanguage('gb')).toBe('en');
    expect(passageLanguage('pt-BR')).toBe('pt');
    expect(passageLanguage('ZH')).toBe('zh');
    expect(passageLanguage('nl')).toBeUndefined();
    expect(passageLanguage(undefined)).toBeUndefined();
  });
});
