import { DEFAULT_LOCALE, getLocale, type Locale, localizePath } from '@kerygma/i18n/locales';
import { englishMessages, type Translate, translator } from '@kerygma/i18n/t';

export type PageContext = {
  locale: Locale;
  t: Translate;
  /** Path without locale prefix ('/', '/sermons/1'). */
  path: string;
  origin: string;
  href: (path: string) => string;
};

let english: Translate | undefined;

/**
 * What the layout and error pages need from the request. Normally the middleware set it all;
 * error pages may also render when it did not run or failed (Astro's own error rendering), and
 * then fall back to English and the request URL, so an error page never fails for lack of it.
 */
export function pageContext(locals: Partial<App.Locals>, url: URL): PageContext {
  const code = locals.locale ?? DEFAULT_LOCALE;
  english ??= translator(englishMessages);
  return {
    locale: getLocale(code),
    t: locals.t ?? english,
    path: locals.path ?? url.pathname,
    origin: locals.origin ?? url.origin,
    href: locals.href ?? ((to: string) => localizePath(to, code)),
  };
}
