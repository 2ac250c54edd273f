import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { globalConfigContracts } from '@kerygma/domain/contracts/global-config';
import { apiContracts } from '@kerygma/domain/contracts/health';
import { LOCALES } from '@kerygma/i18n/locales';
import { loadMessages, translator } from '@kerygma/i18n/t';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { accountRoutes } from './accounts/accounts.routes.ts';
import { refuseForeignWrites } from './accounts/same-origin.ts';
import { apiDocsRoutes } from './api-docs/api-docs.routes.ts';
import type { ApiDeps } from './app-deps.ts';
import { articleRoutes } from './articles/articles.routes.ts';
import { broadcasterAccountRoutes } from './broadcaster-account/broadcaster-account.routes.ts';
import { broadcasterRoutes } from './broadcasters/broadcasters.routes.ts';
import { catalogueChanges } from './catalogue/catalogue-changes.ts';
import { commentRoutes } from './comments/comments.routes.ts';
import { devotionalRoutes } from './devotional/devotional.routes.ts';
import { discoverRoutes } from './discover/discover.routes.ts';
import { ApiError } from './errors.ts';
import { feedImportRoutes } from './feed-import/feed-import.routes.ts';
import { feedRoutes } from './feeds/feeds.routes.ts';
import { API_BASE, isApiPath } from './http/api-base.ts';
import { deliverApiAnswers } from './http/api-delivery.ts';
import { clientErrorAnswer } from './http/client-errors.ts';
import { allowCrossOriginReads } from './http/cors.ts';
import { answerInProcess } from './http/in-process.ts';
import { stringifyJson } from './http/json.ts';
import { refuseDeepJson } from './http/json-body.ts';
import { messageTranslator } from './http/messages.ts';
import { limitApiRate } from './http/rate-limit.ts';
import { route } from './http/route.ts';
import { addSecurityHeaders } from './http/security-headers.ts';
import { refuseUnsupportedMethods } from './http/unsupported-methods.ts';
import { hymnalRoutes } from './hymnal/hymnal.routes.ts';
import { imageRoutes } from './images/images.routes.ts';
import { libraryRoutes } from './library/library.routes.ts';
import { sermonMediaRoutes } from './media/pipeline/sermon-media.routes.ts';
import { mediaRoutes } from './media/serving/media.routes.ts';
import { uploadRoutes } from './media/uploads/uploads.routes.ts';
import { oembedRoutes } from './oembed/oembed.routes.ts';
import { referenceRoutes } from './reference/reference.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { seriesRoutes } from './series/series.routes.ts';
import { sermonEditingRoutes } from './sermon-editing/sermon-editing.routes.ts';
import { sermonRoutes } from './sermons/sermons.routes.ts';
import { literalBadSegments, mountSite, type SitePages } from './site/site.ts';
import { sitemapRoutes } from './sitemaps/sitemaps.routes.ts';
import { speakerRoutes } from './speakers/speakers.routes.ts';
import { transcriptRoutes } from './transcripts/transcripts.routes.ts';
import { liveMediaRoutes } from './webcasts/live-media.routes.ts';
import { multicastRoutes } from './webcasts/multicast/multicast.routes.ts';
import { multicastRuntime } from './webcasts/multicast/restreams.ts';
import { streamSecrets } from './webcasts/multicast/stream-secrets.ts';
import { webcastRoutes } from './webcasts/webcasts.routes.ts';

export type AppOptions = { logger?: FastifyBaseLogger; rootDir?: string };

/** Builds the whole HTTP application from its dependencies (tests call this with app.inject). */
export async function buildApp(given: ApiDeps, options: AppOptions = {}): Promise<FastifyInstance> {
  const changes = given.changes ?? catalogueChanges();
  const multicast =
    given.multicast ??
    multicastRuntime(given.db, streamSecrets(given.config), {
      reconnect: given.config.multicastReconnect,
      onError: (err) => options.logger?.warn({ err }, 'could not save a restream status'),
    });
  const deps: ApiDeps = { ...given, changes, multicast };
  // Rows of what changed are read again (the page cache and the sitemaps listen in site/, sitemaps/).
  changes.subscribe((change) => deps.entities.forget(change));
  let sitePages: SitePages | undefined;
  const timeouts = deps.config.httpTimeouts;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // A client that stops sending (a body shorter than its Content-Length, headers that never
    // end) is cut off; one that keeps sending, like a large upload, is not (README, Configuration).
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // How often Node looks for connections past those deadlines (its default is 30 s).
      connectionsCheckingInterval: Math.min(timeouts.headersMs / 2, 5000),
    },
    // Requests Node refuses before they reach the app (431, a bad method, bad chunking).
    clientErrorHandler: clientErrorAnswer(translator(await loadMessages('en'))),
    // X-Forwarded-* headers are not trusted: anyone can send them, and absolute links in
    // sitemaps and pages (cached and shared) would then name their host. Behind a proxy, set
    // PUBLIC_URL (README, Configuration).
    trustProxy: false,
    // While the process drains on SIGTERM (main.ts), requests still reaching it are answered
    // (with Connection: close) rather than refused with 503, and so are the API calls of the
    // pages it is still rendering (site/inject-fetch.ts).
    return503OnClosing: false,
    // Keep %2F inside a speaker or series name a part of that one path segment.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Malformed URLs (bad percent-encoding, an overlong segment): a page address answers the
    // site's not-found page, an API address the API's error shape.
    frameworkErrors: (error, req, res) => {
      const reply = res as unknown as FastifyReply;
      if (sitePages && !isApiPath(req.url)) {
        if (error.code === 'FST_ERR_BAD_URL') req.raw.url = literalBadSegments(req.raw.url ?? '/');
        return sitePages(req, reply);
      }
      void messageTranslator(req).then((t) =>
        reply.status(400).send({
          errors: { url: t({ key: 'error.invalidParameter', params: { name: 'url', detail: error.message } }) },
          status: 400,
          code: 'bad_request',
        }),
      );
    },
  });
  app.setReplySerializer((payload) => stringifyJson(payload));
  answerInProcess(app);
  refuseUnsupportedMethods(app);
  allowCrossOriginReads(app);
  limitApiRate(app, deps.config.apiRateLimit);
  refuseForeignWrites(app, deps.config);
  // Before deliverApiAnswers: an HTML answer's inline scripts are hashed before it is compressed.
  addSecurityHeaders(app, deps.config);
  deliverApiAnswers(app);
  refuseDeepJson(app);

  app.setErrorHandler(async (error, req, reply) => {
    const t = await messageTranslator(req);
    if (error instanceof ApiError) {
      const errors = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, t(v)]));
      return reply.status(error.status).headers(error.headers).send({ errors, status: error.status, code: error.code });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) req.log.error(error);
    const message = status < 500 ? (error as Error).message : t({ key: 'error.unknownWithStatus', params: { status } });
    return reply
      .status(status)
      .send({ errors: { error: message }, status, code: status < 500 ? 'bad_request' : 'server_error' });
  });

  // A route may hand its request on (reply.callNotFound()): a page address then gets the
  // site's not-found page, an API address the API's error shape.
  const notFound = async (req: FastifyRequest, reply: FastifyReply) => {
    if (sitePages && !isApiPath(req.url)) return sitePages(req, reply);
    const t = await messageTranslator(req);
    return reply.status(404).send({ errors: { error: t({ key: 'error.notFound' }) }, status: 404, code: 'not_found' });
  };
  app.setNotFoundHandler(notFound);
  // Unknown API paths (another version, a mistyped path) answer in the API's shape, not with
  // the site's 404 page, which would otherwise take every path.
  app.all('/api/*', notFound);

  const health = async (_req: unknown, reply: FastifyReply) => {
    // Always asked fresh (the clients call it with noCache, spec §7).
    reply.header('cache-control', 'no-store');
    if (deps.shutdown?.draining) {
      reply.status(503);
      return { status: 'draining' };
    }
    try {
      await deps.db.query('SELECT 1');
      return { status: 'ok', database: 'ok' };
    } catch {
      reply.status(503);
      return { status: 'error', database: 'unreachable' };
    }
  };
  // Every page exists once per language (spec §2), the health check too: /de/healthz, ….
  for (const { prefix } of LOCALES) app.get(`${prefix}/healthz`, health);
  app.addHook('onClose', () => deps.counters.stop());
  app.addHook('onClose', () => multicast.restreams.close());

  await app.register(
    async (api) => {
      route(api, apiContracts.health, (_input, req, reply) => health(req, reply));
      route(api, globalConfigContracts.globalConfig, () => ({ maps: deps.config.maps }));
      apiDocsRoutes(api);
      for (const routes of [
        sermonRoutes,
        broadcasterRoutes,
        speakerRoutes,
        seriesRoutes,
        discoverRoutes,
        hymnalRoutes,
        devotionalRoutes,
        referenceRoutes,
        searchRoutes,
        // Media (media/): upload slots and their bytes; re-encode, delete and encoding options.
        uploadRoutes,
        sermonMediaRoutes,
        // Pictures (images/): broadcasters', speakers', series' picture uploads.
        imageRoutes,
        // Accounts (accounts/): sign-up, verification, sessions, password resets.
        accountRoutes,
        // The listener's library (library/): follows, feed, history, bookmarks, the digest's unsubscribe.
        libraryRoutes,
        // Comments (comments/): sermon comments, their review, messages to broadcasters.
        commentRoutes,
        // Sermon editing (sermon-editing/): sermons, speakers and series written by their broadcasters.
        sermonEditingRoutes,
        // Feed import (feed-import/): a church's existing podcast feed read, corrected and imported.
        feedImportRoutes,
        // The broadcaster account (broadcaster-account/): sign-up and approval, settings, managers, overview.
        broadcasterAccountRoutes,
        // Articles (articles/): a broadcaster's articles, markdown rendered and sanitised here.
        articleRoutes,
        // Transcripts (transcripts/): a sermon's transcript read, corrected, published as captions.
        transcriptRoutes,
        // Webcasts (webcasts/): live streams, their replays, metadata, stream key, statistics and health.
        webcastRoutes,
      ])
        await routes(api, deps);
      // Restreams (webcasts/multicast/): a broadcaster's destinations, started and stopped while it is live.
      multicastRoutes(api, deps, multicast);
    },
    { prefix: API_BASE },
  );

  await app.register(fastifyStatic, { root: deps.config.mediaDir, serve: false });
  // Media files (media/serving), outside the API base: /media/<storage key>.
  mediaRoutes(app, deps);
  sitemapRoutes(app, deps);
  // Podcast feeds (feeds/): RSS and Atom of broadcasters, speakers and podcast series.
  feedRoutes(app, deps);
  oembedRoutes(app, deps);
  // The webcasts' HLS playlists and segments (webcasts/): /live-media/<webcastID>/….
  liveMediaRoutes(app, deps);

  const rootDir = options.rootDir ?? path.resolve(import.meta.dirname, '../../..');
  if (existsSync(path.join(rootDir, 'dist/server/entry.mjs')))
    sitePages = await mountSite(app, rootDir, { pageCache: deps.config.pageCache, security: deps.config, changes });
  return app;
}
