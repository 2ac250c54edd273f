import { EXCLUDED_PATHS } from '@kerygma/domain/excluded-paths';
import type { APIRoute } from 'astro';

/**
 * The one-sermon players stay crawlable: the video sitemap names them as each video's
 * player location, which a search engine must be able to fetch.
 */
const ALLOW = ['/embed/classic/player/'];

/**
 * /robots.txt: everything may be crawled except the excluded paths. Rendered rather than a
 * static file because the Sitemap line must be an absolute URL (the public origin).
 */
export const GET: APIRoute = ({ locals, url }) =>
  new Response(
    [
      'User-agent: *',
      ...ALLOW.map((path) => `Allow: ${path}`),
      ...EXCLUDED_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${locals.origin ?? url.origin}/sitemap/index.xml`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } },
  );
