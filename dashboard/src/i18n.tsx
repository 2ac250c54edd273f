import { type LocaleCode, localizePath } from '@kerygma/i18n/locales';
import type { Translate } from '@kerygma/i18n/t';
import { createContext, type ReactNode, useCallback, useContext } from 'react';

/** The page's language (from its path prefix, spec §2) and its messages (`packages/i18n`). */
export type I18n = { t: Translate; locale: LocaleCode; lang: string };

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ value, children }: { value: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** `const { t, locale } = useI18n()`; `t('dashboard.sermons.title')`. */
export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

/** A path of the public site in the page's language (`/broadcaster/x` → `/de/broadcaster/x`). */
export function useSitePath(): (path: string) => string {
  const { locale } = useI18n();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
