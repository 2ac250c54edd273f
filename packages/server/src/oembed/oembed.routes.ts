import { oembedContracts as c } from '@kerygma/domain/contracts/oembed';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../app-deps.ts';
import { ApiError, notFound } from '../errors.ts';
import { requestHost, urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { OEMBED_CACHE_AGE, oembedFor } from './oembed.service.ts';
import { oembedTarget } from './oembed-url.ts';

/**
 * GET /oembed?url=…&format=json&maxwidth=&maxheight= (oEmbed 1.0): pasted sermon and
 * broadcaster links unfurl as embedded players. JSON only (xml answers 501, as the oEmbed spec
 * asks for unsupported formats); a URL that is not an embeddable page here is a 404.
 */
export function oembedRoutes(app: FastifyInstance, { db, entities, config }: ApiDeps) {
  route(app, c.oembed, async ({ query }, req, reply) => {
    if (query.format !== 'json') {
      throw new ApiError(501, 'not_implemented', { format: { key: 'embed.oembedFormat', params: { format: 'json' } } });
    }
    const urls = urlsFor(config, req);
    // The request's own host counts only when it is a well-formed one.
    const hosts = new Set([new URL(urls.origin).host, requestHost(req) ?? ''].map((h) => h.toLowerCase()));
    const target = oembedTarget(query.url, hosts);
    if (!target) throw notFound('embed.oembedNoPlayer');
    const answer = await oembedFor({ db, entities }, target, query, urls);
    // Public, read-only: any site's page may ask from the browser.
    reply.header('access-control-allow-origin', '*');
    reply.header('cache-control', `public, max-age=${OEMBED_CACHE_AGE}`);
    return answer;
  });
}
