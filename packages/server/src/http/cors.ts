import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-base.ts';

const READS = ['GET', 'HEAD'];
/** Request headers a read from another origin may send (beyond those browsers always allow). */
const READ_HEADERS = ['accept', 'accept-language', 'content-language', 'x-api-key', 'if-none-match', 'cache-control'];

/**
 * Cross-origin reads of the API: any site's scripts may GET and HEAD it (answers carry
 * `Access-Control-Allow-Origin: *`, never with cookies), and a preflight for such a read is
 * answered here. Preflights for anything else (writes, the tus upload endpoints with their own
 * headers) are left to the routes, which do not allow them.
 */
export function allowCrossOriginReads(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!isApiPath(req.url)) return;
    if (READS.includes(req.method)) {
      reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'ETag, Retry-After');
      return;
    }
    const method = String(req.headers['access-control-request-method'] ?? '').toUpperCase();
    if (req.method !== 'OPTIONS' || !READS.includes(method)) return;
    const asked = String(req.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    if (!asked.every((name) => READ_HEADERS.includes(name))) return;
    return reply
      .status(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', READS.join(', '))
      .header('access-control-allow-headers', READ_HEADERS.join(', '))
      .header('access-control-max-age', '86400')
      .send();
  });
}
