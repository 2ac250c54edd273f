import { describe, expect, it } from 'vitest';
import { BIBLE_BOOKS, type BibleReference, bookByOsis, findBook, formatReference, parseBibleText } from './bible.ts';

const OSIS =
  'Gen Exod Lev Num Deut Josh Judg Ruth 1Sam 2Sam 1Kgs 2Kgs 1Chr 2Chr Ezra Neh Esth Job Ps Prov Eccl Song Isa Jer Lam Ezek Dan Hos Joel Amos Obad Jonah Mic Nah Hab Zeph Hag Zech Mal Matt Mark Luke John Acts Rom 1Cor 2Cor Gal Eph Phil Col 1Thess 2Thess 1Tim 2Tim Titus Phlm Heb Jas 1Pet 2Pet 1John 2John 3John Jude Rev'.split(
    ' ',
  );

/** Shorthand for expected references. */
function ref(
  osisAbbrev: string,
  chapter: number,
  verseStart: number | null,
  chapterEnd: number,
  verseEnd: number | null,
): BibleReference {
  return {
    osisAbbrev,
    bookIndex: OSIS.indexOf(osisAbbrev),
    chapter,
    verseStart,
    chapterEnd,
    verseEnd,
  };
}

describe('canon', () => {
  it('has the 66 books in OSIS order with the KJV totals', () => {
    expect(BIBLE_BOOKS.map((b) => b.osisAbbrev)).toEqual(OSIS);
    expect(BIBLE_BOOKS.reduce((n, b) => n + b.chapters, 0)).toBe(1189);
    expect(BIBLE_BOOKS.flatMap((b) => b.verses).reduce((n, v) => n + v, 0)).toBe(31102);
    expect(BIBLE_BOOKS.filter((b) => b.testament === 'OT')).toHaveLength(39);
    expect(BIBLE_BOOKS.at(39)?.name).toBe('Matthew');
    for (const b of BIBLE_BOOKS) expect(b.verses).toHaveLength(b.chapters);
  });

  it('knows individual chapters', () => {
    expect(bookByOsis('Ps')?.chapters).toBe(150);
    expect(bookByOsis('Ps')?.verses[118]).toBe(176);
    expect(bookByOsis('3John')).toMatchObject({ name: '3 John', chapters: 1, verses: [14] });
    expect(bookByOsis('Gen')?.verses[0]).toBe(31);
    expect(bookByOsis('Rev')).toMatchObject({ name: 'Revelation', testament: 'NT', chapters: 22 });
  });
});

describe('bookByOsis', () => {
  it('is case-insensitive and only takes OSIS codes', () => {
    expect(bookByOsis('gen')?.name).toBe('Genesis');
    expect(bookByOsis('1JOHN')?.name).toBe('1 John');
    expect(bookByOsis('Genesis')).toBeUndefined();
  });
});

describe('findBook', () => {
  it.each([
    ['Gen', 'Gen'],
    ['Genesis', 'Gen'],
    ['genesis', 'Gen'],
    ['Ps', 'Ps'],
    ['Psalm', 'Ps'],
    ['Psalms', 'Ps'],
    ['Song of Songs', 'Song'],
    ['Song of Solomon', 'Song'],
    ['Canticles', 'Song'],
    ['1 Cor', '1Cor'],
    ['1Cor', '1Cor'],
    ['1 Cor.', '1Cor'],
    ['I Corinthians', '1Cor'],
    ['II Kings', '2Kgs'],
    ['Second Samuel', '2Sam'],
    ['1st John', '1John'],
    ['3rd John', '3John'],
    ['III John', '3John'],
    ['Rev', 'Rev'],
    ['Revelation', 'Rev'],
    ['Revelations', 'Rev'],
    ['Matt', 'Matt'],
    ['Mt', 'Matt'],
    ['Jn', 'John'],
    ['Phil', 'Phil'],
    ['Philem', 'Phlm'],
    ['Isaiah', 'Isa'],
    ['Deuteron', 'Deut'],
  ])('%s → %s', (name, osis) => {
    expect(findBook(name)?.osisAbbrev).toBe(osis);
  });

  it('finds every book by its OSIS code and name', () => {
    for (const b of BIBLE_BOOKS) {
      expect(findBook(b.osisAbbrev)).toBe(b);
      expect(findBook(b.name.toUpperCase())).toBe(b);
    }
  });

  it('rejects unknown and ambiguous names', () => {
    expect(findBook('Hezekiah')).toBeUndefined();
    expect(findBook('Jud')).toBeUndefined(); // Judges or Jude
    expect(findBook('')).toBeUndefined();
  });
});

describe('parseBibleText', () => {
  it.each<[string, BibleReference[]]>([
    ['John 3:16-21; Romans 5:1', [ref('John', 3, 16, 3, 21), ref('Rom', 5, 1, 5, 1)]],
    ['Psalm 23', [ref('Ps', 23, null, 23, null)]],
    ['1 Cor 13:1-13', [ref('1Cor', 13, 1, 13, 13)]],
    ['Genesis 1:1-2:3', [ref('Gen', 1, 1, 2, 3)]],
    ['Matthew 5-7', [ref('Matt', 5, null, 7, null)]],
    ['Rom 8:28, 31', [ref('Rom', 8, 28, 8, 28), ref('Rom', 8, 31, 8, 31)]],
    ['Matthew 5, 7', [ref('Matt', 5, null, 5, null), ref('Matt', 7, null, 7, null)]],
    ['John 3:16; 4:1', [ref('John', 3, 16, 3, 16), ref('John', 4, 1, 4, 1)]],
    ['John 3:16, Romans 5:1-5', [ref('John', 3, 16, 3, 16), ref('Rom', 5, 1, 5, 5)]],
    ['Rom 8:28, 31-33.', [ref('Rom', 8, 28, 8, 28), ref('Rom', 8, 31, 8, 33)]],
    ['Ps 1 & 2', [ref('Ps', 1, null, 1, null), ref('Ps', 2, null, 2, null)]],
    ['I John 1:9', [ref('1John', 1, 9, 1, 9)]],
    ['Eph. 2:8–9', [ref('Eph', 2, 8, 2, 9)]],
    ['Luke 15:11-32a', [ref('Luke', 15, 11, 15, 32)]],
    ['Jude 3', [ref('Jude', 1, 3, 1, 3)]],
    ['3 John 1-4', [ref('3John', 1, 1, 1, 4)]],
    ['Jonah', [ref('Jonah', 1, null, 4, null)]],
  ])('%s', (text, expected) => {
    expect(parseBibleText(text)).toEqual(expected);
  });

  it('drops unknown books and references outside the canon without throwing', () => {
    expect(parseBibleText('Hezekiah 1:1')).toEqual([]);
    expect(parseBibleText('John 99:1')).toEqual([]);
    expect(parseBibleText('John 3:37')).toEqual([]);
    expect(parseBibleText('John 3:21-16')).toEqual([]);
    expect(parseBibleText('')).toEqual([]);
    expect(parseBibleText('; , 3:16 - :')).toEqual([]);
    expect(parseBibleText('Hezekiah 1:1; John 3:16')).toEqual([ref('John', 3, 16, 3, 16)]);
    expect(parseBibleText(undefined as unknown as string)).toEqual([]);
  });
});

describe('formatReference', () => {
  it.each([
    'John 3:16-21',
    'John 3:16',
    'Psalm 23',
    'Genesis 1:1-2:3',
    'Matthew 5-7',
    '1 Corinthians 13:1-13',
    'Song of Solomon 2:1',
  ])('%s', (text) => {
    const [parsed] = parseBibleText(text);
    expect(parsed && formatReference(parsed)).toBe(text);
  });
});
