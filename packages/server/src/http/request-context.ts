import type { FastifyRequest } from 'fastify';
import type { Urls } from '../catalogue/dto.ts';
import type { Config } from '../config.ts';

/** Origin for absolute URLs: PUBLIC_URL when configured, else the request's own. */
export function urlsFor(config: Pick<Config, 'publicUrl'>, req: FastifyRequest): Urls {
  return { origin: config.publicUrl ?? `${req.protocol}://${req.host}` };
}

/** Primary language subtag of the request's preferred language ('en' when none). */
export function requestLanguage(req: FastifyRequest): string {
  const header = req.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return first?.split(/[-_;]/)[0]?.toLowerCase() || 'en';
}

export function requestUrl(urls: Urls, req: FastifyRequest): URL {
  return new URL(req.url, urls.origin);
}
