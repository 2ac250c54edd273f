import { LOCALE_CODES } from '@kerygma/i18n/locales';
import { englishMessages, getTranslator } from '@kerygma/i18n/t';
import { describe, expect, it } from 'vitest';
import { isUSState, usStateCode, usStateName } from './places.ts';

const CODES = Object.keys(englishMessages.usStates);

describe('US states', () => {
  it('are the 50 states, DC and Puerto Rico', () => {
    expect(CODES).toHaveLength(52);
    for (const code of ['CA', 'DC', 'PR', 'WY']) expect(isUSState(code), code).toBe(true);
    for (const code of ['ON', 'GU', 'ca']) expect(isUSState(code), code).toBe(false);
  });

  it('have a name of their own in every locale', async () => {
    for (const locale of LOCALE_CODES) {
      const t = await getTranslator(locale);
      const names = CODES.map((code) => usStateName(t, code));
      expect(new Set(names).size, locale).toBe(CODES.length);
      expect(
        names.filter((name) => name.startsWith('usStates.')),
        locale,
      ).toEqual([]);
    }
    const de = await getTranslator('de');
    expect(usStateName(de, 'CA')).toBe('Kalifornien');
    expect(usStateName(de, 'ON')).toBe('ON');
  });

  it('are found by code, English name or a name in the reader’s language', async () => {
    const [en, de] = await Promise.all([getTranslator('en'), getTranslator('de')]);
    expect(usStateCode('pa', en)).toBe('PA');
    expect(usStateCode(' Pennsylvania ', en)).toBe('PA');
    expect(usStateCode('district of columbia', de)).toBe('DC');
    expect(usStateCode('California', de)).toBe('CA');
    expect(usStateCode('Kalifornien', de)).toBe('CA');
    expect(usStateCode('Kalifornien', en)).toBeUndefined();
    expect(usStateCode('ON', en)).toBeUndefined();
    expect(usStateCode('Bavaria', de)).toBeUndefined();
  });
});
