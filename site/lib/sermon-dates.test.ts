import { describe, expect, it } from 'vitest';
import { dateLabel, formatYear } from './sermon-dates.ts';

describe('date headings in the reader language', () => {
  it('writes a year alone as the language does', () => {
    expect(formatYear(2026, 'en')).toBe('2026');
    expect(formatYear(2026, 'ko')).toBe('2026년');
    expect(formatYear(2026, 'zh-Hans')).toBe('2026年');
    expect(dateLabel({ year: 2026 }, 'ko')).toBe('2026년');
    expect(dateLabel({ year: 2026, month: 10 }, 'en')).toBe('October 2026');
  });
});
