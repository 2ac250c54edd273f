/**
 * The 13 site locales (spec §2 "Language prefixes", §9 "Locales"), in the
 * spec's order. English has no path prefix; every other locale is served
 * under `/<code>`.
 */

export const LOCALE_CODES = ['en', 'gb', 'es', 'de', 'km', 'ko', 'pt', 'zh', 'it', 'fr', 'ta', 'te', 'pl'] as const;

export type LocaleCode = (typeof LOCALE_CODES)[number];

export type Locale = {
  readonly code: LocaleCode;
  /** ISO tag as configured by the spec (used for hreflang / browser matching). */
  readonly iso: string;
  /** BCP 47 tag for the `lang` attribute (differs from `iso` only for te). */
  readonly lang: string;
  /** Native name of the language, for the language picker. */
  readonly name: string;
  /** Path prefix: '' for en, else '/<code>'. */
  readonly prefix: '' | `/${LocaleCode}`;
  /** Message file under packages/i18n/messages/. */
  readonly file: `${LocaleCode}.json`;
  readonly dir: 'ltr' | 'rtl';
};

export const DEFAULT_LOCALE = 'en' satisfies LocaleCode;

/** Cookie remembering the visitor's language choice. */
export const LOCALE_COOKIE = 'i18n_redirected';
/** One year, as all long-lived cookies (spec §9). */
export const LOCALE_COOKIE_MAX_AGE = 31_536_000;
export const LOCALE_COOKIE_SAME_SITE = 'Lax';

export const LOCALES: readonly Locale[] = [
  { code: 'en', iso: 'en', lang: 'en', name: 'English', prefix: '', file: 'en.json', dir: 'ltr' },
  { code: 'gb', iso: 'en-GB', lang: 'en-GB', name: 'English (UK)', prefix: '/gb', file: 'gb.json', dir: 'ltr' },
  { code: 'es', iso: 'es', lang: 'es', name: 'Español', prefix: '/es', file: 'es.json', dir: 'ltr' },
  { code: 'de', iso: 'de', lang: 'de', name: 'Deutsch', prefix: '/de', file: 'de.json', dir: 'ltr' },
  { code: 'km', iso: 'km', lang: 'km', name: 'ខ្មែរ', prefix: '/km', file: 'km.json', dir: 'ltr' },
  { code: 'ko', iso: 'ko', lang: 'ko', name: '한국어', prefix: '/ko', file: 'ko.json', dir: 'ltr' },
  { code: 'pt', iso: 'pt', lang: 'pt', name: 'Português', prefix: '/pt', file: 'pt.json', dir: 'ltr' },
  { code: 'zh', iso: 'zh', lang: 'zh-Hans', name: '中文（简体）', prefix: '/zh', file: 'zh.json', dir: 'ltr' },
  { code: 'it', iso: 'it', lang: 'it', name: 'Italiano', prefix: '/it', file: 'it.json', dir: 'ltr' },
  { code: 'fr', iso: 'fr', lang: 'fr', name: 'Français', prefix: '/fr', file: 'fr.json', dir: 'ltr' },
  { code: 'ta', iso: 'ta', lang: 'ta', name: 'தமிழ்', prefix: '/ta', file: 'ta.json', dir: 'ltr' },
  // Quirk kept from the spec (§9 "te uses iso ta"): Telugu is configured with
  // the Tamil ISO tag. Because `ta` comes first, browser matching on iso never
  // selects te through it; te is still matched by its code (`te`, `te-IN`).
  // The `lang` attribute uses the correct tag so screen readers pronounce it.
  { code: 'te', iso: 'ta', lang: 'te', name: 'తెలుగు', prefix: '/te', file: 'te.json', dir: 'ltr' },
  { code: 'pl', iso: 'pl', lang: 'pl', name: 'Polski', prefix: '/pl', file: 'pl.json', dir: 'ltr' },
];

const BY_CODE = new Map<string, Locale>(LOCALES.map((l) => [l.code, l]));

export function isLocale(code: unknown): code is LocaleCode {
  return typeof code === 'string' && BY_CODE.has(code);
}

/** The locale for a code; unknown codes give the default locale. */
export function getLocale(code: string | null | undefined): Locale {
  return BY_CODE.get(code ?? '') ?? (BY_CODE.get(DEFAULT_LOCALE) as Locale);
}

/**
 * Splits a locale prefix off a pathname.
 * '/de/sermons' → { locale: 'de', rest: '/sermons' }; '/de' → { 'de', '/' };
 * '/sermons' → { 'en', '/sermons' }. Query and hash are kept in `rest`.
 */
export function localeFromPath(pathname: string): { locale: LocaleCode; rest: string } {
  const match = /^\/([a-z]{2})(?=$|[/?#])/.exec(pathname);
  const code = match?.[1];
  if (code !== undefined && code !== DEFAULT_LOCALE && isLocale(code)) {
    const rest = pathname.slice(code.length + 1);
    return { locale: code, rest: rest.startsWith('/') ? rest : `/${rest}` };
  }
  return { locale: DEFAULT_LOCALE, rest: pathname.startsWith('/') ? pathname : `/${pathname}` };
}

/**
 * The path for `locale`: any existing locale prefix is replaced.
 * localizePath('/sermons', 'de') → '/de/sermons'; the home page is the bare
 * prefix: localizePath('/', 'de') → '/de'.
 */
export function localizePath(path: string, locale: LocaleCode): string {
  const { rest } = localeFromPath(path);
  const prefix = getLocale(locale).prefix;
  if (prefix === '') return rest;
  return rest === '/' || /^\/[?#]/.test(rest) ? `${prefix}${rest.slice(1)}` : `${prefix}${rest}`;
}

/** The `i18n_redirected` cookie value from a Cookie header or `document.cookie`. */
export function readLocaleCookie(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === LOCALE_COOKIE) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/** A Set-Cookie / `document.cookie` string remembering `locale` for a year. */
export function localeCookie(locale: LocaleCode): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=${LOCALE_COOKIE_SAME_SITE}`;
}

/** Language tags of an Accept-Language header, highest q first (q=0 dropped). */
export function parseAcceptLanguage(header: string): string[] {
  const entries: { tag: string; q: number; index: number }[] = [];
  header.split(',').forEach((part, index) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim();
    if (!tag || tag === '*') return;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split('=');
      if (name?.trim() === 'q') {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (q > 0) entries.push({ tag, q, index });
  });
  entries.sort((a, b) => b.q - a.q || a.index - b.index);
  return entries.map((e) => e.tag);
}

/** The locale matching one browser language tag: code, then iso, then primary subtag. */
export function matchLocale(tag: string): LocaleCode | undefined {
  const lower = tag.trim().toLowerCase().replaceAll('_', '-');
  if (!lower) return undefined;
  const byCode = LOCALES.find((l) => l.code === lower);
  if (byCode) return byCode.code;
  const byIso = LOCALES.find((l) => l.iso.toLowerCase() === lower);
  if (byIso) return byIso.code;
  const primary = lower.split('-')[0];
  return LOCALES.find((l) => l.code === primary || l.iso.toLowerCase() === primary)?.code;
}

/**
 * Chooses the visitor's locale: a valid cookie wins, then the browser
 * languages in preference order (an Accept-Language header, or
 * `navigator.languages`), then English.
 */
export function pickLocale({
  cookie,
  acceptLanguage,
}: {
  cookie?: string | null | undefined;
  acceptLanguage?: string | readonly string[] | null | undefined;
}): LocaleCode {
  if (isLocale(cookie)) return cookie;
  const tags = typeof acceptLanguage === 'string' ? parseAcceptLanguage(acceptLanguage) : (acceptLanguage ?? []);
  for (const tag of tags) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
