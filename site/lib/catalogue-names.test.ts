import { BIBLE_BOOKS } from '@kerygma/domain/bible';
import { EVENT_TYPES } from '@kerygma/domain/event-types';
import { LOCALE_CODES } from '@kerygma/i18n/locales';
import { getTranslator } from '@kerygma/i18n/t';
import { describe, expect, it } from 'vitest';
import { bookName, eventTypeKey, eventTypeName } from './catalogue-names.ts';

describe('event type and Bible book names per locale', () => {
  it('every event type and book has its own name in every locale (English: the API names)', async () => {
    const en = await getTranslator('en');
    for (const type of EVENT_TYPES) expect(eventTypeName(en, type)).toBe(type);
    for (const book of BIBLE_BOOKS) expect(bookName(en, book.osisAbbrev)).toBe(book.name);
    for (const code of LOCALE_CODES) {
      const t = await getTranslator(code);
      const events = EVENT_TYPES.map((type) => eventTypeName(t, type));
      const books = BIBLE_BOOKS.map((b) => bookName(t, b.osisAbbrev));
      expect(new Set(events).size, code).toBe(EVENT_TYPES.length);
      expect(new Set(books).size, code).toBe(BIBLE_BOOKS.length);
      expect(
        events.every((name) => !name.startsWith('eventTypes.')),
        code,
      ).toBe(true);
    }
  });

  it('uses the locale: German, Korean and Chinese names', async () => {
    const de = await getTranslator('de');
    expect(bookName(de, 'Rom')).toBe('Römer');
    expect(bookName(de, 'Gen')).toBe('1. Mose');
    expect(eventTypeName(de, 'Prayer Meeting')).toBe('Gebetsstunde');
    expect(bookName(await getTranslator('ko'), 'John')).toBe('요한복음');
    expect(bookName(await getTranslator('zh'), 'Ps')).toBe('诗篇');
  });

  it('keys and fallbacks', async () => {
    expect(eventTypeKey('Sunday - AM')).toBe('sundayAm');
    expect(eventTypeKey('Question & Answer')).toBe('questionAnswer');
    expect(eventTypeKey('TV Broadcast')).toBe('tvBroadcast');
    const fr = await getTranslator('fr');
    expect(eventTypeName(fr, 'Harvest Festival')).toBe('Harvest Festival');
    expect(eventTypeName(fr, 'Harvest Festival', 'Fête des moissons')).toBe('Fête des moissons');
    expect(bookName(fr, 'Tob', 'Tobit')).toBe('Tobit');
  });
});
