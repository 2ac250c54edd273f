import { describe, expect, it } from 'vitest';
import { keepsScroll } from './scroll-rules.ts';

const keeps = (from: string, to: string) =>
  keepsScroll(new URL(from, 'https://kerygma.test'), new URL(to, 'https://kerygma.test'));

describe('keepsScroll (spec §2 navigation)', () => {
  it('keeps the position within the same page (another filter or sort of it)', () => {
    expect(keeps('/sermons', '/sermons')).toBe(true);
    expect(keeps('/sermons?page=2', '/sermons?page=2&sortBy=oldest')).toBe(true);
    expect(keeps('/sermons?languageCode=de', '/sermons?page=1')).toBe(true);
    expect(keeps('/de/search', '/de/search')).toBe(true);
  });

  it('keeps it between the tabs of a speaker or broadcaster page, in any language', () => {
    expect(keeps('/speakers/12', '/speakers/12/series')).toBe(true);
    expect(keeps('/de/speakers/12/sermons', '/de/speakers/12/series')).toBe(true);
    expect(keeps('/broadcasters/gracechurch/sermons', '/broadcasters/gracechurch')).toBe(true);
  });

  it('keeps it between the lists of a directory, and within one list', () => {
    expect(keeps('/sermons', '/sermons/featured')).toBe(true);
    expect(keeps('/sermons/videos', '/sermons/staff-picks')).toBe(true);
    expect(keeps('/sermons/date/2024', '/sermons/date/2024/3')).toBe(true);
    expect(keeps('/speakers/alphabetical/a', '/speakers/alphabetical/b')).toBe(true);
    expect(keeps('/fr/broadcasters/state/PA', '/fr/broadcasters/usa')).toBe(true);
  });

  it('keeps it between hymnal and psalter, and news and release notes', () => {
    expect(keeps('/hymnal', '/psalter')).toBe(true);
    expect(keeps('/ko/release-notes', '/ko/news')).toBe(true);
    expect(keeps('/hymnal', '/news')).toBe(false);
  });

  it('starts another page of a list at the top', () => {
    expect(keeps('/sermons', '/sermons?page=2')).toBe(false);
    expect(keeps('/de/speakers/12/sermons?page=3', '/de/speakers/12/sermons?page=2')).toBe(false);
  });

  it('starts at the top everywhere else', () => {
    expect(keeps('/speakers', '/speakers/12')).toBe(false);
    expect(keeps('/speakers/12', '/speakers/13')).toBe(false);
    expect(keeps('/speakers/12/series', '/broadcasters/gracechurch/series')).toBe(false);
    expect(keeps('/sermons/featured', '/sermons/1234')).toBe(false);
    expect(keeps('/sermons/1234', '/sermons/1235')).toBe(false);
    expect(keeps('/sermons', '/speakers')).toBe(false);
    expect(keeps('/', '/sermons')).toBe(false);
  });
});
