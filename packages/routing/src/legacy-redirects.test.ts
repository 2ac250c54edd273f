import { describe, expect, it } from 'vitest';
import { legacyRedirect } from './legacy-redirects.ts';

const to = (path: string, search = '') => legacyRedirect(path, search)?.location;

describe('legacyRedirect', () => {
  it('answers 301', () => {
    expect(legacyRedirect('/sermoninfo.asp', '?SID=1')).toEqual({ status: 301, location: '/sermons/1' });
  });

  it('maps old sermon pages to /sermons/{id}', () => {
    expect(to('/sermoninfo.asp', '?SID=51202319240')).toBe('/sermons/51202319240');
    expect(to('/sermoninfo.asp', '?m=t&s=51202319240')).toBe('/sermons/51202319240');
    expect(to('/SermonInfo.asp', '?sid=42')).toBe('/sermons/42');
    expect(to('/sermon.asp', '?SID=42')).toBe('/sermons/42');
    expect(to('/playpopup.asp', '?SID=42')).toBe('/sermons/42');
    expect(to('/sermon/42')).toBe('/sermons/42');
    expect(to('/sermoninfo/42/')).toBe('/sermons/42');
  });

  it('sends old sermon pages without a usable id to the sermon list', () => {
    expect(to('/sermoninfo.asp')).toBe('/sermons');
    expect(to('/sermoninfo.asp', '?SID=abc')).toBe('/sermons');
    expect(to('/sermons.asp')).toBe('/sermons');
  });

  it('maps old series pages', () => {
    expect(to('/series.asp', '?seriesID=77')).toBe('/series/77');
    expect(to('/series.asp', '?id=77')).toBe('/series/77');
    expect(to('/series.asp', '?keyword=Romans')).toBe('/series');
    expect(to('/sermonseries/77')).toBe('/series/77');
  });

  it('maps podcast pages to the podcast series list', () => {
    for (const path of [
      '/podcast',
      '/podcasts',
      '/podcasts/',
      '/podcast.asp',
      '/podcasts.asp',
      '/podcasts/gracechurch/sermons',
    ])
      expect(to(path), path).toBe('/series/podcasts');
  });

  it("sends a podcast app's old subscription to the feed itself, in no language", () => {
    expect(to('/podcasts/gracechurch')).toBe('/feeds/broadcaster/gracechurch.rss');
    expect(to('/podcast/GraceChurch.xml')).toBe('/feeds/broadcaster/gracechurch.rss');
    expect(to('/podcasts/1234.rss')).toBe('/feeds/series/1234.rss');
    expect(to('/de/podcasts/1234.xml')).toBe('/feeds/series/1234.rss');
  });

  it('maps about, goj and learn', () => {
    expect(to('/about')).toBe('/articles-of-faith');
    expect(to('/aboutus.asp')).toBe('/articles-of-faith');
    expect(to('/goj')).toBe('/sermons/topics/gospel');
    expect(to('/GOJ.asp')).toBe('/sermons/topics/gospel');
    expect(to('/learn')).toBe('/broadcaster/sign-up');
    expect(to('/learnmore.asp')).toBe('/broadcaster/sign-up');
  });

  it('maps the sitemap, login and logout', () => {
    expect(to('/sitemap.xml')).toBe('/sitemap/index.xml');
    expect(to('/login')).toBe('/user/login');
    expect(to('/login/', '?next=%2Fsermons%2F1')).toBe('/user/login?next=%2Fsermons%2F1');
    expect(to('/logout')).toBe('/user/logout');
  });

  it('strips the English prefix that does not exist', () => {
    expect(to('/en')).toBe('/');
    expect(to('/en/')).toBe('/');
    expect(to('/en/sermons/1', '?autoplay=1')).toBe('/sermons/1?autoplay=1');
  });

  it('applies the rules behind the English prefix in one redirect', () => {
    expect(to('/en/login', '?next=%2Fsermons')).toBe('/user/login?next=%2Fsermons');
    expect(to('/en/sermon/123')).toBe('/sermons/123');
    expect(to('/en/sitemap.xml')).toBe('/sitemap/index.xml');
  });

  it('applies the rules under a language prefix and keeps it', () => {
    expect(to('/de/sermon/123')).toBe('/de/sermons/123');
    expect(to('/de/sermoninfo.asp', '?SID=7')).toBe('/de/sermons/7');
    expect(to('/pt/podcasts')).toBe('/pt/series/podcasts');
    expect(to('/de/login')).toBe('/de/user/login');
    // The sitemaps are not per language.
    expect(to('/de/sitemap.xml')).toBe('/sitemap/index.xml');
  });

  it('sends a path with a trailing slash to the path without it, query and language kept', () => {
    expect(to('/sermons/')).toBe('/sermons');
    expect(to('/sermons/date/2024/', '?page=2')).toBe('/sermons/date/2024?page=2');
    expect(to('/de/sermons//')).toBe('/de/sermons');
    expect(to('/de/')).toBe('/de');
  });

  it('marks a redirect that only tidies the address with the tidied path and locale (for the path mappings)', () => {
    expect(legacyRedirect('/de/old.asp/', '?x=1')?.tidied).toEqual({ locale: 'de', path: '/old.asp?x=1' });
    expect(legacyRedirect('/en/old.asp')?.tidied).toEqual({ locale: 'en', path: '/old.asp' });
    // A rule's own redirect is final.
    expect(legacyRedirect('/sermon/1/')?.tidied).toBeUndefined();
  });

  it('never answers with a location another host could be read from', () => {
    for (const path of ['//evil.com/', '/\\evil.com/', '/en//evil.com', '/en/\\evil.com', '/de//evil.com/']) {
      const location = to(path);
      if (location !== undefined) expect(location, path).toMatch(/^\/(?![/\\])/);
    }
  });

  it('leaves other paths alone', () => {
    for (const path of [
      '/',
      '/sermons',
      '/sermons/42',
      '/series/77',
      '/de',
      '/english',
      '/podcastsx',
      '/sitemap/index.xml',
      '/user/login',
    ])
      expect(legacyRedirect(path), path).toBeUndefined();
  });
});
