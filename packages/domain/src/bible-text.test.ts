import { describe, expect, it } from 'vitest';
import { loadBibleText, MAX_PASSAGE_VERSES, passage } from './bible-text.ts';

describe('loadBibleText', () => {
  it('reads all 31,102 verses once', () => {
    const text = loadBibleText();
    expect(text.size).toBe(31102);
    expect(loadBibleText()).toBe(text);
    expect(text.get('Rev.22.21')).toBe('The grace of our Lord Jesus Christ be with you all. Amen.');
  });
});

describe('passage', () => {
  it('returns single verses', () => {
    expect(passage('Gen', 1, 1)).toEqual({
      reference: 'Genesis 1:1',
      verses: [
        {
          book: 'Gen',
          chapter: 1,
          verse: 1,
          text: 'In the beginning God created the heaven and the earth.',
        },
      ],
      truncated: false,
    });
    expect(passage('John', 3, 16)?.verses[0]?.text).toBe(
      'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
    );
  });

  it('returns ranges and whole chapters', () => {
    const range = passage('john', 3, 16, 3, 21);
    expect(range?.reference).toBe('John 3:16-21');
    expect(range?.verses.map((v) => v.verse)).toEqual([16, 17, 18, 19, 20, 21]);

    const across = passage('Gen', 1, 1, 2, 3);
    expect(across?.reference).toBe('Genesis 1:1-2:3');
    expect(across?.verses).toHaveLength(34);

    expect(passage('Ps', 119)?.verses).toHaveLength(176);
    expect(passage('3John', 1)?.verses.at(-1)?.verse).toBe(14);
  });

  it(`stops at ${MAX_PASSAGE_VERSES} verses`, () => {
    const long = passage('Gen', 1, undefined, 50);
    expect(long?.verses).toHaveLength(MAX_PASSAGE_VERSES);
    expect(long?.truncated).toBe(true);
    expect(long?.reference).toBe('Genesis 1:1-8:16');
  });

  it('is null outside the canon', () => {
    expect(passage('Hezekiah', 1, 1)).toBeNull();
    expect(passage('John', 99, 1)).toBeNull();
    expect(passage('John', 3, 37)).toBeNull();
  });

  it('normalises whitespace', () => {
    expect(passage('Josh', 7, 2)?.verses[0]?.text).toContain('country. And the men');
  });
});
