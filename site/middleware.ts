import { defineMiddleware } from 'astro:middleware';
import { createApiClient } from '@kerygma/api/client';
import { getLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localizePath } from '@kerygma/i18n/locales';
import { getTranslator } from '@kerygma/i18n/t';
import { routeRequest } from '@kerygma/routing/locale-routing';
import { isErrorRoute, withErrorPageFallback } from './lib/error-fallback.ts';
import { mappedRedirect } from './lib/path-mapping.ts';

/** The public origin for absolute links (canonical, hreflang): PUBLIC_URL, else the request's. */
const PUBLIC_URL = process.env.PUBLIC_URL?.replace(/\/+$/, '') || undefined;

/**
 * Per request: legacy redirects, locale detection on '/', the locale prefix, then the page.
 *
 * Locale routing: every page file exists once (site/pages/…); a locale prefix is stripped here
 * and the request is rewritten to the unprefixed page with `next(url)` (a rewrite inside the
 * middleware chain, so this middleware does not run again and `locals` stay as set). Pages read
 * the locale from `Astro.locals`, never from the URL, and build links with `locals.href()`.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { request } = context;
  // The address as requested: Astro's `context.url` has '%25' decoded to '%', and a rewrite to
  // such a path ('/speakers/100%%20Grace') fails to decode (a 500 for any '%' in a name).
  const url = new URL(request.url);
  const headers = request.headers;
  const decision = routeRequest({
    method: request.method,
    pathname: url.pathname,
    search: url.search,
    cookie: context.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headers.get('accept-language'),
    fetchSite: headers.get('sec-fetch-site'),
    fetchDest: headers.get('sec-fetch-dest'),
    accept: headers.get('accept'),
    referer: headers.get('referer'),
    host: headers.get('host'),
  });

  const remember = (locale: string | undefined) => {
    if (!locale) return;
    context.cookies.set(LOCALE_COOKIE, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' });
  };

  if (decision.kind === 'redirect') {
    remember(decision.setCookie);
    // A tidied address ('/old/', '/en/old') that a path mapping sends on goes there at once.
    const { tidied } = decision;
    const mapped =
      tidied && (request.method === 'GET' || request.method === 'HEAD')
        ? await mappedRedirect(
            createApiClient({ origin: url.origin, language: tidied.locale, fetch: context.locals.kerygma?.fetch }),
            tidied.path,
            (to) => localizePath(to, tidied.locale),
          )
        : undefined;
    const { status, location } = mapped ?? decision;
    const response = new Response(null, { status, headers: { location } });
    response.headers.set(
      'cache-control',
      status === 301 && !decision.vary ? 'public, max-age=86400' : 'private, no-store',
    );
    if (decision.vary) response.headers.set('vary', decision.vary);
    return response;
  }

  const { locale, path } = decision;
  const t = await getTranslator(locale);
  context.locals.locale = locale;
  context.locals.t = t;
  context.locals.path = path;
  context.locals.origin = PUBLIC_URL ?? url.origin;
  context.locals.href = (to: string) => localizePath(to, locale);
  context.locals.api = createApiClient({
    origin: url.origin,
    apibranch: url.searchParams.get('apibranch'),
    language: locale,
    fetch: context.locals.kerygma?.fetch,
    withStatus: (status) => t('error.withStatus', { status }),
  });
  remember(decision.setCookie);

  // Rendering the 404/500 page for a failed request: no rewrite (that would render the failed
  // page again), and if the error page itself fails, the fallback page (lib/error-fallback.ts).
  const errorRoute = isErrorRoute(context.routePattern);
  const localeInfo = getLocale(locale);
  const response = await withErrorPageFallback(
    errorRoute,
    () => (path === url.pathname || errorRoute ? next() : next(new URL(`${path}${url.search}`, url))),
    (error) => ({
      t,
      lang: localeInfo.lang,
      dir: localeInfo.dir,
      home: localizePath('/', locale),
      details: import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : undefined,
    }),
  );
  if (!decision.vary && !decision.setCookie) return response;
  return withHeaders(response, (h) => {
    if (decision.vary) h.set('vary', decision.vary);
    // A page that sets the cookie must not be stored by shared caches.
    if (decision.setCookie) h.set('cache-control', 'private, no-cache');
  });
});

/** Sets headers on a response, copying it first when its headers are immutable (Response.redirect). */
function withHeaders(response: Response, set: (headers: Headers) => void): Response {
  try {
    set(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    set(copy.headers);
    return copy;
  }
}
