import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-base.ts';
import { messageTranslator } from './messages.ts';

/** Every method some route here answers; the tus upload endpoints use OPTIONS, PATCH and DELETE. */
const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Any other method (TRACE, CONNECT, PROPFIND, …) answers 405 with an Allow header, in the API's
 * error shape, before routing. Before, the site's catch-all route took TRACE and Astro could not
 * build a request from it (a plain-text 500). Browsers cannot send these methods (fetch refuses
 * them), so the answer is for tools, on pages too: pages may be read with GET and HEAD.
 */
export function refuseUnsupportedMethods(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (SERVED_METHODS.includes(req.method)) return;
    const t = await messageTranslator(req);
    const api = isApiPath(req.url);
    return reply
      .status(405)
      .header('allow', api ? SERVED_METHODS.join(', ') : 'GET, HEAD')
      .send({
        errors: { error: t({ key: 'error.methodNotAllowed', params: { method: req.method } }) },
        status: 405,
        code: 'method_not_allowed',
      });
  });
}
