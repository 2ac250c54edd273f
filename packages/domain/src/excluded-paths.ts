/**
 * Paths that never appear in a sitemap, nor anything below them (spec §2 "Sitemaps"); robots.txt
 * keeps crawlers out of them too.
 */
export const EXCLUDED_PATHS = [
  '/dashboard',
  '/django',
  '/demo',
  '/video-wall',
  '/rewrite',
  '/embed',
  '/admin',
  '/healthz',
  '/legacy',
] as const;
