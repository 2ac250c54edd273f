import { searchText, withoutControls } from '@kerygma/domain/query';
import { describe, expect, it } from 'vitest';
import { sideQuery, trimPunctuation } from './search-text.ts';

describe('sideQuery', () => {
  it('drops quotes around words and punctuation at the ends, collapses spaces', () => {
    for (const q of ['"grace"', 'grace?', 'Grace!', 'grace,', '“grace”', '«grace»', '(grace)', '#grace', "'grace'"]) {
      expect(sideQuery(q).toLowerCase(), q).toBe('grace');
    }
    expect(sideQuery(' "amazing"   “grace”  ')).toBe('amazing grace');
    expect(sideQuery('„Gnade“ und Glaube.')).toBe('Gnade und Glaube');
    expect(sideQuery('「恩典」')).toBe('恩典');
  });

  it('keeps punctuation within the query and letters, marks and digits of every script', () => {
    expect(sideQuery('Charles H. Spurgeon')).toBe('Charles H. Spurgeon');
    expect(sideQuery('Hosea: The Prophet?')).toBe('Hosea: The Prophet');
    expect(sideQuery('"A/B Preacher"')).toBe('A/B Preacher');
    expect(sideQuery("Paul's letters")).toBe("Paul's letters");
    expect(sideQuery('"हिंदी"')).toBe('हिंदी');
    expect(sideQuery('Romans 8:28!')).toBe('Romans 8:28');
  });

  it('nothing but punctuation is empty', () => {
    expect(sideQuery('"?!"')).toBe('');
    expect(sideQuery('### ...')).toBe('');
  });
});

describe('trimPunctuation and withoutControls', () => {
  it('trims a word for the hashtags; control characters become spaces', () => {
    expect(trimPunctuation('#faith,')).toBe('faith');
    expect(withoutControls('grace\u0000church\ttoday')).toBe('grace church today');
    // Every search parameter of the API goes through searchText.
    expect(searchText.parse(' grace\u0000')).toBe('grace');
  });
});
