import type { MessageKey, Translate } from '@kerygma/i18n/t';
import { englishMessages } from '@kerygma/i18n/t';

/** Countries and US states by name in the reader's language, and back from a name to a code. */

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country name in the reader's language from its ISO code ('DE' → 'Deutschland' in German). */
export function countryName(code: string, lang: string): string {
  const upper = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return code;
  let names = regionNames.get(lang);
  if (!names) {
    try {
      names = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' });
    } catch {
      names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    }
    regionNames.set(lang, names);
  }
  try {
    return names.of(upper) ?? upper;
  } catch {
    return upper;
  }
}

const regionCodes = new Map<string, Map<string, string>>();

/**
 * The ISO code of a country given as a code ('de') or a name in the reader's language or in
 * English ('Deutschland', 'Germany', 'united states'); undefined when it names no region.
 */
export function countryCode(value: string, lang: string): string | undefined {
  const wanted = value.trim().toLocaleUpperCase();
  let byName = regionCodes.get(lang);
  if (!byName) {
    byName = new Map();
    const A = 'A'.charCodeAt(0);
    for (let i = 0; i < 26 * 26; i++) {
      const code = String.fromCharCode(A + Math.floor(i / 26), A + (i % 26));
      for (const l of [lang, 'en']) {
        const name = countryName(code, l);
        if (name !== code) byName.set(code, code).set(name.toLocaleUpperCase(), code);
      }
    }
    regionCodes.set(lang, byName);
  }
  return byName.get(wanted);
}

/**
 * The US states (spec §3: 50 states, DC and PR) by code. Their names are locale messages
 * (`usStates.CA`); the English ones double as the names a state may be addressed by.
 */
const US_STATE_NAMES: Readonly<Record<string, string>> = englishMessages.usStates;

export const isUSState = (code: string): boolean => Object.hasOwn(US_STATE_NAMES, code);

/** A US state's name in the reader's language ('CA' → 'Kalifornien' in German); the code if it is none. */
export function usStateName(t: Translate, code: string): string {
  return isUSState(code) ? t(`usStates.${code}` as MessageKey) : code;
}

/**
 * A US state code from a code or a name in English or the reader's language ('pa',
 * 'Pennsylvania' → 'PA'; 'Kalifornien' → 'CA' in German); undefined if not a US state.
 */
export function usStateCode(value: string, t: Translate): string | undefined {
  const wanted = value.trim().toUpperCase();
  if (isUSState(wanted)) return wanted;
  const matches = (name: string) => name.toUpperCase() === wanted;
  return Object.keys(US_STATE_NAMES).find(
    (code) => matches(US_STATE_NAMES[code] ?? code) || matches(usStateName(t, code)),
  );
}
