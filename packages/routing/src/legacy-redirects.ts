/**
 * Legacy and mapping redirects (spec §2 "Legacy redirects (301)"): old SermonAudio-style URLs
 * and a few fixed aliases answer 301 with the new path, keeping links and search results from the
 * old site alive. Matching is case-insensitive on the path and on query parameter names (the old
 * ASP site was case-insensitive: `SID`, `sid` and `Sid` all occur in the wild). A trailing slash
 * is ignored, and a language prefix is kept.
 *
 * Mapping table (old → new):
 *
 * | Old path                                           | New path                          |
 * | -------------------------------------------------- | --------------------------------- |
 * | /sermoninfo.asp?SID={id}  (also ?s={id})           | /sermons/{id}                     |
 * | /sermon.asp?SID={id}, /playpopup.asp?SID={id}      | /sermons/{id}                     |
 * | /sermoninfo.asp, /sermon.asp without an id         | /sermons                          |
 * | /sermon/{id}, /sermoninfo/{id}                     | /sermons/{id}                     |
 * | /sermons.asp                                       | /sermons                          |
 * | /series.asp?seriesID={id} (also ?id=, ?series=)    | /series/{id}                      |
 * | /series.asp without a numeric id                   | /series                           |
 * | /sermonseries/{id}                                 | /series/{id}                      |
 * | /podcast(s)/{series id}[.xml|.rss] (a podcast app's | /feeds/series/{id}.rss (the feed, |
 * |   subscription)                                    |   not a page: apps read no HTML)  |
 * | /podcast(s)/{broadcaster id}[.xml|.rss]            | /feeds/broadcaster/{id}.rss       |
 * | /podcast, /podcasts, /podcast.asp, /podcasts.asp   | /series/podcasts                  |
 * |   and anything else below /podcast/ or /podcasts/  |                                   |
 * | /about, /about.asp, /aboutus.asp, /about-us        | /articles-of-faith                |
 * | /goj, /goj.asp (the old "Gospel of Jesus" page)    | /sermons/topics/gospel            |
 * | /learn, /learn.asp, /learnmore.asp, /learn-more    | /broadcaster/sign-up (the old     |
 * |                                                    | "learn more" page for churches)   |
 * | /sitemap.xml                                       | /sitemap/index.xml                |
 * | /login, /login.asp                                 | /user/login (query kept: `next`)  |
 * | /logout, /logout.asp                               | /user/logout                      |
 * | /en, /en/{path}  (English has no prefix)           | /, /{path}                        |
 * | {path}/ (a trailing slash)                         | {path}                            |
 *
 * Unmatched paths fall through to the pages (and to the 404 page).
 */

import { feedPath } from '@kerygma/domain/feeds';
import { DEFAULT_LOCALE, type LocaleCode, localeFromPath, localizePath } from '@kerygma/i18n/locales';

export type LegacyRedirect = {
  status: 301;
  location: string;
  /**
   * Set when the redirect only tidies the address (a trailing slash, '/en'): the tidied path
   * (with its query) and locale, for a path mapping to answer in one hop instead of two.
   */
  tidied?: { locale: LocaleCode; path: string };
};

/** Query parameters carried over to the new URL for the login/logout aliases. */
const KEEP_QUERY = new Set(['/user/login', '/user/logout']);

type Rule = {
  /** Lower-cased paths without trailing slash, or a pattern over the lower-cased path. */
  match: readonly string[] | RegExp;
  to: (m: { query: URLSearchParams; groups: Record<string, string> }) => string;
};

const digits = /^\d+$/;

/** The first query value whose name (case-insensitive) is one of `names` and which is all digits. */
function numericParam(query: URLSearchParams, names: readonly string[]): string | undefined {
  for (const name of names) {
    for (const [key, value] of query) {
      if (key.toLowerCase() === name && digits.test(value.trim())) return value.trim();
    }
  }
  return undefined;
}

const RULES: readonly Rule[] = [
  {
    match: ['/sermoninfo.asp', '/sermon.asp', '/playpopup.asp'],
    to: ({ query }) => {
      const id = numericParam(query, ['sid', 's', 'sermonid']);
      return id ? `/sermons/${id}` : '/sermons';
    },
  },
  { match: /^\/(?:sermon|sermoninfo)\/(?<id>\d+)$/, to: ({ groups }) => `/sermons/${groups.id}` },
  { match: ['/sermons.asp'], to: () => '/sermons' },
  {
    match: ['/series.asp', '/seriesinfo.asp'],
    to: ({ query }) => {
      const id = numericParam(query, ['seriesid', 'id', 'series']);
      return id ? `/series/${id}` : '/series';
    },
  },
  { match: /^\/sermonseries\/(?<id>\d+)$/, to: ({ groups }) => `/series/${groups.id}` },
  {
    match: /^\/podcasts?\/(?<id>[a-z0-9_-]+?)(?:\.xml|\.rss)?$/,
    to: ({ groups }) => feedPath(digits.test(groups.id as string) ? 'series' : 'broadcaster', groups.id as string),
  },
  { match: /^\/podcasts?(?:\.asp)?(?:\/.*)?$/, to: () => '/series/podcasts' },
  { match: ['/about', '/about.asp', '/aboutus.asp', '/about-us'], to: () => '/articles-of-faith' },
  { match: ['/goj', '/goj.asp'], to: () => '/sermons/topics/gospel' },
  { match: ['/learn', '/learn.asp', '/learnmore.asp', '/learn-more'], to: () => '/broadcaster/sign-up' },
  { match: ['/sitemap.xml'], to: () => '/sitemap/index.xml' },
  { match: ['/login', '/login.asp'], to: () => '/user/login' },
  { match: ['/logout', '/logout.asp'], to: () => '/user/logout' },
];

/**
 * The 301 target for a legacy or alias path, or undefined when the path is not one.
 * `pathname` is the request path as received (percent-encoded), `search` its query string.
 *
 * The rules apply under a language prefix too, and the target keeps it ('/de/sermon/1' →
 * '/de/sermons/1'); '/en/…' (English has no prefix) goes straight to the rule's target, not
 * through a second redirect. A path with a trailing slash goes to the path without it, so each
 * page has one address ('/sermons/' → '/sermons').
 */
export function legacyRedirect(pathname: string, search = ''): LegacyRedirect | undefined {
  const query = new URLSearchParams(search);
  const en = /^\/en(\/.*)?$/i.exec(pathname);
  const { locale, rest }: { locale: LocaleCode; rest: string } = en
    ? { locale: DEFAULT_LOCALE, rest: en[1] || '/' }
    : localeFromPath(pathname);
  const target = ruleTarget(rest, query);
  if (target) return { status: 301, location: target.localized ? localizePath(target.path, locale) : target.path };

  const qs = search && search !== '?' ? normalSearch(search) : '';
  const trimmed = rest.length > 1 ? rest.replace(/\/+$/, '') || '/' : rest;
  // Never a location that starts '//' or '/\\' (a browser reads it as another host).
  if (/^\/[/\\]/.test(trimmed)) return undefined;
  if (en || (pathname.length > 1 && pathname.endsWith('/')))
    return {
      status: 301,
      location: `${localizePath(trimmed, locale)}${qs}`,
      tidied: { locale, path: `${trimmed}${qs}` },
    };
  return undefined;
}

/** The first rule's target for `path` (without locale prefix), with the query it keeps. */
function ruleTarget(pathname: string, query: URLSearchParams): { path: string; localized: boolean } | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname.toLowerCase();
  for (const rule of RULES) {
    let groups: Record<string, string> | undefined;
    if (Array.isArray(rule.match)) {
      if (rule.match.includes(path)) groups = {};
    } else {
      const m = (rule.match as RegExp).exec(path);
      if (m) groups = { ...m.groups };
    }
    if (groups) {
      const to = rule.to({ query, groups });
      const keep = KEEP_QUERY.has(to) && query.size > 0 ? `?${query.toString()}` : '';
      // The sitemaps and feeds exist once, for every language.
      return { path: `${to}${keep}`, localized: !to.startsWith('/sitemap/') && !to.startsWith('/feeds/') };
    }
  }
  return undefined;
}

function normalSearch(search: string): string {
  return search.startsWith('?') ? search : `?${search}`;
}
