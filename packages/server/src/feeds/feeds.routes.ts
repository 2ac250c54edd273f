import type { FeedFormat, FeedOwner } from '@kerygma/domain/feeds';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../app-deps.ts';
import { decodeCursor } from '../catalogue/keyset.ts';
import { chooseEncoding, etagMatches, MIN_COMPRESS_BYTES } from '../http/content-coding.ts';
import { urlsFor } from '../http/request-context.ts';
import { COVER_SIZES, drawCover } from './cover.ts';
import { feedTitle } from './feed-content.ts';
import { FEED_ORDER } from './feeds.queries.ts';
import { createFeeds } from './feeds.service.ts';

/** Apps poll hourly; a cache in front of the server may keep a feed five minutes. */
const FEED_CACHE_CONTROL = 'public, max-age=300';
const OWNERS = new Set<FeedOwner>(['broadcaster', 'speaker', 'series']);
const FEED_FILE = /^([a-z0-9_-]{1,100})\.(rss|atom)$/i;
const COVER_FILE = /^([a-z0-9_-]{1,100})-(\d{4})\.jpg$/i;

/**
 * The podcast feeds (issue 25): `/feeds/{broadcaster|speaker|series}/{id}.rss` and `.atom`,
 * older pages by `?page=&cursor=` (the `next` link of the page before), and the drawn covers of
 * owners without a picture. At the site root, like the sitemaps: their addresses are the site's.
 * Unknown feeds answer the app's 404.
 */
export function feedRoutes(app: FastifyInstance, deps: ApiDeps) {
  const feeds = createFeeds({
    db: deps.db,
    entities: deps.entities,
    websubHub: deps.config.websubHub,
    publicUrl: deps.config.publicUrl,
    log: app.log,
  });
  deps.changes?.subscribe((change) => feeds.changed(change));

  app.route<{ Params: { owner: string; file: string }; Querystring: { page?: string; cursor?: string } }>({
    method: ['GET', 'HEAD'],
    url: '/feeds/:owner/:file',
    handler: async (req, reply) => {
      const owner = req.params.owner as FeedOwner;
      const file = FEED_FILE.exec(req.params.file);
      if (!OWNERS.has(owner) || !file) return reply.callNotFound();
      const page = req.query.page === undefined ? 1 : Number(req.query.page);
      if (!Number.isSafeInteger(page) || page < 1) return reply.callNotFound();
      const after = page > 1 ? decodeCursor(req.query.cursor, page, FEED_ORDER) : undefined;
      // A later page is reached only by its link: without its cursor there is no such page.
      if (page > 1 && !after) return reply.callNotFound();
      const feed = await feeds.get(urlsFor(deps.config, req), {
        owner,
        id: file[1] as string,
        format: (file[2] as string).toLowerCase() as FeedFormat,
        page,
        after,
      });
      if (!feed) return reply.callNotFound();

      reply
        .header('cache-control', FEED_CACHE_CONTROL)
        .header('etag', feed.etag)
        .header('last-modified', feed.lastModified.toUTCString())
        .header('vary', 'Accept-Encoding')
        // Web players read feeds from other sites' pages.
        .header('access-control-allow-origin', '*');
      const since = req.headers['if-modified-since'];
      const notModified =
        req.headers['if-none-match'] !== undefined
          ? etagMatches(req.headers['if-none-match'], feed.etag)
          : since !== undefined && Date.parse(since) >= feed.lastModified.getTime();
      if (notModified) return reply.code(304).send();
      reply.type(feed.contentType);
      const encoding =
        feed.body.length >= MIN_COMPRESS_BYTES ? chooseEncoding(req.headers['accept-encoding']) : undefined;
      const body = encoding ? await feeds.encoded(feed, encoding) : feed.body;
      if (encoding) reply.header('content-encoding', encoding);
      reply.header('content-length', body.length);
      return reply.send(req.method === 'HEAD' ? undefined : body);
    },
  });

  app.get<{ Params: { owner: string; file: string } }>('/feeds/cover/:owner/:file', async (req, reply) => {
    const owner = req.params.owner as FeedOwner;
    const file = COVER_FILE.exec(req.params.file);
    const size = Number(file?.[2]);
    if (!OWNERS.has(owner) || !file || !(COVER_SIZES as readonly number[]).includes(size)) return reply.callNotFound();
    const title = await feedTitle({ db: deps.db, entities: deps.entities, websubHub: null }, owner, file[1] as string);
    if (title === undefined) return reply.callNotFound();
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type('image/jpeg')
      .send(await drawCover(title, size));
  });
}
