import type { Translate } from '@kerygma/i18n/t';
import { escapeHtml } from './html.ts';

/**
 * The error page's own fallback (spec §8 "Error-page failure fallback"): when rendering the
 * 404/500 page itself throws, the visitor still gets a small HTML page in their language —
 * 'An error occurred while showing the error page', the details and a link home — built from
 * plain strings, with every value escaped, so nothing on it can fail again.
 */

export type FallbackPage = {
  t: Translate;
  /** BCP 47 tag and direction of the page language. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The localized home path. */
  home: string;
  status: number;
  /** Shown under 'Details' (only in development: messages can name internals). */
  details?: string | undefined;
};

export function errorFallbackHtml(page: FallbackPage): string {
  const { t } = page;
  const title = escapeHtml(t('error.errorPageFailed'));
  const status = escapeHtml(t('error.statusCode', { status: page.status }));
  const details = page.details
    ? `<details><summary>${escapeHtml(t('error.details'))}</summary><pre>${escapeHtml(page.details)}</pre></details>`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(page.lang)}" dir="${page.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;text-align:center;color:#1c1b22}a{color:#6752a2}pre{text-align:start;white-space:pre-wrap}</style></head>
<body><main><p>${status}</p><h1>${title}</h1>${details}<p><a href="${escapeHtml(page.home)}">${escapeHtml(t('error.returnHome'))}</a></p></main></body>
</html>`;
}

/** Error pages by route pattern: a failure while rendering one of these gets the fallback. */
export function isErrorRoute(routePattern: string | undefined): boolean {
  return routePattern === '/404' || routePattern === '/500';
}

/**
 * Renders through `render`; if that throws while the error page itself is being rendered,
 * answers the fallback page (status 500, not cached) instead of Astro's empty response.
 */
export async function withErrorPageFallback(
  errorRoute: boolean,
  render: () => Promise<Response>,
  page: (error: unknown) => Omit<FallbackPage, 'status'>,
): Promise<Response> {
  if (!errorRoute) return render();
  try {
    return await render();
  } catch (error) {
    return new Response(errorFallbackHtml({ ...page(error), status: 500 }), {
      status: 500,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
}
