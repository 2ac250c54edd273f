import { describe, expect, it } from 'vitest';
import {
  compareText,
  easternDay,
  formatAdStat,
  formatCompact,
  formatDate,
  formatDateTime,
  formatDuration,
  formatFileSize,
  formatNumber,
  formatPlays,
  formatSnippetCount,
  formatTotal,
  isoDuration,
  percentages,
  roundPlays,
  sermonCountTier,
} from './format.ts';

describe('formatCompact (K/M/B/T)', () => {
  it('leaves small counts alone', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(7)).toBe('7');
    expect(formatCompact(999)).toBe('999');
  });

  it('uses K, M, B and T with one decimal', () => {
    expect(formatCompact(1000)).toBe('1K');
    expect(formatCompact(1234)).toBe('1.2K');
    expect(formatCompact(12_345)).toBe('12.3K');
    expect(formatCompact(999_999)).toBe('999.9K');
    expect(formatCompact(1_000_000)).toBe('1M');
    expect(formatCompact(2_100_000)).toBe('2.1M');
    expect(formatCompact(3_000_000_000)).toBe('3B');
    expect(formatCompact(4_560_000_000_000)).toBe('4.5T');
  });

  it('truncates instead of rounding up', () => {
    expect(formatCompact(1999)).toBe('1.9K');
    expect(formatCompact(1100)).toBe('1.1K');
  });

  it('follows the decimal separator of the locale, not its suffixes', () => {
    expect(formatCompact(1234, 'de')).toBe('1,2K');
    expect(formatCompact(2_500_000, 'fr')).toBe('2,5M');
  });

  it('takes the number of decimals', () => {
    expect(formatCompact(123_456, 'en', 0)).toBe('123K');
    expect(formatCompact(-1500)).toBe('-1.5K');
  });
});

describe('formatTotal (10k+)', () => {
  it('is exact below 10,000', () => {
    expect(formatTotal(0)).toBe('0');
    expect(formatTotal(9999)).toBe('9,999');
    expect(formatTotal(3393, 'de')).toBe('3.393');
  });

  it("shows '10k+' at 10,000 and above", () => {
    expect(formatTotal(10_000)).toBe('10k+');
    expect(formatTotal(2_100_000, 'de')).toBe('10k+');
  });
});

describe('play counts', () => {
  it('rounds to the nearest 100, exact below 100', () => {
    expect(roundPlays(0)).toBe(0);
    expect(roundPlays(87)).toBe(87);
    expect(roundPlays(100)).toBe(100);
    expect(roundPlays(149)).toBe(100);
    expect(roundPlays(150)).toBe(200);
    expect(roundPlays(1249)).toBe(1200);
    expect(roundPlays(-5)).toBe(0);
  });

  it('formats rounded then compact', () => {
    expect(formatPlays(87)).toBe('87');
    expect(formatPlays(949)).toBe('900');
    expect(formatPlays(1249)).toBe('1.2K');
    expect(formatPlays(1_234_567)).toBe('1.2M');
  });
});

describe('formatSnippetCount', () => {
  it("shows '100+' at 100 or more", () => {
    expect(formatSnippetCount(0)).toBe('0');
    expect(formatSnippetCount(99)).toBe('99');
    expect(formatSnippetCount(100)).toBe('100+');
    expect(formatSnippetCount(12_345)).toBe('100+');
  });
});

describe('formatAdStat', () => {
  it('has one decimal below 100,000 and none from there', () => {
    expect(formatAdStat(950)).toBe('950');
    expect(formatAdStat(12_345)).toBe('12.3K');
    expect(formatAdStat(99_999)).toBe('99.9K');
    expect(formatAdStat(123_456)).toBe('123K');
  });
});

describe('percentages', () => {
  it('sums to exactly 100', () => {
    expect(percentages([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentages([50, 30, 20])).toEqual([50, 30, 20]);
    const p = percentages([7, 13, 29, 1, 3]);
    expect(p.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('gives zeros without data', () => {
    expect(percentages([0, 0])).toEqual([0, 0]);
    expect(percentages([])).toEqual([]);
  });
});

describe('sermonCountTier', () => {
  it('uses the spec tiers', () => {
    expect(sermonCountTier(1)).toBe('1-100');
    expect(sermonCountTier(100)).toBe('1-100');
    expect(sermonCountTier(101)).toBe('100-250');
    expect(sermonCountTier(750)).toBe('500-1,000');
    expect(sermonCountTier(2000)).toBe('1,000-2,000');
    expect(sermonCountTier(3000)).toBe('2,000+');
  });
});

describe('durations', () => {
  it('formats h:mm:ss and m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(2525)).toBe('42:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(59.6)).toBe('1:00');
  });

  it('gives ISO 8601 durations', () => {
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(65)).toBe('PT1M5S');
    expect(isoDuration(3600)).toBe('PT1H');
    expect(isoDuration(3723)).toBe('PT1H2M3S');
  });
});

describe('download sizes', () => {
  it("shows megabytes with one decimal in the reader's language, nothing when unknown", () => {
    expect(formatFileSize(12_345_678, 'en')).toBe('12.3 MB');
    expect(formatFileSize(12_345_678, 'de')).toBe('12,3 MB');
    expect(formatFileSize(48_000_000, 'en')).toBe('48 MB');
    expect(formatFileSize(null, 'en')).toBeUndefined();
    expect(formatFileSize(0, 'en')).toBeUndefined();
  });
});

describe('dates per locale', () => {
  it('formats calendar dates without time-zone shifts', () => {
    expect(formatDate('2024-03-07', 'en')).toBe('Mar 7, 2024');
    expect(formatDate('2024-03-07', 'en-GB')).toBe('7 Mar 2024');
    expect(formatDate('2024-03-07', 'de', 'long')).toBe('7. März 2024');
    expect(formatDate('2024-01-01', 'fr', 'long')).toBe('1 janvier 2024');
    expect(formatDate('2024-03-07', 'ko')).toMatch(/^2024년 3월 7일$/);
    expect(formatDate('2024-03-07', 'zh-Hans')).toBe('2024年3月7日');
    // Days written out before are kept per language and style, not mixed up.
    expect(formatDate('2024-03-07', 'de')).toBe('7. März 2024');
    expect(formatDate('2024-03-07', 'de', 'long')).toBe('7. März 2024');
    expect(formatDate('2024-01-01', 'fr')).toBe('1 janv. 2024');
    expect(formatDate('2024-03-07', 'en')).toBe('Mar 7, 2024');
  });

  it('shows instants in US Eastern time', () => {
    // 2024-03-07T03:30:00Z is still 6 March in New York.
    const text = formatDateTime(Date.UTC(2024, 2, 7, 3, 30) / 1000, 'en');
    expect(text).toMatch(/^Mar 6, 2024, 10:30\s?PM$/);
  });

  it('groups numbers per locale', () => {
    expect(formatNumber(1_234_567, 'en')).toBe('1,234,567');
    expect(formatNumber(1_234_567, 'de')).toBe('1.234.567');
  });
});

describe('compareText', () => {
  it("sorts names in the reader's language", () => {
    const names = ['Zürich', 'Ávila', 'Oslo', 'Öland'];
    expect([...names].sort((a, b) => compareText(a, b, 'de'))).toEqual(['Ávila', 'Öland', 'Oslo', 'Zürich']);
    expect([...names].sort((a, b) => compareText(a, b, 'sv'))).toEqual(['Ávila', 'Oslo', 'Zürich', 'Öland']);
  });
});

describe('easternDay', () => {
  it('names the day on the site calendar (US Eastern), not in UTC', () => {
    // 2026-10-10 02:08 UTC is 22:08 on 9 October in New York (daylight time).
    expect(easternDay(Date.UTC(2026, 9, 10, 2, 8) / 1000)).toBe('2026-10-09');
    // 2026-01-15 04:59 UTC is 23:59 on the 14th (standard time); 05:00 is midnight of the 15th.
    expect(easternDay(Date.UTC(2026, 0, 15, 4, 59) / 1000)).toBe('2026-01-14');
    expect(easternDay(Date.UTC(2026, 0, 15, 5, 0) / 1000)).toBe('2026-01-15');
  });
});
