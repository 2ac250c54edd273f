import en from '../messages/en.json' with { type: 'json' };
import { interpolate, type MessageParams } from './interpolate.ts';
import { getLocale, type LocaleCode } from './locales.ts';

/** English is the source catalogue; every locale has (or falls back to) its keys. */
export type Messages = typeof en;

/** A message catalogue as loaded from JSON: nested objects with string leaves. */
export type MessageTree = { readonly [key: string]: string | MessageTree };

type LeafPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every dotted message key of the English catalogue, e.g. 'error.notFound'. */
export type MessageKey = LeafPaths<Messages>;

export type Translate = (key: MessageKey, params?: MessageParams) => string;

export const englishMessages: Messages = en;

type JsonModule = { default: unknown };

// One loader per locale so bundlers split each catalogue into its own chunk.
const loaders: Record<LocaleCode, () => Promise<JsonModule>> = {
  en: () => Promise.resolve({ default: en }),
  gb: () => import('../messages/gb.json', { with: { type: 'json' } }),
  es: () => import('../messages/es.json', { with: { type: 'json' } }),
  de: () => import('../messages/de.json', { with: { type: 'json' } }),
  km: () => import('../messages/km.json', { with: { type: 'json' } }),
  ko: () => import('../messages/ko.json', { with: { type: 'json' } }),
  pt: () => import('../messages/pt.json', { with: { type: 'json' } }),
  zh: () => import('../messages/zh.json', { with: { type: 'json' } }),
  it: () => import('../messages/it.json', { with: { type: 'json' } }),
  fr: () => import('../messages/fr.json', { with: { type: 'json' } }),
  ta: () => import('../messages/ta.json', { with: { type: 'json' } }),
  te: () => import('../messages/te.json', { with: { type: 'json' } }),
  pl: () => import('../messages/pl.json', { with: { type: 'json' } }),
};

const cache = new Map<LocaleCode, Promise<MessageTree>>();

/** The catalogue of `locale`, imported on first use and cached. */
export function loadMessages(locale: LocaleCode): Promise<MessageTree> {
  let pending = cache.get(locale);
  if (!pending) {
    pending = loaders[locale]().then((mod) => mod.default as MessageTree);
    // A failed load (e.g. network error in the browser) may be retried.
    pending.catch(() => cache.delete(locale));
    cache.set(locale, pending);
  }
  return pending;
}

/** The string at a dotted key, or undefined if absent (or not a string). */
export function lookup(messages: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A translate function over `messages`; keys missing there come from `fallback` (English by
 * default), and a key missing in both returns the key. `lang` (BCP 47) picks the plural forms.
 */
export function translator(messages: MessageTree, fallback: MessageTree = en, lang = 'en'): Translate {
  // A page asks for hundreds of strings: each key found is resolved once (unknown keys are not
  // kept, so keys built from request values cannot grow this).
  const resolved = new Map<string, string>();
  return (key, params) => {
    let text = resolved.get(key);
    if (text === undefined) {
      const found = lookup(messages, key) ?? lookup(fallback, key);
      if (found !== undefined) resolved.set(key, found);
      text = found ?? key;
    }
    return interpolate(text, params, lang);
  };
}

const translators = new Map<LocaleCode, Promise<Translate>>();

/** Loads `locale` and returns its translate function (one per locale, shared by requests). */
export function getTranslator(locale: LocaleCode): Promise<Translate> {
  let pending = translators.get(locale);
  if (!pending) {
    pending = loadMessages(locale).then((messages) => translator(messages, en, getLocale(locale).lang));
    pending.catch(() => translators.delete(locale));
    translators.set(locale, pending);
  }
  return pending;
}

/** All dotted leaf keys of a catalogue (non-string leaves are skipped). */
export function messageKeys(messages: MessageTree, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]: [string, unknown]) => {
    if (typeof value === 'string') return [`${prefix}${key}`];
    if (typeof value === 'object' && value !== null) return messageKeys(value as MessageTree, `${prefix}${key}.`);
    return [];
  });
}

/** Keys present in English but missing (or not a string) in `locale`. */
export async function missingKeys(locale: LocaleCode): Promise<string[]> {
  const messages = await loadMessages(locale);
  return messageKeys(en).filter((key) => lookup(messages, key) === undefined);
}
