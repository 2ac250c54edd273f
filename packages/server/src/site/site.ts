import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { LOCALE_COOKIE, LOCALES, readLocaleCookie } from '@kerygma/i18n/locales';
import { routeRequest } from '@kerygma/routing/locale-routing';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CatalogueChanges, changeTags } from '../catalogue/catalogue-changes.ts';
import { directiveScriptHashes, type SecurityOptions, securityHeaders } from '../http/security-headers.ts';
import { injectFetch } from './inject-fetch.ts';
import { pageCache } from './page-cache.ts';

/** The dashboard SPA answers under each of these prefixes (spec §2 and DESIGN). */
export const DASHBOARD_PREFIXES = ['/dashboard', '/dashboard-beta', '/django', '/promotions', '/admin', '/video-wall'];

/** Catalogue pages say `max-age=60`; a copy up to five minutes older may show while it refreshes. */
const STALE_WHILE_REVALIDATE_SECONDS = 300;

type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
  locals?: object,
) => void | Promise<void>;

export type SiteOptions = {
  /** The in-process page cache (page-cache.ts): bytes held (0 = off) and time to live. */
  pageCache: { maxBytes: number; ttlMs: number };
  /** The security headers' settings (http/security-headers.ts). */
  security: SecurityOptions;
  /** Catalogue changes: the pages showing what changed are dropped from the cache at once. */
  changes?: CatalogueChanges;
};

/**
 * Serves the built Astro site and dashboard: static files first (long-cached hashed assets),
 * then the dashboard's SPA fallback, then Astro's SSR handler for every other path. Astro runs
 * in @astrojs/node middleware mode behind a catch-all route, so API routes never pass through it.
 */
export async function mountSite(app: FastifyInstance, rootDir: string, options: SiteOptions): Promise<SitePages> {
  const client = path.join(rootDir, 'dist/client');
  await app.register(fastifyStatic, {
    root: client,
    wildcard: false,
    decorateReply: false,
    // Brotli/gzip files written at build time (astro.config.mjs) for browsers that accept them.
    preCompressed: true,
    setHeaders(res, file) {
      if (!file.includes(`${path.sep}_astro${path.sep}`)) return;
      // Named by their content, so never revalidated: validators and ranges would only be bytes
      // every first visit pays for, on each of the page's scripts.
      res.header('cache-control', 'public, max-age=31536000, immutable');
      for (const name of ['etag', 'last-modified', 'accept-ranges']) res.removeHeader(name);
    },
  });

  const dashboard = path.join(rootDir, 'dashboard/dist');
  if (existsSync(dashboard)) {
    await app.register(fastifyStatic, { root: dashboard, prefix: '/__dashboard/', serve: false, decorateReply: false });
    const sendDashboard = (url: string, reply: import('fastify').FastifyReply) => {
      const assets = url.indexOf('/assets/');
      const file = assets >= 0 ? (url.slice(assets + 1).split('?')[0] ?? '') : 'index.html';
      const target = existsSync(path.join(dashboard, file)) ? file : 'index.html';
      if (target === 'index.html') reply.header('cache-control', 'no-cache');
      else reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(target, dashboard);
    };
    // Under every language's prefix too, as every page (spec §2): the SPA reads its language from the path.
    for (const { prefix: language } of LOCALES) {
      for (const prefix of DASHBOARD_PREFIXES) {
        app.get(`${language}${prefix}`, (req, reply) => sendDashboard(req.url, reply));
        app.get(`${language}${prefix}/*`, (req, reply) => sendDashboard(req.url, reply));
      }
    }
  }

  const entry = (await import(pathToFileURL(path.join(rootDir, 'dist/server/entry.mjs')).href)) as {
    handler: NodeHandler;
  };
  const security: SecurityOptions = {
    ...options.security,
    siteScriptHashes: directiveScriptHashes(await readFile(path.join(rootDir, 'dist/server/entry.mjs'), 'utf8')),
  };
  const kerygma = { fetch: injectFetch(app) };
  const render = (req: IncomingMessage, res: ServerResponse) =>
    entry.handler(
      req,
      res,
      (err) => {
        // Astro matched nothing (its own 404 page handles unknown pages when it exists).
        res.statusCode = err ? 500 : 404;
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end(err ? 'An error occurred' : 'This page could not be found');
      },
      // Astro.locals is this very object, and the middleware sets each request's language on
      // it: one per request, or concurrent pages render in each other's language.
      { kerygma },
    );
  const pages = pageCache(render, {
    ...options.pageCache,
    staleWhileRevalidateSeconds: STALE_WHILE_REVALIDATE_SECONDS,
    allowedCookie: LOCALE_COOKIE,
    shareable,
    // The CSP allows the page's own inline scripts by hash: computed from what was rendered.
    pageHeaders: (req, page) => {
      const html = /^text\/html/i.test(String(page.headers['content-type'] ?? ''));
      return securityHeaders(req, { html: html ? page.body.toString('utf8') : undefined }, security);
    },
  });
  options.changes?.subscribe((change) => pages.invalidate(changeTags(change)));
  // Fresh cached pages are answered before Fastify parses and routes the request (a page's path
  // reaches only this catch-all, and nothing else runs for it): about half the cost of a hit.
  const [fastifyListener] = app.server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (fastifyListener) {
    app.server.removeListener('request', fastifyListener);
    app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!pages.serveCached(req, res)) fastifyListener(req, res);
    });
  }
  const answer: SitePages = (req, reply) => {
    reply.hijack();
    pages.handle(req.raw, reply.raw).catch((error: unknown) => {
      req.log.error(error);
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      reply.raw.end('An error occurred');
    });
  };
  // A form posted to a page (a webcast's password) must reach Astro with its body unread: with
  // no parser for its type Fastify answered 415 before any page saw it, and Astro reads the body
  // itself. Only in this scope, so no API route takes bodies it does not declare.
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.all('/*', answer);
  });
  return answer;
}

/** Answers a request with a page of the site (its 404 page when no page has that path). */
export type SitePages = (req: FastifyRequest, reply: FastifyReply) => void;

/**
 * The path with each segment that does not decode (bad percent-encoding: '/%ff') taken
 * literally ('/%25ff'), so that the site can answer it with its not-found page.
 */
export function literalBadSegments(url: string): string {
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  const fixed = pathname
    .split('/')
    .map((segment) => {
      try {
        decodeURIComponent(segment);
        return segment;
      } catch {
        return segment.replaceAll('%', '%25');
      }
    })
    .join('/');
  return q === -1 ? fixed : fixed + url.slice(q);
}

/**
 * A page answer may be shared with other requests for the same URL unless the site's routing
 * would redirect this request (locale detection on '/') or set the locale cookie on it.
 */
function shareable(req: IncomingMessage): boolean {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const h = req.headers;
  const decision = routeRequest({
    method: req.method ?? 'GET',
    pathname: q === -1 ? url : url.slice(0, q),
    search: q === -1 ? '' : url.slice(q),
    cookie: readLocaleCookie(h.cookie),
    acceptLanguage: h['accept-language'] ?? null,
    fetchSite: header(h['sec-fetch-site']),
    fetchDest: header(h['sec-fetch-dest']),
    accept: h.accept ?? null,
    referer: h.referer ?? null,
    host: h.host ?? null,
  });
  return decision.kind === 'page' && !decision.setCookie;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null));
