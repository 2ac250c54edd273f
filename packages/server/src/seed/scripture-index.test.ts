import { describe, expect, it } from 'vitest';
import { scriptureIndex } from './scripture-index.ts';

describe('scriptureIndex', () => {
  it('gives one row per book and chapter, first_in_book on the first reference to each book', () => {
    const { rows, bibleSort } = scriptureIndex('John 3:16; Romans 5:8; John 1:1-5');
    expect(rows).toEqual([
      { bookIndex: 42, chapter: 3, verseStart: 16, verseEnd: 16, firstInBook: true },
      { bookIndex: 44, chapter: 5, verseStart: 8, verseEnd: 8, firstInBook: true },
      { bookIndex: 42, chapter: 1, verseStart: 1, verseEnd: 5, firstInBook: false },
    ]);
    expect(bibleSort).toBe(42_003_016);
  });

  it('splits ranges across chapters and merges references to one chapter', () => {
    expect(scriptureIndex('Genesis 1:26-2:3').rows).toEqual([
      { bookIndex: 0, chapter: 1, verseStart: 26, verseEnd: 31, firstInBook: true },
      { bookIndex: 0, chapter: 2, verseStart: 1, verseEnd: 3, firstInBook: false },
    ]);
    expect(scriptureIndex('Romans 8:28; Romans 8:31-39').rows).toEqual([
      { bookIndex: 44, chapter: 8, verseStart: 28, verseEnd: 39, firstInBook: true },
    ]);
    expect(scriptureIndex('Psalm 23; Psalm 23:1').rows).toEqual([
      { bookIndex: 18, chapter: 23, verseStart: null, verseEnd: null, firstInBook: true },
    ]);
  });

  it('sorts whole chapters before their verses and ignores text it cannot read', () => {
    expect(scriptureIndex('Psalm 23').bibleSort).toBe(18_023_000);
    expect(scriptureIndex('Revelation 22:21').bibleSort).toBe(65_022_021);
    expect(scriptureIndex(null)).toEqual({ rows: [], bibleSort: null });
    expect(scriptureIndex('Hezekiah 1:1')).toEqual({ rows: [], bibleSort: null });
  });
});
