import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';

/**
 * HTTP content negotiation shared by the site's pages (site/page-cache.ts) and the API's answers
 * (api-delivery.ts): which compression a client takes, compression off the main thread, and
 * weak ETags with their If-None-Match comparison.
 */

export type Encoding = 'br' | 'gzip';

/** Smaller bodies are not worth compressing. */
export const MIN_COMPRESS_BYTES = 1024;

/** The best encoding `Accept-Encoding` allows: brotli, then gzip, else none. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses on libuv's thread pool, not the main thread: brotli of a 50-70 KB page takes about
 * a quarter of a render's throughput, and on the main thread it held up every other request
 * meanwhile (bench/README.md, "Compression and renders").
 */
export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 6 });
}

/** A weak ETag from the body's bytes. */
export function weakEtag(body: Buffer | string): string {
  return `W/"${hash('sha1', body, 'base64url').slice(0, 22)}"`;
}

/** If-None-Match against an ETag, by weak comparison (RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
