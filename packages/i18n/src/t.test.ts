import { describe, expect, it } from 'vitest';
import { interpolate, placeholders, pluralArguments } from './interpolate.ts';
import { englishMessages, getTranslator, loadMessages, lookup, messageKeys, missingKeys, translator } from './t.ts';

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
    expect(placeholders('{shown, plural, one {# of {total}} other {# of {total}}} by {name}')).toEqual([
      'name',
      'shown',
      'total',
    ]);
  });
});

describe('plural messages', () => {
  const sermons = '{count, plural, one {# sermon} other {# sermons}}';
  const kazania = 'Mamy {count, plural, one {# kazanie} few {# kazania} many {# kazań} other {# kazań}} w {place}';

  it('chooses the form with the language’s plural rules and formats the number for it', () => {
    expect(interpolate(sermons, { count: 1 })).toBe('1 sermon');
    expect(interpolate(sermons, { count: 0 })).toBe('0 sermons');
    expect(interpolate(sermons, { count: 3380 })).toBe('3,380 sermons');
    expect(interpolate(sermons, { count: 3380 }, 'de')).toBe('3.380 sermons');
    const pl = (count: number) => interpolate(kazania, { count, place: 'Krakowie' }, 'pl');
    expect([1, 2, 5, 22, 25, 112].map(pl)).toEqual([
      'Mamy 1 kazanie w Krakowie',
      'Mamy 2 kazania w Krakowie',
      'Mamy 5 kazań w Krakowie',
      'Mamy 22 kazania w Krakowie',
      'Mamy 25 kazań w Krakowie',
      'Mamy 112 kazań w Krakowie',
    ]);
  });

  it("uses 'other' for a count given as text ('10k+') and keeps the text", () => {
    expect(interpolate(sermons, { count: '10k+' })).toBe('10k+ sermons');
    expect(interpolate(kazania, { count: '10k+', place: 'Polsce' }, 'pl')).toBe('Mamy 10k+ kazań w Polsce');
  });

  it("falls back to 'other' for a form the message lacks and keeps a plural without its value", () => {
    expect(interpolate('{n, plural, other {# items}}', { n: 1 })).toBe('1 items');
    expect(interpolate(sermons, { other: 1 })).toBe(sermons);
  });

  it('lists the plural arguments of a message with their forms', () => {
    expect(pluralArguments(kazania)).toEqual([
      { name: 'count', forms: { one: '# kazanie', few: '# kazania', many: '# kazań', other: '# kazań' } },
    ]);
    expect(pluralArguments('{count} sermons')).toEqual([]);
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

  it('puts counts in the singular and plural of each language', async () => {
    const counts = async (code: 'en' | 'de' | 'fr' | 'pl' | 'ko') => {
      const t = await getTranslator(code);
      return [1, 2, 5, 3380, '10k+'].map((count) => t('sermons.count', { count }));
    };
    expect(await counts('en')).toEqual(['1 sermon', '2 sermons', '5 sermons', '3,380 sermons', '10k+ sermons']);
    expect(await counts('de')).toEqual([
      '1 Predigt',
      '2 Predigten',
      '5 Predigten',
      '3.380 Predigten',
      '10k+ Predigten',
    ]);
    expect(await counts('fr')).toEqual([
      '1 prédication',
      '2 prédications',
      '5 prédications',
      '3\u202f380 prédications',
      '10k+ prédications',
    ]);
    expect(await counts('pl')).toEqual(['1 kazanie', '2 kazania', '5 kazań', '3380 kazań', '10k+ kazań']);
    expect(await counts('ko')).toEqual(['설교 1편', '설교 2편', '설교 5편', '설교 3,380편', '설교 10k+편']);
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
