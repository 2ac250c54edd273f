import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  getLocale,
  isLocale,
  LOCALE_CODES,
  LOCALE_COOKIE,
  LOCALES,
  localeCookie,
  localeFromPath,
  localizePath,
  matchLocale,
  parseAcceptLanguage,
  pickLocale,
  readLocaleCookie,
} from './locales.ts';

describe('LOCALES', () => {
  it('lists the 13 spec locales in spec order', () => {
    expect(LOCALES.map((l) => l.code)).toEqual([
      'en',
      'gb',
      'es',
      'de',
      'km',
      'ko',
      'pt',
      'zh',
      'it',
      'fr',
      'ta',
      'te',
      'pl',
    ]);
    expect(LOCALE_CODES).toEqual(LOCALES.map((l) => l.code));
  });

  it('derives prefix and file from the code', () => {
    for (const l of LOCALES) {
      expect(l.prefix).toBe(l.code === 'en' ? '' : `/${l.code}`);
      expect(l.file).toBe(`${l.code}.json`);
      expect(l.dir).toBe('ltr');
      expect(l.name.length).toBeGreaterThan(0);
    }
  });

  it('keeps the spec quirks: gb is en-GB, te uses iso ta', () => {
    expect(getLocale('gb').iso).toBe('en-GB');
    expect(getLocale('te').iso).toBe('ta');
    expect(getLocale('de').name).toBe('Deutsch');
  });

  it('has English as default and the i18n_redirected cookie', () => {
    expect(DEFAULT_LOCALE).toBe('en');
    expect(LOCALE_COOKIE).toBe('i18n_redirected');
    expect(localeCookie('de')).toBe('i18n_redirected=de; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});

describe('isLocale', () => {
  it('accepts codes only', () => {
    expect(isLocale('de')).toBe(true);
    expect(isLocale('gb')).toBe(true);
    expect(isLocale('en-GB')).toBe(false);
    expect(isLocale('zz')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});

describe('localeFromPath', () => {
  it('splits a locale prefix', () => {
    expect(localeFromPath('/de/sermons')).toEqual({ locale: 'de', rest: '/sermons' });
    expect(localeFromPath('/zh/sermons/123?x=1')).toEqual({ locale: 'zh', rest: '/sermons/123?x=1' });
  });

  it('treats the bare prefix as the home page', () => {
    expect(localeFromPath('/de')).toEqual({ locale: 'de', rest: '/' });
    expect(localeFromPath('/de/')).toEqual({ locale: 'de', rest: '/' });
    expect(localeFromPath('/de?x=1')).toEqual({ locale: 'de', rest: '/?x=1' });
  });

  it('defaults to English without a prefix', () => {
    expect(localeFromPath('/sermons')).toEqual({ locale: 'en', rest: '/sermons' });
    expect(localeFromPath('/')).toEqual({ locale: 'en', rest: '/' });
    expect(localeFromPath('/desk')).toEqual({ locale: 'en', rest: '/desk' });
    expect(localeFromPath('/en/sermons')).toEqual({ locale: 'en', rest: '/en/sermons' });
    expect(localeFromPath('/zz/sermons')).toEqual({ locale: 'en', rest: '/zz/sermons' });
  });
});

describe('localizePath', () => {
  it('adds, replaces and removes prefixes', () => {
    expect(localizePath('/sermons', 'de')).toBe('/de/sermons');
    expect(localizePath('/sermons', 'en')).toBe('/sermons');
    expect(localizePath('/fr/sermons', 'de')).toBe('/de/sermons');
    expect(localizePath('/fr/sermons', 'en')).toBe('/sermons');
    expect(localizePath('/', 'de')).toBe('/de');
    expect(localizePath('/', 'en')).toBe('/');
    expect(localizePath('/?q=1', 'ko')).toBe('/ko?q=1');
  });
});

describe('readLocaleCookie', () => {
  it('reads the locale cookie from a cookie header', () => {
    expect(readLocaleCookie('a=1; i18n_redirected=de; b=2')).toBe('de');
    expect(readLocaleCookie('a=1')).toBeUndefined();
    expect(readLocaleCookie('')).toBeUndefined();
    expect(readLocaleCookie(undefined)).toBeUndefined();
  });
});

describe('parseAcceptLanguage / matchLocale', () => {
  it('orders by q and drops q=0 and *', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-CH, *;q=0.1, en;q=0.8, pl;q=0')).toEqual(['de-CH', 'en', 'fr']);
  });

  it('matches on code, iso, then primary subtag', () => {
    expect(matchLocale('de')).toBe('de');
    expect(matchLocale('en-GB')).toBe('gb');
    expect(matchLocale('en-US')).toBe('en');
    expect(matchLocale('pt-BR')).toBe('pt');
    expect(matchLocale('zh-Hans-CN')).toBe('zh');
    expect(matchLocale('te-IN')).toBe('te');
    expect(matchLocale('ta')).toBe('ta');
    expect(matchLocale('zz')).toBeUndefined();
  });
});

describe('pickLocale', () => {
  it('lets a valid cookie win', () => {
    expect(pickLocale({ cookie: 'fr', acceptLanguage: 'de-CH,de;q=0.9' })).toBe('fr');
    expect(pickLocale({ cookie: 'en', acceptLanguage: 'de' })).toBe('en');
  });

  it('ignores an invalid cookie', () => {
    expect(pickLocale({ cookie: 'xx', acceptLanguage: 'ko' })).toBe('ko');
  });

  it('follows browser languages in q order', () => {
    expect(pickLocale({ acceptLanguage: 'de-CH,de;q=0.9,en;q=0.8' })).toBe('de');
    expect(pickLocale({ acceptLanguage: 'en-GB' })).toBe('gb');
    expect(pickLocale({ acceptLanguage: 'zz, it;q=0.2, fr;q=0.7' })).toBe('fr');
    expect(pickLocale({ acceptLanguage: ['zz', 'pl-PL', 'en'] })).toBe('pl');
  });

  it('falls back to English', () => {
    expect(pickLocale({ acceptLanguage: 'zz' })).toBe('en');
    expect(pickLocale({})).toBe('en');
    expect(pickLocale({ cookie: null, acceptLanguage: null })).toBe('en');
  });
});
