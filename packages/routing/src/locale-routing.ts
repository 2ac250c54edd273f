import {
  DEFAULT_LOCALE,
  isLocale,
  type LocaleCode,
  localeFromPath,
  localizePath,
  pickLocale,
} from '@kerygma/i18n/locales';
import { legacyRedirect } from './legacy-redirects.ts';

/**
 * How the site answers a request before any page runs (spec §2 "Language prefixes", §4 locale
 * rules, §2 "Legacy redirects"). Pure, so the rules are unit-tested without a server.
 *
 * - Legacy and alias paths answer 301 (see legacy-redirects.ts).
 * - A known locale prefix (/de, /zh, …) is stripped: the page renders for the rest of the path
 *   in that locale; no prefix means English.
 * - Detection happens only on the root '/' and only when the visitor arrives from elsewhere (a
 *   typed URL, a bookmark, another site): the `i18n_redirected` cookie wins, then
 *   Accept-Language, then English. Anything but English answers 302 to the prefixed home.
 *   Following a link on this site to '/' (the language switcher's "English", say) is an explicit
 *   choice and is never redirected.
 * - The cookie remembers an explicit choice: when the visitor follows a link on this site to a
 *   page whose locale differs from what detection would pick, the page answers with the cookie
 *   set to that locale (so a later visit to '/' lands there).
 */
export type RoutingInput = {
  method: string;
  pathname: string;
  /** Query string including '?', or ''. */
  search: string;
  /** Value of the `i18n_redirected` cookie, if any. */
  cookie: string | undefined;
  acceptLanguage: string | null;
  /** Sec-Fetch-Site, Sec-Fetch-Dest, Referer and Host request headers. */
  fetchSite: string | null;
  fetchDest: string | null;
  accept: string | null;
  referer: string | null;
  host: string | null;
};

export type RoutingDecision =
  | {
      kind: 'redirect';
      status: 301 | 302;
      location: string;
      setCookie?: LocaleCode;
      vary?: string;
      /** A redirect that only tidies the address (legacy-redirects.ts `tidied`). */
      tidied?: { locale: LocaleCode; path: string };
    }
  | {
      kind: 'page';
      locale: LocaleCode;
      /** Path of the page without locale prefix ('/', '/sermons/1'). */
      path: string;
      /** Remember this locale in the cookie (only on navigations from this site). */
      setCookie?: LocaleCode;
      /** A Vary header value when the answer depends on request headers ('/' only). */
      vary?: string;
    };

/** Headers the root page's answer depends on. */
export const ROOT_VARY = 'Cookie, Accept-Language, Sec-Fetch-Site';

/** True when the request is a page navigation that started on this site (a followed link or form). */
export function isInternalNavigation(input: Pick<RoutingInput, 'fetchSite' | 'referer' | 'host'>): boolean {
  if (input.fetchSite) return input.fetchSite === 'same-origin';
  // Browsers without Fetch Metadata: fall back to the Referer's host.
  if (!input.referer || !input.host) return false;
  try {
    return new URL(input.referer).host === input.host;
  } catch {
    return false;
  }
}

/** True for a request for an HTML document (not an image, script or API call). */
export function isDocumentRequest(input: Pick<RoutingInput, 'method' | 'fetchDest' | 'accept'>): boolean {
  if (input.method !== 'GET' && input.method !== 'HEAD') return false;
  if (input.fetchDest) return input.fetchDest === 'document';
  return (input.accept ?? '').includes('text/html');
}

export function routeRequest(input: RoutingInput): RoutingDecision {
  const legacy = legacyRedirect(input.pathname, input.search);
  if (legacy) return { kind: 'redirect', ...legacy };

  const { locale, rest } = localeFromPath(input.pathname);
  const cookie = isLocale(input.cookie) ? input.cookie : undefined;
  const detected = pickLocale({ cookie, acceptLanguage: input.acceptLanguage });
  const internal = isInternalNavigation(input);
  const document = isDocumentRequest(input);

  if (input.pathname === '/' && document && !internal) {
    if (detected !== DEFAULT_LOCALE) {
      return {
        kind: 'redirect',
        status: 302,
        location: localizePath(`/${input.search}`, detected),
        setCookie: cookie === detected ? undefined : detected,
        vary: ROOT_VARY,
      };
    }
  }

  const setCookie = document && internal && detected !== locale ? locale : undefined;
  return {
    kind: 'page',
    locale,
    path: rest,
    setCookie,
    vary: input.pathname === '/' ? ROOT_VARY : undefined,
  };
}
