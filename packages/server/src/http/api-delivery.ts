import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './api-base.ts';
import { capMaxAge, requestedLifetime } from './cache-hints.ts';
import { chooseEncoding, compress, etagMatches, MIN_COMPRESS_BYTES, weakEtag } from './content-coding.ts';
import { isSiteCall } from './in-process.ts';

/** Public reads whose route says nothing: lists change often, as the site's pages say. */
const DEFAULT_CACHE_CONTROL = 'public, max-age=60';
/** Headers that carry a client's credentials: its answers are for it alone. */
const CREDENTIALS = ['authorization', 'x-api-key'];

/**
 * How the API's answers go out (not the site's own in-process calls, which never leave the
 * process): reads get a Cache-Control (the route's, else a minute; `private` with credentials;
 * shortened by the client's hints, cache-hints.ts) and a weak ETag that answers a matching
 * If-None-Match with 304; errors are not stored; bodies of 1 KB and more are compressed with
 * brotli or gzip when the client asks, on libuv's thread pool (content-coding.ts).
 */
export function deliverApiAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!isApiPath(req.url) || isSiteCall(req)) return payload;
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined;
    if (reply.statusCode >= 400) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    } else if (req.method === 'GET' || req.method === 'HEAD') {
      reply.header('cache-control', readCacheControl(req, reply));
      addVary(reply, 'Accept-Language');
      if (reply.statusCode === 200 && body !== undefined) {
        const etag = weakEtag(body);
        reply.header('etag', etag);
        if (etagMatches(req.headers['if-none-match'], etag)) {
          reply.code(304).removeHeader('content-type').removeHeader('content-length');
          return '';
        }
      }
    }
    return body === undefined ? payload : compressed(req, reply, body);
  });
}

function readCacheControl(req: FastifyRequest, reply: FastifyReply): string {
  let value = String(reply.getHeader('cache-control') ?? DEFAULT_CACHE_CONTROL);
  if (CREDENTIALS.some((name) => req.headers[name] !== undefined)) value = value.replace(/\bpublic\b/i, 'private');
  const asked = requestedLifetime(req);
  return asked === undefined ? value : capMaxAge(value, asked);
}

async function compressed(req: FastifyRequest, reply: FastifyReply, body: string | Buffer): Promise<string | Buffer> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const type = String(reply.getHeader('content-type') ?? '');
  if (bytes.length < MIN_COMPRESS_BYTES || reply.hasHeader('content-encoding') || !/json|text|xml/i.test(type)) {
    return body;
  }
  // The body now depends on Accept-Encoding: caches downstream must know.
  addVary(reply, 'Accept-Encoding');
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (!encoding) return body;
  reply.header('content-encoding', encoding).removeHeader('content-length');
  return compress(bytes, encoding);
}

function addVary(reply: FastifyReply, name: string): void {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', name);
  else if (!String(vary).toLowerCase().includes(name.toLowerCase())) reply.header('vary', `${vary}, ${name}`);
}
