import type { FastifyInstance } from 'fastify';
import { API_BASE, isApiPath } from './api-base.ts';
import { isSiteCall } from './in-process.ts';
import { messageTranslator } from './messages.ts';

export type RateLimit = { limit: number; windowMs: number };

/**
 * Counts requests per key in fixed windows (every key's count starts again when a window ends,
 * so memory holds one window's addresses). `take(key)` counts one request and answers undefined
 * when it is within the limit, else the milliseconds until the window ends.
 */
export function windowCounter({ limit, windowMs }: RateLimit, now: () => number = Date.now) {
  let counts = new Map<string, number>();
  let windowEnds = 0;
  return (key: string): number | undefined => {
    const t = now();
    if (t >= windowEnds) {
      counts = new Map();
      windowEnds = t + windowMs;
    }
    const count = (counts.get(key) ?? 0) + 1;
    if (count > limit) return windowEnds - t;
    counts.set(key, count);
    return undefined;
  };
}

/**
 * Limits each client address's requests to the API (API_RATE_LIMIT per
 * API_RATE_LIMIT_WINDOW_SECONDS): past it, 429 in the API's error shape with Retry-After. Not
 * counted: the site's own server-side calls, CORS preflights and the health check.
 */
export function limitApiRate(app: FastifyInstance, options: RateLimit, now?: () => number): void {
  if (options.limit === 0) return;
  const take = windowCounter(options, now);
  app.addHook('onRequest', async (req, reply) => {
    if (!isApiPath(req.url) || isSiteCall(req) || req.method === 'OPTIONS') return;
    if (req.url.startsWith(`${API_BASE}/healthz`)) return;
    const waitMs = take(req.ip);
    if (waitMs === undefined) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const t = await messageTranslator(req);
    return reply
      .status(429)
      .header('retry-after', String(seconds))
      .send({
        errors: { error: t({ key: 'error.rateLimited', params: { seconds } }) },
        status: 429,
        code: 'rate_limited',
      });
  });
}
