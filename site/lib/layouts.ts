/**
 * Page layouts (spec §2 "Layouts and error page"): dashboard routes use the dashboard layout,
 * django routes the django layout, everything else the site layout; a page can ask for another
 * one with the `layout` query parameter (e.g. `?layout=lite` or `?layout=embed` when shown in a
 * frame), and an unknown name falls back to the default layout.
 */
export const LAYOUTS = [
  'broadcaster',
  'dashboard-django',
  'dashboard',
  'default',
  'embed',
  'events',
  'lite',
  'site',
  'standalone-modal',
  'video-wall',
] as const;
export type LayoutName = (typeof LAYOUTS)[number];

/** What the frame around the page shows. */
export type Chrome = 'full' | 'brand' | 'none';

/** Per layout: full header and footer, a slim brand bar only, or nothing around the content. */
export const LAYOUT_CHROME: Readonly<Record<LayoutName, Chrome>> = {
  site: 'full',
  default: 'full',
  broadcaster: 'full',
  events: 'full',
  lite: 'brand',
  dashboard: 'brand',
  'dashboard-django': 'brand',
  'video-wall': 'brand',
  embed: 'none',
  'standalone-modal': 'none',
};

const KNOWN = new Set<string>(LAYOUTS);

/** A layout by name; anything unknown (or empty) is the default layout. */
export function resolveLayout(name: string | null | undefined): LayoutName {
  return name && KNOWN.has(name) ? (name as LayoutName) : 'default';
}

/** The layout of a route (unprefixed path) when the page asks for none. */
export function routeLayout(path: string): LayoutName {
  const first = path.split('/')[1] ?? '';
  if (first === 'dashboard' || first === 'dashboard-beta') return 'dashboard';
  if (first === 'django') return 'dashboard-django';
  if (first === 'video-wall') return 'video-wall';
  if (first === 'embed') return 'embed';
  // A hymn or psalm projected full screen (spec §2 /hymnal/{hymnID}/fullscreen, also under
  // /rewrite/psalter): the words alone. ('/hymnal/search/fullscreen' is a search for the word.)
  if (/^(?:\/rewrite(?=\/psalter\/))?\/(?:hymnal|psalter)\/(?!search\/)[^/]+\/fullscreen$/.test(path))
    return 'standalone-modal';
  // An article's print view (spec §2 /article/{broadcasterID?}/{slug}/print): its text alone.
  if (/^\/article\/(?:[^/]+\/)?[^/]+\/print$/.test(path)) return 'standalone-modal';
  return 'site';
}

/** The layout for a request: the `layout` query parameter when present, else the route's. */
export function layoutFor(path: string, requested: string | null | undefined): LayoutName {
  return requested === null || requested === undefined ? routeLayout(path) : resolveLayout(requested);
}
