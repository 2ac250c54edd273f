import { describe, expect, it } from 'vitest';
import { BIBLE_BOOKS } from './bible.ts';
import { PARATEXT_CODES, resolveBook } from './paratext.ts';

describe('Paratext book codes', () => {
  it('has one code per canon book', () => {
    expect(PARATEXT_CODES).toHaveLength(BIBLE_BOOKS.length);
    expect(new Set(PARATEXT_CODES).size).toBe(66);
  });
  it('resolves codes, OSIS abbreviations and names to the same book', () => {
    expect(resolveBook('JHN')?.book.osisAbbrev).toBe('John');
    expect(resolveBook('jhn')?.index).toBe(42);
    expect(resolveBook('John')?.index).toBe(42);
    expect(resolveBook('1 Corinthians')?.book.osisAbbrev).toBe('1Cor');
    expect(resolveBook('PSA')?.book.osisAbbrev).toBe('Ps');
    expect(resolveBook('Hezekiah')).toBeUndefined();
  });
});
