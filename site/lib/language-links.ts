import { LOCALES, type LocaleCode, localeCookie, localizePath } from '@kerygma/i18n/locales';

/** A language's link in the language menu (islands/LanguageSwitcher.tsx). */
export type LanguageLink = {
  code: LocaleCode;
  href: string;
  lang: string;
  name: string;
  current: boolean;
  /** The language cookie to set on choosing it (islands/navigation.ts sets it). */
  cookie: string;
};

/**
 * The page in each language, the current one marked. Built on the server and passed to the
 * island, so the locale table does not ship to the browser.
 */
export function languageLinks(path: string, search: string, current: LocaleCode): LanguageLink[] {
  return LOCALES.map((l) => ({
    code: l.code,
    href: localizePath(path, l.code) + search,
    lang: l.lang,
    name: l.name,
    current: l.code === current,
    cookie: localeCookie(l.code),
  }));
}
