import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { placeholders, pluralArguments } from './interpolate.ts';
import { LOCALES, type LocaleCode } from './locales.ts';
import { loadMessages, lookup, type MessageTree, messageKeys, missingKeys } from './t.ts';

const dir = new URL('../messages/', import.meta.url);
const read = (file: string): unknown => JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
const en = read('en.json') as MessageTree;
const englishKeys = messageKeys(en);

/** Dotted paths of every leaf that is not a non-empty string. */
function badLeaves(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return [prefix || '(root)'];
  return Object.entries(tree).flatMap(([key, value]: [string, unknown]) => {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') return value.trim() === '' ? [path] : [];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return badLeaves(value, `${path}.`);
    return [path];
  });
}

/**
 * Words a locale does not use, so that one thing has one name throughout its file: fr and it say
 * 'prédication'/'predicazione' for a sermon, de 'Anbieter' and es 'emisor' for a broadcaster, pt
 * 'emissora' for a broadcaster and 'reprodutor' for the player.
 */
const OTHER_TERMS: Partial<Record<LocaleCode, RegExp>> = {
  fr: /\bsermons?\b/i,
  it: /\bsermon[ei]\b/i,
  de: /\bSender/,
  es: /\bemisora/i,
  pt: /\btransmissor|\bplayer\b/i,
};

describe('message files', () => {
  it('exist for exactly the configured locales', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(LOCALES.map((l) => l.file).sort());
  });

  it('has a reasonably sized English catalogue', () => {
    expect(englishKeys.length).toBeGreaterThan(100);
    expect(lookup(en, 'site.name')).toBe('Kerygma');
  });

  for (const locale of LOCALES) {
    describe(locale.code, () => {
      it('parses as JSON with only non-empty string leaves', () => {
        const parsed = read(locale.file);
        expect(badLeaves(parsed), `${locale.file}: leaves that are not non-empty strings`).toEqual([]);
      });

      it('has every English key', async () => {
        const missing = await missingKeys(locale.code);
        if (missing.length > 0)
          console.error(`${locale.file} is missing ${missing.length} keys:\n  ${missing.join('\n  ')}`);
        expect(missing, `${locale.file} is missing keys`).toEqual([]);
      });

      it('has no keys that English lacks', () => {
        const english = new Set(englishKeys);
        const extra = messageKeys(read(locale.file) as MessageTree).filter((key) => !english.has(key));
        if (extra.length > 0) console.error(`${locale.file} has ${extra.length} extra keys:\n  ${extra.join('\n  ')}`);
        expect(extra, `${locale.file} has keys not in en.json`).toEqual([]);
      });

      it('keeps the interpolation placeholders of English', async () => {
        const messages = await loadMessages(locale.code);
        const mismatched = englishKeys.flatMap((key) => {
          const text = lookup(messages, key);
          if (text === undefined) return [];
          const want = placeholders(lookup(en, key) ?? '');
          const got = placeholders(text);
          return want.join() === got.join()
            ? []
            : [`${key}: expected {${want.join('}, {')}} got {${got.join('}, {')}}`];
        });
        expect(mismatched, `${locale.file} placeholders differ from English`).toEqual([]);
      });

      it('writes each plural of English as a plural with exactly the language’s forms', async () => {
        const messages = await loadMessages(locale.code);
        const forms = new Intl.PluralRules(locale.lang).resolvedOptions().pluralCategories.sort().join();
        const wrong = englishKeys.flatMap((key) => {
          const text = lookup(messages, key) ?? '';
          const args = pluralArguments(text);
          const want = pluralArguments(lookup(en, key) ?? '').map((a) => a.name);
          const problems: string[] = [];
          if ((text.match(/, *plural *,/g) ?? []).length !== args.length) problems.push(`${key}: malformed plural`);
          if (args.map((a) => a.name).join() !== want.join()) problems.push(`${key}: expected plurals of {${want}}`);
          for (const { name, forms: got } of args) {
            const have = Object.keys(got).sort().join();
            if (have !== forms) problems.push(`${key}: {${name}} has forms ${have}, the language has ${forms}`);
          }
          return problems;
        });
        expect(wrong, `${locale.file} plurals`).toEqual([]);
      });

      const otherTerms = OTHER_TERMS[locale.code];
      if (otherTerms) {
        it('uses one term for each thing', async () => {
          const messages = await loadMessages(locale.code);
          const mixed = englishKeys.filter((key) => otherTerms.test(lookup(messages, key) ?? ''));
          expect(mixed, `${locale.file} keys using ${otherTerms}`).toEqual([]);
        });
      }

      it('loads lazily to the same content as the file', async () => {
        expect(await loadMessages(locale.code)).toEqual(read(locale.file));
      });

      if (locale.code !== 'en' && locale.code !== 'gb') {
        it('is actually translated', async () => {
          const messages = await loadMessages(locale.code);
          // Place names (US states: 'Texas', 'Ohio') are often the same in every language: they
          // count neither way.
          const words = englishKeys.filter((key) => !key.startsWith('usStates.'));
          const same = words.filter((key) => lookup(messages, key) === lookup(en, key));
          // Brand name and loanwords (Audio, Video, Menu…) may stay English.
          expect(same.length / words.length).toBeLessThan(0.15);
        });
      }
    });
  }
});
