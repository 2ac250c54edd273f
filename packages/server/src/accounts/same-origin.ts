import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';
import { isApiPath } from '../http/api-base.ts';
import { isSiteCall } from '../http/in-process.ts';
import { urlsFor } from '../http/request-context.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE, readCookie } from './cookies.ts';

const READS = ['GET', 'HEAD', 'OPTIONS'];

/** The origin a browser says a request came from: Origin, else Referer's origin. */
function senderOrigin(req: FastifyRequest): string | undefined {
  const origin = req.headers.origin;
  if (origin && origin !== 'null') return origin;
  const referer = req.headers.referer;
  return referer && URL.canParse(referer) ? new URL(referer).origin : undefined;
}

/**
 * Cross-site request forgery: an API write that a browser sends from another site is refused
 * (403). A write that carries the session cookies must also say where it came from: browsers
 * always send Origin with such a request, so one without it is not trusted with the cookies.
 * Writes with an API key or a bearer token and no cookies are left alone (no browser sends those
 * on its own).
 */
export function refuseForeignWrites(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): void {
  app.addHook('onRequest', async (req) => {
    if (READS.includes(req.method) || !isApiPath(req.url) || isSiteCall(req)) return;
    const sender = senderOrigin(req);
    const withCookies = readCookie(req, ACCESS_COOKIE) !== undefined || readCookie(req, REFRESH_COOKIE) !== undefined;
    if (sender === undefined && !withCookies) return;
    if (sender !== undefined && sender === urlsFor(config, req).origin) return;
    throw new ApiError(403, 'foreign_origin', { error: { key: 'error.account.foreignOrigin' } });
  });
}
