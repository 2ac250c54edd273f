import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * API answers handed to the site's server render as the objects the route returned, without
 * writing them as JSON and parsing them back (site/inject-fetch.ts). A request asks for this
 * with a header holding a token made at start, which no client outside the process can know;
 * its reply then carries an empty body and the object rides on the injected request. Renders
 * read these objects and never change them: parts may be shared with the server's caches (a
 * broadcaster's social links come from the entity cache's row, which is frozen, so that a
 * render changing it throws instead of changing it for every later request).
 */
export const IN_PROCESS_HEADER = 'x-kerygma-in-process';
/** Marks every API call of the site's own render, answered as object or not (site/inject-fetch.ts). */
const SITE_CALL_HEADER = 'x-kerygma-site';
const token = randomBytes(16).toString('hex');
const PAYLOAD = Symbol('in-process payload');

type Carrier = { [PAYLOAD]?: unknown };

/** The headers with which an injected request asks for its answer as an object. */
export const inProcessHeaders = { [IN_PROCESS_HEADER]: token };

/**
 * The headers of every API call the site's server render makes in-process: such calls are not
 * rate-limited, compressed or given cache validators (http/api-delivery.ts, rate-limit.ts).
 */
export const siteCallHeaders = { [SITE_CALL_HEADER]: token };

/** Whether a request is one of the site's own in-process calls (no outside client knows the token). */
export function isSiteCall(req: FastifyRequest): boolean {
  return req.headers[SITE_CALL_HEADER] === token;
}

/** Registered before the routes, so that every route's reply passes through it. */
export function answerInProcess(app: FastifyInstance): void {
  app.addHook('preSerialization', (req, reply, payload, done) => {
    if (req.headers[IN_PROCESS_HEADER] === token) {
      (req.raw as Carrier)[PAYLOAD] = payload;
      reply.serializer(() => '');
    }
    done(null, payload);
  });
}

/** The object a route answered an in-process request with, if it answered with one. */
export function inProcessPayload(rawRequest: object): { value: unknown } | undefined {
  const carrier = rawRequest as Carrier;
  return PAYLOAD in carrier ? { value: carrier[PAYLOAD] } : undefined;
}
