import type { FastifyInstance } from 'fastify';

/**
 * A fetch for server-side rendering that hands API requests straight to Fastify's router
 * (app.inject) instead of going out through a socket to ourselves.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: { ...headers, host: url.host },
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(res.rawPayload, {
      status: res.statusCode,
      headers: Object.entries(res.headers).flatMap(([k, v]) =>
        v === undefined ? [] : (Array.isArray(v) ? v : [String(v)]).map((item) => [k, item] as [string, string]),
      ),
    });
  };
}
