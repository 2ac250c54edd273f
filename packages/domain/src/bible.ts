import { VERSE_COUNTS } from './bible-canon.ts';
import { slugify } from './slug.ts';

export type Testament = 'OT' | 'NT';

export type BibleBook = {
  readonly osisAbbrev: string;
  readonly name: string;
  readonly testament: Testament;
  readonly chapters: number;
  /** Verses per chapter; `verses[0]` is chapter 1. */
  readonly verses: readonly number[];
};

/** A validated passage; `verseStart`/`verseEnd` are both null for whole chapters. */
export type BibleReference = {
  readonly osisAbbrev: string;
  /** 0-based position in `BIBLE_BOOKS`. */
  readonly bookIndex: number;
  readonly chapter: number;
  readonly verseStart: number | null;
  readonly chapterEnd: number;
  readonly verseEnd: number | null;
};

/** Per book, in canon order: OSIS code, display name, other spellings (space-separated). */
const BOOKS: readonly (readonly [string, string, string])[] = [
  ['Gen', 'Genesis', 'ge gn'],
  ['Exod', 'Exodus', 'ex exo'],
  ['Lev', 'Leviticus', 'le lv'],
  ['Num', 'Numbers', 'nu nm nb'],
  ['Deut', 'Deuteronomy', 'de dt deu'],
  ['Josh', 'Joshua', 'jos jsh'],
  ['Judg', 'Judges', 'jdg jg jdgs'],
  ['Ruth', 'Ruth', 'rth ru'],
  ['1Sam', '1 Samuel', '1sa 1sm 1s'],
  ['2Sam', '2 Samuel', '2sa 2sm 2s'],
  ['1Kgs', '1 Kings', '1ki 1kin 1kg'],
  ['2Kgs', '2 Kings', '2ki 2kin 2kg'],
  ['1Chr', '1 Chronicles', '1ch 1chron'],
  ['2Chr', '2 Chronicles', '2ch 2chron'],
  ['Ezra', 'Ezra', 'ezr'],
  ['Neh', 'Nehemiah', 'ne'],
  ['Esth', 'Esther', 'est es'],
  ['Job', 'Job', 'jb'],
  ['Ps', 'Psalms', 'psalm psa pss psm'],
  ['Prov', 'Proverbs', 'pro prv pr'],
  ['Eccl', 'Ecclesiastes', 'ecc ec eccles qoheleth'],
  ['Song', 'Song of Solomon', 'songofsongs canticles canticleofcanticles sos ssol cant'],
  ['Isa', 'Isaiah', 'is'],
  ['Jer', 'Jeremiah', 'je jr'],
  ['Lam', 'Lamentations', 'la'],
  ['Ezek', 'Ezekiel', 'eze ezk'],
  ['Dan', 'Daniel', 'da dn'],
  ['Hos', 'Hosea', 'ho'],
  ['Joel', 'Joel', 'jl'],
  ['Amos', 'Amos', 'am'],
  ['Obad', 'Obadiah', 'ob oba'],
  ['Jonah', 'Jonah', 'jon jnh'],
  ['Mic', 'Micah', 'mi mc'],
  ['Nah', 'Nahum', 'na'],
  ['Hab', 'Habakkuk', 'hb'],
  ['Zeph', 'Zephaniah', 'zep zp'],
  ['Hag', 'Haggai', 'hg'],
  ['Zech', 'Zechariah', 'zec zc'],
  ['Mal', 'Malachi', 'ml'],
  ['Matt', 'Matthew', 'mt mat'],
  ['Mark', 'Mark', 'mk mr mrk'],
  ['Luke', 'Luke', 'lk luk'],
  ['John', 'John', 'jn jhn'],
  ['Acts', 'Acts', 'ac act actsoftheapostles'],
  ['Rom', 'Romans', 'ro rm'],
  ['1Cor', '1 Corinthians', '1co'],
  ['2Cor', '2 Corinthians', '2co'],
  ['Gal', 'Galatians', 'ga'],
  ['Eph', 'Ephesians', 'ephes'],
  ['Phil', 'Philippians', 'php pp'],
  ['Col', 'Colossians', ''],
  ['1Thess', '1 Thessalonians', '1th 1thes'],
  ['2Thess', '2 Thessalonians', '2th 2thes'],
  ['1Tim', '1 Timothy', '1ti'],
  ['2Tim', '2 Timothy', '2ti'],
  ['Titus', 'Titus', 'tit'],
  ['Phlm', 'Philemon', 'philem phm'],
  ['Heb', 'Hebrews', 'he'],
  ['Jas', 'James', 'jm'],
  ['1Pet', '1 Peter', '1pe 1pt 1p'],
  ['2Pet', '2 Peter', '2pe 2pt 2p'],
  ['1John', '1 John', '1jn 1jo 1jhn'],
  ['2John', '2 John', '2jn 2jo 2jhn'],
  ['3John', '3 John', '3jn 3jo 3jhn'],
  ['Jude', 'Jude', 'jd'],
  ['Rev', 'Revelation', 're rv revelations apocalypse revelationofjohn'],
];

const OT_BOOKS = 39;

export const BIBLE_BOOKS: readonly BibleBook[] = BOOKS.map(([osisAbbrev, name], i) => {
  const verses = VERSE_COUNTS[osisAbbrev];
  if (!verses) throw new Error(`bible-canon.ts has no verse counts for ${osisAbbrev}`);
  const testament: Testament = i < OT_BOOKS ? 'OT' : 'NT';
  return { osisAbbrev, name, testament, chapters: verses.length, verses };
});

/** Normalises a book name for lookup: lower case, no dots or spaces, ordinals as digits. */
export function bookKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\./g, ' ')
    .trim()
    .replace(/^the\s+/, '')
    .replace(/^(iii|third|3rd)\s+|^3rd/, '3')
    .replace(/^(ii|second|2nd)\s+|^2nd/, '2')
    .replace(/^(i|first|1st)\s+|^1st/, '1')
    .replace(/\s+/g, '');
}

/** Per OSIS code, the English names a reader may type: display name, OSIS code, other spellings. */
export const ENGLISH_BOOK_NAMES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  BOOKS.map(([osis, name, extra]) => [osis, [name, osis, ...extra.split(' ').filter(Boolean)]]),
);

/** Book index by lookup key: OSIS codes, display names and the extra spellings. */
const indexByKey = new Map<string, number>();
BOOKS.forEach(([osis], i) => {
  for (const alias of ENGLISH_BOOK_NAMES[osis] ?? []) indexByKey.set(bookKey(alias), i);
});
const nameKeys = BOOKS.map(([, name]) => bookKey(name));

function bookIndex(nameOrAbbrev: string): number | undefined {
  const key = bookKey(nameOrAbbrev);
  const exact = indexByKey.get(key);
  if (exact !== undefined || key.length < 3) return exact;
  // Otherwise accept an unambiguous start of a full name ('Deuteron', 'Philipp').
  const matches = nameKeys.flatMap((name, i) => (name.startsWith(key) ? [i] : []));
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * A book's segment in site paths (`/sermons/scripture/{slug}/…`): its English name as a slug,
 * 'Song of Solomon' → 'song-of-solomon'. Pages link to it, other spellings redirect to it, and
 * the sitemaps list it.
 */
export function bookSlug(bookName: string): string {
  return slugify(bookName);
}

/** The book with this OSIS code (case-insensitive). */
export function bookByOsis(abbrev: string): BibleBook | undefined {
  const lower = abbrev.toLowerCase();
  return BIBLE_BOOKS.find((book) => book.osisAbbrev.toLowerCase() === lower);
}

/** The book named by an OSIS code, full name or common abbreviation/variant (case-insensitive). */
export function findBook(nameOrAbbrev: string): BibleBook | undefined {
  const i = bookIndex(nameOrAbbrev);
  return i === undefined ? undefined : BIBLE_BOOKS[i];
}

/**
 * Builds a reference after checking it against the canon; null when out of range. Without
 * `verseEnd`, a verse range runs to `verseStart` (same chapter) or to the end of `chapterEnd`.
 */
export function makeReference(
  osisAbbrev: string,
  chapter: number,
  verseStart: number | null = null,
  chapterEnd: number = chapter,
  verseEnd?: number | null,
): BibleReference | null {
  const book = bookByOsis(osisAbbrev);
  if (!book) return null;
  const versesIn = (c: number) => book.verses[c - 1] ?? 0;
  if (verseEnd === undefined) {
    verseEnd = verseStart === null ? null : chapterEnd === chapter ? verseStart : versesIn(chapterEnd);
  }
  if (!Number.isInteger(chapter) || !Number.isInteger(chapterEnd)) return null;
  if (chapter < 1 || chapterEnd < chapter || chapterEnd > book.chapters) return null;
  if ((verseStart === null) !== (verseEnd === null)) return null;
  if (verseStart !== null && verseEnd !== null) {
    if (!Number.isInteger(verseStart) || !Number.isInteger(verseEnd)) return null;
    if (verseStart < 1 || verseStart > versesIn(chapter)) return null;
    if (verseEnd < 1 || verseEnd > versesIn(chapterEnd)) return null;
    if (chapterEnd === chapter && verseEnd < verseStart) return null;
  }
  return {
    osisAbbrev: book.osisAbbrev,
    bookIndex: BIBLE_BOOKS.indexOf(book),
    chapter,
    verseStart,
    chapterEnd,
    verseEnd,
  };
}

// One comma/semicolon-separated part: optional book name, then a chapter/verse spec.
const PART = /^((?:[1-3]\s*|(?:iii|ii|i|1st|2nd|3rd|first|second|third)\s+)?[a-z][a-z.' ]*?)?\s*(\d.*)?$/i;
// `C`, `C-C2`, `C:V`, `C:V-V2`, `C:V-C2:V2` (also `C.V`; verse suffixes like 16a/16ff ignored).
const SPEC = /^(\d+)(?:[:.](\d+)[a-z]*)?(?:\s*[-–—]\s*(\d+)[a-z]*(?:[:.](\d+)[a-z]*)?)?$/i;

type Context = { book: BibleBook; chapter: number; verses: boolean };

function parsePart(spec: string | undefined, ctx: Context, verseList: boolean) {
  const { book } = ctx;
  // A bare book name is the whole book.
  if (spec === undefined) return makeReference(book.osisAbbrev, 1, null, book.chapters);
  const m = SPEC.exec(spec.trim());
  if (!m) return null;
  const [a, b, c, d] = [m[1], m[2], m[3], m[4]].map((n) => (n === undefined ? null : Number(n)));
  if (a == null) return null;
  // A bare number after 'John 3:16, ' is another verse.
  if (verseList && b == null && d == null) return makeReference(book.osisAbbrev, ctx.chapter, a, ctx.chapter, c ?? a);
  return referenceIn(book, a, b ?? null, c ?? null, d ?? null);
}

/**
 * The passage that `a[:b][-c[:d]]` names in a book ('John 3:16-21', 'Matthew 5-7', 'Genesis 1:1-2:3');
 * null when outside the canon.
 */
export function referenceIn(
  book: BibleBook,
  a: number,
  b: number | null,
  c: number | null,
  d: number | null,
): BibleReference | null {
  // In a one-chapter book ('Jude 3') a bare number is a verse, except a lone 1, which names the whole book.
  if (b == null && d == null && book.chapters === 1 && (a > 1 || c != null)) {
    return makeReference(book.osisAbbrev, 1, a, 1, c ?? a);
  }
  if (b == null) {
    // 'Matthew 5-7', or 'Genesis 1-2:3' meaning from the start of chapter 1.
    if (d == null) return makeReference(book.osisAbbrev, a, null, c ?? a);
    return makeReference(book.osisAbbrev, a, 1, c ?? a, d);
  }
  if (d != null) return makeReference(book.osisAbbrev, a, b, c ?? a, d); // 'Gen 1:1-2:3'
  return makeReference(book.osisAbbrev, a, b, a, c ?? b); // 'John 3:16-21'
}

/**
 * Parses free-text Bible references ('John 3:16-21; Romans 5:1', 'Psalm 23', 'Rom 8:28, 31').
 * Unknown books and references outside the canon are dropped; never throws.
 */
export function parseBibleText(text: string): BibleReference[] {
  const refs: BibleReference[] = [];
  if (typeof text !== 'string') return refs;
  let ctx: Context | null = null;
  let separator = ';';
  // Keep the separators: after ',' a bare number continues a verse list.
  const tokens = text.replace(/\s*&\s*|\s+and\s+/gi, ',').split(/([;,\n])/);
  for (let i = 0; i < tokens.length; i += 2) {
    const part = (tokens[i] ?? '').trim().replace(/\.+$/, ''); // 'John 3:16.'
    const m = part ? PART.exec(part) : null;
    if (m) {
      const [, name, spec] = m;
      if (name?.trim()) {
        const book = findBook(name);
        ctx = book ? { book, chapter: 1, verses: false } : null;
        if (ctx) push(parsePart(spec, ctx, false));
      } else if (ctx && spec) {
        push(parsePart(spec, ctx, separator === ',' && ctx.verses && !/[:.]/.test(spec)));
      }
    }
    separator = tokens[i + 1] ?? ';';
  }
  return refs;

  function push(ref: BibleReference | null) {
    if (!ref || !ctx) return;
    refs.push(ref);
    ctx.chapter = ref.chapterEnd;
    ctx.verses = ref.verseEnd !== null;
  }
}

/** Human-readable form, e.g. 'John 3:16-21', 'Psalm 23', 'Genesis 1:1-2:3'. */
export function formatReference(ref: BibleReference): string {
  const book = BIBLE_BOOKS[ref.bookIndex];
  // A single psalm reads 'Psalm 23', not 'Psalms 23'.
  const single = ref.chapter === ref.chapterEnd;
  const name = book?.osisAbbrev === 'Ps' && single ? 'Psalm' : (book?.name ?? ref.osisAbbrev);
  const { chapter: c, verseStart: vs, chapterEnd: ce, verseEnd: ve } = ref;
  if (vs === null || ve === null) return single ? `${name} ${c}` : `${name} ${c}-${ce}`;
  if (!single) return `${name} ${c}:${vs}-${ce}:${ve}`;
  return vs === ve ? `${name} ${c}:${vs}` : `${name} ${c}:${vs}-${ve}`;
}

/**
 * A Bible text (references as formatReference writes them, joined by '; ') with each book named
 * by `nameOf` ('Psalm' asked as 'psalm' for a single psalm), e.g. in a reader's language; undefined
 * when the text is not in that form, so a caller keeps it as it is rather than lose any of it.
 */
export function renameBooks(text: string, nameOf: (osisAbbrev: string | 'psalm') => string): string | undefined {
  const refs = parseBibleText(text);
  const english = refs.map(formatReference);
  if (refs.length === 0 || english.join('; ') !== text) return undefined;
  return refs
    .map((ref, i) => {
      const reference = english[i] ?? '';
      const single = ref.osisAbbrev === 'Ps' && ref.chapter === ref.chapterEnd;
      // Chapter and verses come last, after the book's name.
      return nameOf(single ? 'psalm' : ref.osisAbbrev) + reference.slice(reference.lastIndexOf(' '));
    })
    .join('; ');
}
