/**
 * Message interpolation: `{name}` placeholders and ICU-style plural arguments. Kept apart from
 * t.ts (which imports the English catalogue) so the site's islands can format the few messages
 * they are given without shipping a catalogue.
 */

export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * A plural argument, ICU style: `{count, plural, one {# sermon} other {# sermons}}`. A form's text
 * may hold `#` (the number) and `{name}` placeholders, nothing deeper.
 */
const PLURAL = /\{(\w+), *plural, *((?:[a-z]+ *\{(?:[^{}]|\{\w+\})*\} *)+)\}/g;
const FORM = /([a-z]+) *\{((?:[^{}]|\{\w+\})*)\}/g;

/** The forms of a plural argument by category: { one: '# sermon', other: '# sermons' }. */
function pluralForms(forms: string): Record<string, string> {
  return Object.fromEntries(Array.from(forms.matchAll(FORM), (m) => [m[1] ?? '', m[2] ?? '']));
}

/** The plural arguments of a message, with their forms. */
export function pluralArguments(text: string): { name: string; forms: Record<string, string> }[] {
  return Array.from(text.matchAll(PLURAL), (m) => ({ name: m[1] ?? '', forms: pluralForms(m[2] ?? '') }));
}

// Built once per language: Intl objects are slow to make and t() is on every page's hot path.
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();
function cached<T>(map: Map<string, T>, lang: string, make: () => T): T {
  let value = map.get(lang);
  if (value === undefined) {
    value = make();
    map.set(lang, value);
  }
  return value;
}

/**
 * Replaces `{name}` placeholders and plural arguments; unknown placeholders are left as they are.
 * A plural takes the form of `lang`'s plural rules for a number, shown as `#` in `lang`'s digits;
 * a count given as text (an already formatted '10k+') takes the 'other' form and is shown as it is.
 */
export function interpolate(text: string, params?: MessageParams, lang = 'en'): string {
  if (!params) return text;
  const counted = text.includes('plural')
    ? text.replace(PLURAL, (whole, name: string, forms: string) => {
        if (!Object.hasOwn(params, name)) return whole;
        const value = params[name];
        const byCategory = pluralForms(forms);
        if (typeof value !== 'number') return byCategory.other?.replaceAll('#', String(value)) ?? whole;
        const form = byCategory[cached(pluralRules, lang, () => new Intl.PluralRules(lang)).select(value)];
        const shown = cached(numberFormats, lang, () => new Intl.NumberFormat(lang)).format(value);
        return (form ?? byCategory.other)?.replaceAll('#', shown) ?? whole;
      })
    : text;
  return counted.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The placeholders of a message (plural arguments included), sorted and de-duplicated. */
export function placeholders(text: string): string[] {
  const inPlurals = pluralArguments(text).flatMap(({ name, forms }) => [
    name,
    ...Object.values(forms).flatMap(placeholders),
  ]);
  const outside = Array.from(text.replace(PLURAL, '').matchAll(/\{(\w+)\}/g), (m) => m[1] ?? '');
  return [...new Set([...inPlurals, ...outside])].sort();
}
