import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { LOCALE_CODES } from '@kerygma/i18n/locales';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Security headers on every answer (API, media, static files here; site pages through the page
 * cache, site/site.ts, which stores them with the page):
 *
 * - `Content-Security-Policy` on HTML: scripts from our origin and the page's own inline scripts
 *   by their SHA-256 (computed from the rendered page, so a cached page and its header always
 *   agree; no 'unsafe-inline' for scripts). Styles allow 'unsafe-inline': Astro inlines every
 *   stylesheet (`inlineStylesheets: 'always'`) and islands render `style` attributes, which a
 *   hash cannot allow without 'unsafe-hashes'. Media, images and their streams may come from the
 *   media store's host (S3 or a CDN), so those allow any https origin. JSON gets `default-src 'none'`.
 * - Framing refused (`frame-ancestors 'none'`, `X-Frame-Options: DENY`) except the embeds
 *   (`/embed/…`, `/player/…`: any site may frame them) and the classic admin's screens
 *   (`/django/…`: only CLASSIC_ADMIN_ORIGINS may).
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`.
 * - Scripts and stylesheets get `nosniff` alone: they are never a document that could be framed
 *   or send a referrer of its own, and a slow phone pays for every header byte of each file.
 * - `Strict-Transport-Security` only when PUBLIC_URL is https or the request came over TLS.
 */

export type SecurityOptions = Pick<Config, 'publicUrl' | 'classicAdminOrigins'> & {
  /**
   * Hashes every site page allows besides its own inline scripts: the site's island hydration
   * scripts (site/site.ts, `directiveScriptHashes`). Astro inlines a directive's script only in
   * the pages whose islands use it, and a navigation inside the site (its view transitions)
   * keeps the first page's policy while running the next page's scripts: without these, an
   * island of a kind the first page lacked would never hydrate.
   */
  siteScriptHashes?: readonly string[];
};

const LOCALE_PREFIX = new RegExp(`^/(?:${LOCALE_CODES.join('|')})(?=/|$)`);

/** Who may frame the page at `pathname`. */
export function framing(pathname: string): 'anyone' | 'classicAdmin' | 'nobody' {
  const path = pathname.replace(LOCALE_PREFIX, '');
  if (/^\/(embed|player)(\/|$)/.test(path)) return 'anyone';
  if (/^\/django(\/|$)/.test(path)) return 'classicAdmin';
  return 'nobody';
}

/** The `'sha256-…'` sources of the executable inline scripts of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    // Data blocks (JSON-LD, a page's JSON) are never run, so need no hash.
    if (type && !/^(module|(text|application)\/(java|ecma)script)$/i.test(type)) continue;
    hashes.add(scriptHash(m[2] ?? ''));
  }
  return [...hashes];
}

/** The `'sha256-…'` source of one script's text. */
export const scriptHash = (script: string): string =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * The hashes of the island hydration scripts of a built Astro site, read from its server
 * entry's serialized manifest (`"clientDirectives":[[name, script], …]`): the exact text Astro
 * inlines as `<script>…</script>` in a page that has an island of that kind.
 */
export function directiveScriptHashes(entrySource: string): string[] {
  const start = entrySource.indexOf('"clientDirectives":[');
  if (start < 0) return [];
  let i = start + '"clientDirectives":'.length;
  const from = i;
  let depth = 0;
  let inString = false;
  for (; i < entrySource.length; i++) {
    const c = entrySource[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) break;
  }
  const directives = JSON.parse(entrySource.slice(from, i + 1)) as [string, string][];
  return directives.map(([, script]) => scriptHash(script));
}

function frameAncestors(pathname: string, options: SecurityOptions): string {
  const who = framing(pathname);
  if (who === 'anyone') return '*';
  if (who === 'classicAdmin') return ["'self'", ...options.classicAdminOrigins].join(' ');
  return "'none'";
}

/** The policy of an HTML page at `pathname` whose inline scripts have `hashes`. */
export function pagePolicy(pathname: string, hashes: readonly string[], options: SecurityOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self'${hashes.length ? ` ${hashes.join(' ')}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "connect-src 'self' https:",
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors(pathname, options)}`,
  ].join('; ');
}

/**
 * The security headers of one answer. `html`: the body of an HTML answer (its inline scripts
 * are hashed); `json`: a JSON answer; `subresource`: a script or stylesheet; none: files (media,
 * pictures, documents).
 */
export function securityHeaders(
  req: Pick<IncomingMessage, 'url' | 'socket'>,
  body: { html?: string; json?: boolean; subresource?: boolean },
  options: SecurityOptions,
): Record<string, string> {
  if (body.subresource) return { 'x-content-type-options': 'nosniff' };
  const pathname = (req.url ?? '/').split('?')[0] as string;
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  if (body.html !== undefined) {
    const own = inlineScriptHashes(body.html);
    const hashes = [...new Set([...own, ...(options.siteScriptHashes ?? [])])];
    headers['content-security-policy'] = pagePolicy(pathname, hashes, options);
  } else if (body.json) {
    headers['content-security-policy'] = `default-src 'none'; frame-ancestors ${frameAncestors(pathname, options)}`;
  } else {
    headers['content-security-policy'] = `frame-ancestors ${frameAncestors(pathname, options)}`;
  }
  if (framing(pathname) === 'nobody') headers['x-frame-options'] = 'DENY';
  if (options.publicUrl?.startsWith('https:') || (req.socket as TLSSocket | undefined)?.encrypted) {
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  }
  return headers;
}

/** Adds the headers to every answer Fastify sends (site pages get theirs from the page cache). */
export function addSecurityHeaders(app: FastifyInstance, options: SecurityOptions): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const html = /^text\/html/i.test(type);
    const headers = securityHeaders(
      req.raw,
      {
        // An HTML answer sent as a stream (a file) has no inline script of ours to allow.
        html: html
          ? typeof payload === 'string'
            ? payload
            : Buffer.isBuffer(payload)
              ? payload.toString()
              : ''
          : undefined,
        json: /json/i.test(type),
        subresource: /javascript|^text\/css/i.test(type),
      },
      options,
    );
    for (const [name, value] of Object.entries(headers)) if (!reply.hasHeader(name)) reply.header(name, value);
    return payload;
  });
}
