import type { FastifyRequest } from 'fastify';
import type { Urls } from '../catalogue/dto.ts';
import type { Config } from '../config.ts';
import { invalid } from '../errors.ts';

/** A host name or an IP address in brackets, with an optional port (RFC 9110 §7.2, stricter). */
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(\d{1,5}))?$/;

/**
 * The request's Host header when it names a host URLs can be built on, else undefined (an empty
 * one, 'a b', a port above 65535, '[::1'): such a request is malformed (RFC 9112 §3.2).
 */
export function requestHost(req: FastifyRequest): string | undefined {
  const host = req.host;
  const match = host ? HOST_HEADER.exec(host) : null;
  if (!match || Number(match[1] ?? 0) > 65535) return undefined;
  return URL.canParse(`http://${host}/`) ? host : undefined;
}

/**
 * Origin for absolute URLs: PUBLIC_URL when configured, else the request's own. Without
 * PUBLIC_URL, a malformed Host header is refused (400) rather than guessed at: RFC 9112 asks a
 * server to answer 400 to it, and any origin substituted for it would be a guess that then
 * appears in the answer's links.
 */
export function urlsFor(config: Pick<Config, 'publicUrl'>, req: FastifyRequest): Urls {
  if (config.publicUrl) return { origin: config.publicUrl };
  const host = requestHost(req);
  if (!host) throw invalid({ host: { key: 'error.invalidHost' } });
  return { origin: `${req.protocol}://${host}` };
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
