import { describe, expect, it } from 'vitest';
import { chartColumns } from './chart-data.ts';

describe('the recent activity chart', () => {
  it('has one point a day up to the last, days without activity at zero', () => {
    const [times, plays, downloads] = chartColumns(
      [
        { date: '2026-11-30', plays: 5, downloads: 1 },
        { date: '2026-12-02', plays: 7, downloads: 0 },
        { date: '2026-10-01', plays: 99, downloads: 99 },
      ],
      '2026-12-02',
      4,
    );
    expect(times.map((s) => new Date(s * 1000).toISOString().slice(0, 10))).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(plays).toEqual([0, 5, 0, 7]);
    expect(downloads).toEqual([0, 1, 0, 0]);
  });
});
