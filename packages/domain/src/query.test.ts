import { describe, expect, it } from 'vitest';
import { durationFilter, searchText } from './query.ts';

describe('query parameters', () => {
  it('takes a duration as min or min-max seconds, and refuses one too large for the database', () => {
    expect(durationFilter.parse('600')).toEqual({ minSeconds: 600, maxSeconds: null });
    expect(durationFilter.parse('0-3600')).toEqual({ minSeconds: 0, maxSeconds: 3600 });
    for (const bad of ['99999999999999', '1-99999999999', '10-5', 'abc', '-5'])
      expect(durationFilter.safeParse(bad).success, bad).toBe(false);
  });

  it('takes a search word with control characters as spaces', () => {
    expect(searchText.parse(' grace\u0000church ')).toBe('grace church');
    expect(searchText.safeParse('ab\u0000').success).toBe(false);
  });
});
