import { describe, expect, it } from 'vitest';
import { keepsScroll } from './scroll-rules.ts';

describe('keepsScroll (spec §2 navigation)', () => {
  it('keeps the position within the same page (another filter, sort or page of it)', () => {
    expect(keepsScroll('/sermons', '/sermons')).toBe(true);
    expect(keepsScroll('/de/search', '/de/search')).toBe(true);
  });

  it('keeps it between the tabs of a speaker or broadcaster page, in any language', () => {
    expect(keepsScroll('/speakers/12', '/speakers/12/series')).toBe(true);
    expect(keepsScroll('/de/speakers/12/sermons', '/de/speakers/12/series')).toBe(true);
    expect(keepsScroll('/broadcasters/gracechurch/sermons', '/broadcasters/gracechurch')).toBe(true);
  });

  it('keeps it between the lists of a directory, and within one list', () => {
    expect(keepsScroll('/sermons', '/sermons/featured')).toBe(true);
    expect(keepsScroll('/sermons/videos', '/sermons/staff-picks')).toBe(true);
    expect(keepsScroll('/sermons/date/2024', '/sermons/date/2024/3')).toBe(true);
    expect(keepsScroll('/speakers/alphabetical/a', '/speakers/alphabetical/b')).toBe(true);
    expect(keepsScroll('/fr/broadcasters/state/PA', '/fr/broadcasters/usa')).toBe(true);
  });

  it('keeps it between hymnal and psalter, and news and release notes', () => {
    expect(keepsScroll('/hymnal', '/psalter')).toBe(true);
    expect(keepsScroll('/ko/release-notes', '/ko/news')).toBe(true);
    expect(keepsScroll('/hymnal', '/news')).toBe(false);
  });

  it('starts at the top everywhere else', () => {
    expect(keepsScroll('/speakers', '/speakers/12')).toBe(false);
    expect(keepsScroll('/speakers/12', '/speakers/13')).toBe(false);
    expect(keepsScroll('/speakers/12/series', '/broadcasters/gracechurch/series')).toBe(false);
    expect(keepsScroll('/sermons/featured', '/sermons/1234')).toBe(false);
    expect(keepsScroll('/sermons/1234', '/sermons/1235')).toBe(false);
    expect(keepsScroll('/sermons', '/speakers')).toBe(false);
    expect(keepsScroll('/', '/sermons')).toBe(false);
  });
});
