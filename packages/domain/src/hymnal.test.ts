import { describe, expect, it } from 'vitest';
import { hymnListQuery, hymnSort, meterKey, meterName, psalmId } from './hymnal.ts';

describe('metres', () => {
  it('reads the numbers of either source, dotted', () => {
    expect(meterKey('8 6 8 6')).toBe('8.6.8.6');
    expect(meterKey('8,6,8,6')).toBe('8.6.8.6');
    expect(meterKey('10 10 10 10')).toBe('10.10.10.10');
    expect(meterKey('8.7.8.7')).toBe('8.7.8.7');
  });

  it('reads named metres, doubled with D. or by the number of lines', () => {
    expect(meterKey('C.M.')).toBe('8.6.8.6');
    expect(meterKey('CM')).toBe('8.6.8.6');
    expect(meterKey('C.M.D.')).toBe('8.6.8.6.8.6.8.6');
    expect(meterKey('C.M.', 8)).toBe('8.6.8.6.8.6.8.6');
    expect(meterKey('S.M.', 4)).toBe('6.6.8.6');
    expect(meterKey('L.M.', 6)).toBe('8.8.8.8.8.8');
    expect(meterKey('C.P.M', 6)).toBe('8.8.6.8.8.6');
    expect(meterKey('H.M.', 6)).toBe('6.6.6.6.8.8');
  });

  it("reads the 1912 Psalter's '7s' and '8s and 7s' from the stanza's lines", () => {
    expect(meterKey('7s', 4)).toBe('7.7.7.7');
    expect(meterKey('7s', 6)).toBe('7.7.7.7.7.7');
    expect(meterKey('8s and 7s', 8)).toBe('8.7.8.7.8.7.8.7');
    expect(meterKey('7s and 6s', 8)).toBe('7.6.7.6.7.6.7.6');
    // Not regular, or not enough to tell: no metre, so no tune is offered.
    expect(meterKey('7s')).toBeNull();
    expect(meterKey('10s and 4s', 6)).toBeNull();
    expect(meterKey('C.M.', 9)).toBeNull();
    expect(meterKey('8s, 7s, 4', 6)).toBeNull();
    expect(meterKey('Irregular')).toBeNull();
    expect(meterKey('8 7 8 8 Alleluia4')).toBeNull();
    expect(meterKey('8.7.8.7 Iambic')).toBeNull();
  });

  it('names the common metres', () => {
    expect(meterName('8.6.8.6')).toBe('C.M.');
    expect(meterName('6.6.8.6.6.6.8.6')).toBe('S.M.D.');
    expect(meterName('7.7.7.7')).toBeNull();
    expect(meterName(null)).toBeNull();
  });
});

describe('ids and sorts', () => {
  it('names psalms by the 1912 number, or scottish-{psalm} with -2 for a second version', () => {
    expect(psalmId('1912', 53)).toBe('53');
    expect(psalmId('1650', 23)).toBe('scottish-23');
    expect(psalmId('1650', 6, 'first')).toBe('scottish-6');
    expect(psalmId('1650', 6, 'second')).toBe('scottish-6-2');
  });

  it('sorts searches by relevance and lists alphabetically unless asked; unknown sorts are the default', () => {
    expect(hymnSort(undefined, false)).toBe('alphabetical');
    expect(hymnSort(undefined, true)).toBe('relevance');
    expect(hymnSort('popular', true)).toBe('popular');
    expect(hymnSort('relevance', false)).toBe('alphabetical');
    expect(hymnSort('loudest', false)).toBe('alphabetical');
  });

  it('validates list queries: search length, page size, psalm number', () => {
    expect(hymnListQuery.safeParse({ searchKeyword: 'ab' }).success).toBe(false);
    expect(hymnListQuery.safeParse({ pageSize: '1000', psalter: 'true', psalm: '150' }).data).toMatchObject({
      pageSize: 1000,
      psalter: true,
      psalm: 150,
    });
    expect(hymnListQuery.safeParse({ psalm: '151' }).success).toBe(false);
  });
});
