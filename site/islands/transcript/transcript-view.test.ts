import { describe, expect, it } from 'vitest';
import { countFound, findPattern, markFound, segmentAt } from './transcript-view.ts';

const lines = [
  { start: 0, end: 4, text: 'In the beginning was the Word,' },
  { start: 4, end: 8, text: 'and the Word was with God.' },
  { start: 10, end: 15, text: 'Grace upon GRACE, and grace again.' },
];

describe('the sermon page’s transcript', () => {
  it('follows the line being played, through a pause before the next, none after the end', () => {
    expect(segmentAt(lines, 0)).toBe(0);
    expect(segmentAt(lines, 3.9)).toBe(0);
    expect(segmentAt(lines, 4)).toBe(1);
    expect(segmentAt(lines, 9)).toBe(1);
    expect(segmentAt(lines, 12)).toBe(2);
    expect(segmentAt(lines, 15)).toBe(-1);
    expect(segmentAt([{ start: 2, end: 3 }], 1)).toBe(-1);
    expect(segmentAt([], 5)).toBe(-1);
  });

  it('finds words case-insensitively, across any spaces, and marks every match', () => {
    const grace = findPattern(' grace ');
    expect(markFound(lines[2]?.text ?? '', grace)).toEqual([
      { text: 'Grace', match: true },
      { text: ' upon ', match: false },
      { text: 'GRACE', match: true },
      { text: ', and ', match: false },
      { text: 'grace', match: true },
      { text: ' again.', match: false },
    ]);
    expect(countFound(lines, grace)).toBe(3);
    expect(countFound(lines, findPattern('the   word'))).toBe(2);
    // The find's characters are words, never a pattern.
    expect(countFound(lines, findPattern('w.rd'))).toBe(0);
    expect(findPattern('   ')).toBeUndefined();
    expect(markFound('Amen', undefined)).toEqual([{ text: 'Amen', match: false }]);
  });
});
