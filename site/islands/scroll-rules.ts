import { DIRECTORY_SECTIONS } from '@kerygma/domain/directories';
import { localeFromPath } from '@kerygma/i18n/locales';

/**
 * When a client-side navigation keeps the scroll position instead of starting at the top
 * (spec §2 "Navigation"): within the same page (only the query changes: a filter, a sort; not
 * another page of results), between sibling routes of the same parent (the tabs of a speaker or
 * broadcaster page, the lists of a directory), and between hymnal and psalter or news and
 * release notes. Back and forward restore the saved position (the router does that), and a
 * link to a #target scrolls to it; everything else starts at the top.
 */

/** Entity pages whose tabs are children of /{kind}/{id}: '' is the default tab. */
const TABS: Record<string, readonly string[]> = {
  speakers: ['', 'articles', 'series', 'sermons'],
  broadcasters: ['', 'articles', 'comments', 'disabled', 'notices', 'series', 'sermons', 'speakers'],
};

/** Pairs of top-level pages that keep the position between each other. */
const PAIRS: readonly (readonly string[])[] = [
  ['hymnal', 'psalter'],
  ['news', 'release-notes'],
];

/** The segments of a path without its locale prefix: '/de/speakers/12/series' → ['speakers', '12', 'series']. */
const segments = (path: string) => localeFromPath(path).rest.split('/').filter(Boolean);

/** The parent route a path is a child section of ('speakers/12' for a speaker's tab), if any. */
function parentOf([kind = '', second = '', third = '', ...more]: string[]): string | undefined {
  // A directory's list, with any parameter of its own ('/speakers/alphabetical/b').
  if (DIRECTORY_SECTIONS[kind]?.includes(second)) return kind;
  // A tab of an entity page ('/broadcasters/gracechurch/series'; '' is its default tab).
  if (second && more.length === 0 && TABS[kind]?.includes(third)) return `${kind}/${second}`;
  const pair = PAIRS.find((names) => names.includes(kind));
  return pair && !second ? pair.join('|') : undefined;
}

/**
 * Whether a navigation from `from` to `to` keeps the scroll position. Another page of the same
 * list does not: its first rows are at the top (kept, 'Next' at the end of a list landed at the
 * end of the next page).
 */
export function keepsScroll(from: URL, to: URL): boolean {
  if ((from.searchParams.get('page') ?? '1') !== (to.searchParams.get('page') ?? '1')) return false;
  const a = segments(from.pathname);
  const b = segments(to.pathname);
  if (a.join('/') === b.join('/')) return true;
  const parent = parentOf(a);
  return parent !== undefined && parent === parentOf(b);
}
