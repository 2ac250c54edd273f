import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { injectFetch } from './inject-fetch.ts';

/** The dashboard SPA answers under each of these prefixes (spec §2 and DESIGN). */
export const DASHBOARD_PREFIXES = ['/dashboard', '/dashboard-beta', '/django', '/promotions', '/admin', '/video-wall'];

type NodeHandler = (req: unknown, res: unknown, next: (err?: unknown) => void, locals?: object) => void;

/**
 * Serves the built Astro site and dashboard: static files first (long-cached hashed assets),
 * then the dashboard's SPA fallback, then Astro's SSR handler for every other path. Astro runs
 * in @astrojs/node middleware mode behind a catch-all route, so API routes never pass through it.
 */
export async function mountSite(app: FastifyInstance, rootDir: string): Promise<void> {
  const client = path.join(rootDir, 'dist/client');
  await app.register(fastifyStatic, {
    root: client,
    wildcard: false,
    decorateReply: false,
    setHeaders(res, file) {
      if (file.includes(`${path.sep}_astro${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
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
    for (const prefix of DASHBOARD_PREFIXES) {
      app.get(prefix, (req, reply) => sendDashboard(req.url, reply));
      app.get(`${prefix}/*`, (req, reply) => sendDashboard(req.url, reply));
    }
  }

  const entry = (await import(pathToFileURL(path.join(rootDir, 'dist/server/entry.mjs')).href)) as {
    handler: NodeHandler;
  };
  const locals = { kerygma: { fetch: injectFetch(app) } };
  app.all('/*', (req, reply) => {
    reply.hijack();
    entry.handler(
      req.raw,
      reply.raw,
      (err) => {
        // Astro matched nothing (its own 404 page handles unknown pages when it exists).
        reply.raw.statusCode = err ? 500 : 404;
        reply.raw.setHeader('content-type', 'text/plain; charset=utf-8');
        reply.raw.end(err ? 'An error occurred' : 'This page could not be found');
      },
      locals,
    );
  });
}
