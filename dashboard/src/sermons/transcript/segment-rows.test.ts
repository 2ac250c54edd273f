import { describe, expect, it } from 'vitest';
import { checkRows, formatTime, parseTime, toRows } from './segment-rows.ts';

/** The transcript editor's times as a person types them, and what a save sends. */
describe("a transcript segment's times", () => {
  it('are written as minutes and seconds, hours when there are any, hundredths at most', () => {
    expect([0, 4.321, 9.5, 83.25, 600, 3723.5].map(formatTime)).toEqual([
      '0:00',
      '0:04.32',
      '0:09.5',
      '1:23.25',
      '10:00',
      '1:02:03.5',
    ]);
  });

  it('are read back from the ways people type them, and not from anything else', () => {
    expect(['0:04.32', '83.5', '1:23', '1:02:03.5', ' 12:05.5 '].map(parseTime)).toEqual([
      4.32, 83.5, 83, 3723.5, 725.5,
    ]);
    expect(['', 'soon', '1:75', '1:60:00', '-3', '1::2', '1:2:3:4'].map(parseTime)).toEqual(Array(7).fill(null));
  });

  it('keep their stored value when nobody edited them, so a save does not round what it did not change', () => {
    const saved = [{ start: 1.23456, end: 2.98765, text: 'Amen' }];
    expect(checkRows(toRows(saved), saved, 0)).toEqual({ segments: saved, problems: null });
  });
});
