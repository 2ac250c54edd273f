import { describe, expect, it } from 'vitest';
import {
  englishMessages,
  getTranslator,
  interpolate,
  loadMessages,
  lookup,
  messageKeys,
  missingKeys,
  placeholders,
  translator,
} from './t.ts';

describe('lookup', () => {
  it('follows dotted keys to strings only', () => {
    expect(lookup(englishMessages, 'nav.sermons')).toBe('Sermons');
    expect(lookup(englishMessages, 'error.ad.AD_TITLE_TOO_LONG')).toBe('The title is too long.');
    expect(lookup(englishMessages, 'nav')).toBeUndefined();
    expect(lookup(englishMessages, 'nav.sermons.x')).toBeUndefined();
    expect(lookup(englishMessages, 'nope')).toBeUndefined();
    expect(lookup(englishMessages, 'toString')).toBeUndefined();
  });
});

describe('interpolate / placeholders', () => {
  it('replaces known placeholders and keeps unknown ones', () => {
    expect(interpolate('Page {page}', { page: 2 })).toBe('Page 2');
    expect(interpolate('{type} {value} not found', { type: 'Speaker', value: 'x' })).toBe('Speaker x not found');
    expect(interpolate('Page {page}', {})).toBe('Page {page}');
    expect(interpolate('Page {page}')).toBe('Page {page}');
  });

  it('lists placeholders', () => {
    expect(placeholders('{type} {value} not found {type}')).toEqual(['type', 'value']);
    expect(placeholders('none')).toEqual([]);
  });
});

describe('translator', () => {
  it('translates with params', async () => {
    const t = translator(await loadMessages('de'));
    expect(t('nav.sermons')).toBe('Predigten');
    expect(t('list.page', { page: 3 })).toBe('Seite 3');
    expect(t('error.unknownWithStatus', { status: 500 })).toBe(
      'Ein unbekannter Fehler ist aufgetreten. Fehlercode 500',
    );
  });

  it('falls back to English for keys missing in the locale', () => {
    const t = translator({ nav: { sermons: 'Predigten' } });
    expect(t('nav.sermons')).toBe('Predigten');
    expect(t('nav.speakers')).toBe('Speakers');
    expect(t('home.sermonCount', { count: 12 })).toBe('12 sermons');
  });

  it('returns the key when no catalogue has it', () => {
    const t = translator({}, {});
    expect(t('nav.sermons')).toBe('nav.sermons');
  });

  it('is available per locale through getTranslator', async () => {
    expect((await getTranslator('fr'))('dashboard.signIn')).toBe('Se connecter');
    expect((await getTranslator('en'))('dashboard.signedOut')).toBe('You are signed out.');
  });
});

describe('loadMessages', () => {
  it('caches each locale', async () => {
    const first = loadMessages('ko');
    expect(loadMessages('ko')).toBe(first);
    expect(await first).toBe(await loadMessages('ko'));
  });
});

describe('messageKeys / missingKeys', () => {
  it('flattens nested keys', () => {
    expect(messageKeys({ a: 'x', b: { c: 'y', d: { e: 'z' } } })).toEqual(['a', 'b.c', 'b.d.e']);
  });

  it('reports no missing keys for English', async () => {
    expect(await missingKeys('en')).toEqual([]);
  });
});
