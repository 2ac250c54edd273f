import { describe, expect, it } from 'vitest';
import { devotionalDayAfter, devotionalDayBefore, devotionalQuery, isDevotionalDay } from './devotional.ts';

describe('the devotional year', () => {
  it('has 366 days, February 29 included', () => {
    let days = 0;
    for (let month = 1; month <= 12; month++)
      for (let day = 1; day <= 31; day++) if (isDevotionalDay(month, day)) days++;
    expect(days).toBe(366);
    expect(isDevotionalDay(2, 29)).toBe(true);
    expect(isDevotionalDay(2, 30)).toBe(false);
    expect(isDevotionalDay(4, 31)).toBe(false);
    expect(isDevotionalDay(0, 1)).toBe(false);
    expect(isDevotionalDay(13, 1)).toBe(false);
    expect(isDevotionalDay(1.5, 1)).toBe(false);
  });

  it('steps through February 29 and round the end of the year', () => {
    expect(devotionalDayAfter({ month: 2, day: 28 })).toEqual({ month: 2, day: 29 });
    expect(devotionalDayAfter({ month: 2, day: 29 })).toEqual({ month: 3, day: 1 });
    expect(devotionalDayAfter({ month: 12, day: 31 })).toEqual({ month: 1, day: 1 });
    expect(devotionalDayAfter({ month: 4, day: 30 })).toEqual({ month: 5, day: 1 });
    expect(devotionalDayBefore({ month: 3, day: 1 })).toEqual({ month: 2, day: 29 });
    expect(devotionalDayBefore({ month: 1, day: 1 })).toEqual({ month: 12, day: 31 });
    expect(devotionalDayBefore({ month: 5, day: 1 })).toEqual({ month: 4, day: 30 });
  });

  it('visits every day once going forward, and going back undoes it', () => {
    const seen = new Set<string>();
    let d = { month: 1, day: 1 };
    for (let i = 0; i < 366; i++) {
      seen.add(`${d.month}-${d.day}`);
      const next = devotionalDayAfter(d);
      expect(devotionalDayBefore(next)).toEqual(d);
      d = next;
    }
    expect(seen.size).toBe(366);
    expect(d).toEqual({ month: 1, day: 1 });
  });
});

describe('devotionalQuery', () => {
  it('takes a day and a type in any case', () => {
    expect(devotionalQuery.parse({ month: '2', day_of_month: '29', type: 'checkbook' })).toEqual({
      month: 2,
      day_of_month: 29,
      type: 'checkbook',
    });
    expect(devotionalQuery.parse({ month: '12', day_of_month: '31', type: 'PM' })).toEqual({
      month: 12,
      day_of_month: 31,
      type: 'pm',
    });
  });

  it('refuses what names no day or no type', () => {
    for (const q of [
      {},
      { month: '2' },
      { month: '2', day_of_month: '30' },
      { month: '4', day_of_month: '31' },
      { month: '13', day_of_month: '1' },
      { month: '0', day_of_month: '1' },
      { month: '1', day_of_month: '32' },
      { month: '1', day_of_month: '1.5' },
      { month: 'x', day_of_month: '1' },
      { month: '1', day_of_month: '1', type: 'noon' },
      { month: '1', day_of_month: '1' },
    ])
      expect(devotionalQuery.safeParse(q).success, JSON.stringify(q)).toBe(false);
  });
});
