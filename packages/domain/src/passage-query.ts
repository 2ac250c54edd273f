import { BIBLE_BOOKS, type BibleReference, referenceIn } from './bible.ts';
import {
  asciiForm,
  BOOK_NAMES,
  booksByKey,
  foldedKey,
  type NamedBook,
  nameKey,
  PASSAGE_LANGUAGES,
  type PassageLanguage,
  passageLanguage,
} from './passage-books.ts';

/** A Bible passage a search named, and the search's other words. */
export type PassageQuery = {
  reference: BibleReference;
  /** The rest of the query, spaces collapsed ('' when it was only the passage). */
  words: string;
  /** The passage as typed ('Röm 8,28'). */
  matchedText: string;
};

// The words of a query: a Han character or a Khmer cluster each (those scripts run words together,
// so a book's name may end any run), other runs of letters, runs of digits.
const TOKEN =
  /\p{Script=Han}|[\u1780-\u17b3](?:\u17d2[\u1780-\u17b3]|[\u17b4-\u17d1\u17d3\u17dd])*|(?:(?![\p{Script=Han}\u1780-\u17ff])[\p{L}\p{M}])+|\d+/gu;
const HAN = /^\p{Script=Han}/u;
// What may stand between the words of a book's name, and between the name and its chapter.
const JOINER = /^[\s.]*$/;

// Between chapter and verse: 'John 3:16', 'jn 3.16', 'Römer 8,28' (no space: '8, 9' is two
// chapters), 'John 3 v 16', '요한복음 3장 16절', '约翰福音3章16节'.
const SEP = String.raw`(?:\s*:\s*|[.,]|,?\s*vv?\.?\s*|\s*[장章]\s*)`;
// After a verse: '16a', '16ff' (ignored, as bible.ts does), then a Korean or Chinese 'verse'.
const SUFFIX = '(?:ff?|vv?|[abc])?[절節节]?';
/** Chapter[:verse][-chapter[:verse]], not inside a longer number or word ('2020', '8th'). */
const SPEC = new RegExp(
  String.raw`(?<!\d)(\d{1,3})(?:${SEP}(\d{1,3})${SUFFIX})?(?:\s*[-–—~]\s*(\d{1,3})(?:${SEP}(\d{1,3}))?${SUFFIX})?[장章편篇]?(?![a-z\d])`,
  'giu',
);

type Token = { readonly start: number; readonly end: number; readonly digits: boolean; readonly han: boolean };

function tokensOf(text: string): Token[] {
  return Array.from(text.matchAll(TOKEN), (m) => ({
    start: m.index,
    end: m.index + m[0].length,
    digits: /^\d/.test(m[0]),
    han: HAN.test(m[0]),
  }));
}

/** The most words any book's name spans ('Księga Powtórzonego Prawa', '帖撒罗尼迦前书'): how far back to look. */
const MAX_NAME_TOKENS = Math.max(
  ...PASSAGE_LANGUAGES.flatMap((language) =>
    Object.values(BOOK_NAMES[language]).flatMap((names) => names.map((name) => tokensOf(asciiForm(name)).length)),
  ),
);

/**
 * The first Bible passage named in a search query, with the query's other words; null when none.
 *
 * A passage is a book and a chapter inside the canon: 'John 3:16', 'Röm 8,28', '1Kor 13,4-7',
 * 'Matthew 5-7', '요한복음 3:16', '约3:16'. A book alone ('Romans', '1 John') stays words, as do
 * chapters and verses the book has not ('Acts 29'). Any language's names are read, but where they
 * disagree ('Es' is Esther in English, Isaiah in French, Exodus in Italian; likewise 'Ab', 'Gl',
 * 'Hb', 'Mc'), the searcher's language (`languageCode`, the page's) wins, then English. Latin
 * abbreviations of one or two letters, which are everyday words elsewhere ('at 10' would be Acts in
 * Portuguese), are read only in the searcher's language and English, or in all when none is given.
 */
export function findPassage(query: string, languageCode?: string): PassageQuery | null {
  const text = asciiForm(query);
  const tokens = tokensOf(text);
  const searcher = passageLanguage(languageCode);
  const rank = (book: NamedBook) =>
    (book.language === searcher ? -1 : PASSAGE_LANGUAGES.indexOf(book.language)) * 2 + (book.exact ? 0 : 1);
  for (const spec of text.matchAll(SPEC)) {
    const named = bookBefore(text, tokens, spec.index, languageCode !== undefined, searcher);
    if (!named) continue;
    const [a, b, c, d] = [spec[1], spec[2], spec[3], spec[4]].map((n) => (n === undefined ? null : Number(n)));
    if (a == null) continue;
    const books = named.books.sort((x, y) => rank(x) - rank(y));
    for (const book of books) {
      const bibleBook = BIBLE_BOOKS[book.bookIndex];
      const reference = bibleBook && referenceIn(bibleBook, a, b ?? null, c ?? null, d ?? null);
      if (!reference) continue;
      const end = spec.index + spec[0].length;
      const words = `${query.slice(0, named.start)} ${query.slice(end)}`
        .replace(/\(\s*\)|\[\s*\]/g, ' ')
        .replace(/\s+/g, ' ')
        .replace(/^[\s,;:.–—-]+|[\s,;:.–—-]+$/g, '');
      return { reference, words, matchedText: query.slice(named.start, end) };
    }
  }
  return null;
}

/**
 * The book named just before `at` (the longest name that ends there), as the books its name may
 * mean; null when none. A chapter out of the book's range does not make a shorter name count:
 * '3 John 2:1' is not John 2:1.
 */
function bookBefore(
  text: string,
  tokens: readonly Token[],
  at: number,
  languageGiven: boolean,
  searcher: PassageLanguage | undefined,
): { start: number; books: NamedBook[] } | null {
  let last = tokens.length - 1;
  while (last >= 0 && (tokens[last]?.end ?? 0) > at) last--;
  const lastToken = tokens[last];
  if (!lastToken || lastToken.digits || !JOINER.test(text.slice(lastToken.end, at))) return null;
  let first = last;
  while (first > 0 && last - first + 1 < MAX_NAME_TOKENS) {
    const [before, token] = [tokens[first - 1], tokens[first]];
    if (!before || !token || !JOINER.test(text.slice(before.end, token.start))) break;
    first--;
  }
  for (let i = first; i <= last; i++) {
    const token = tokens[i];
    if (!token) continue;
    const key = nameKey(text.slice(token.start, lastToken.end));
    // '约' is John, but not inside '大约3天' ('about 3 days'): a short Chinese name begins a word.
    const before = tokens[i - 1];
    if (token.han && key.length <= 2 && before?.han && before.end === token.start) continue;
    const shortLatin = key.length <= 2 && /^[a-z0-9]+$/.test(foldedKey(key));
    const books = booksByKey(key).filter(
      (b) => !(shortLatin && languageGiven && b.language !== searcher && b.language !== 'en'),
    );
    if (books.length > 0) return { start: token.start, books };
  }
  return null;
}
