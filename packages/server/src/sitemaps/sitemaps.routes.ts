import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../app-deps.ts';
import { urlsFor } from '../http/request-context.ts';
import { createSitemaps, type SitemapOptions } from './sitemaps.service.ts';

/** Crawlers read the index a few times a day; a file is regenerated at most once an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /sitemap/{name}.xml (spec §2 "Sitemaps"): the index and every sitemap file, streamed as
 * it is read from the database, gzip-compressed when the client accepts it. Unknown names, and
 * kinds or parts with no URL, answer the app's 404 (the site's not-found page). Registered at the root (not under the API
 * base): the URLs are the site's.
 */
export function sitemapRoutes(
  app: FastifyInstance,
  { db, config, changes }: Pick<ApiDeps, 'db' | 'config'> & Partial<Pick<ApiDeps, 'changes'>>,
  options: Partial<SitemapOptions> = {},
) {
  const sitemaps = createSitemaps(db, options);
  // What is published changed: the sitemaps list it from the next request on.
  changes?.subscribe((change) => {
    if (change.listed) sitemaps.forget();
  });

  app.route<{ Params: { file: string } }>({
    method: ['GET', 'HEAD'],
    url: '/sitemap/:file',
    handler: async (req, reply) => {
      const opened = await sitemaps.open(req.params.file, urlsFor(config, req).origin, req.log);
      // The site's own not-found answer (app.ts), as for any other address that is no page.
      if (!opened) return reply.callNotFound();
      reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8');
      if (req.method === 'HEAD') {
        // Nothing is written: stop the generator before it reads past its first batch.
        await (opened.body as AsyncGenerator<string>).return?.(undefined);
        return reply.send();
      }
      // objectMode off: chunks become bytes and the stream's byte high-water mark applies, so
      // a slow client holds back the queries instead of piling batches up in memory.
      const xml = Readable.from(opened.body, { objectMode: false });
      const accepts = String(req.headers['accept-encoding'] ?? '');
      reply.header('vary', 'Accept-Encoding');
      if (!/\bgzip\b/i.test(accepts)) return reply.send(xml);
      reply.header('content-encoding', 'gzip');
      return reply.send(
        pipeline(xml, createGzip(), (error) => {
          if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE')
            req.log.error({ err: error }, 'sitemap stream failed');
        }),
      );
    },
  });
}
