import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  chooseEncoding,
  compress,
  type Encoding,
  etagMatches,
  MIN_COMPRESS_BYTES,
  weakEtag,
} from '../http/content-coding.ts';
import { collectRenderTags } from './render-tags.ts';

/**
 * HTTP delivery of rendered site pages: every page is rendered into one buffer and sent with a
 * Content-Length (Astro would otherwise stream it in many small chunks), compressed when the
 * client accepts it, with a weak ETag so a matching If-None-Match answers 304. Anonymous pages
 * that say they are shareable (200, `Cache-Control: public`, no Set-Cookie) are also kept in an
 * in-process LRU bounded by bytes for a short TTL and answered from it without rendering.
 *
 * Shareable pages also get `stale-while-revalidate` (when they do not say otherwise), so a
 * browser or CDN may show a just-expired page at once while it fetches the fresh one.
 *
 * What a request must look like to be answered from (or stored in) the cache: GET or HEAD,
 * no Authorization, no cookie other than the locale cookie, and `shareable(req)` true (the site
 * says the page would not redirect or set a cookie for it). Everything else renders every time.
 *
 * Each stored page keeps the tags of what it shows (site/render-tags.ts); `invalidate(tags)`
 * drops the pages holding any of them at once (catalogue changes, catalogue/catalogue-changes.ts),
 * so the TTL can be long. A render that was under way when one of its tags was dropped is sent
 * but not stored: it may have read the catalogue before the change.
 */

/** Renders a request into `res` the Node way (writeHead/write/end), as Astro's handler does. */
export type RenderPage = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export type PageCacheOptions = {
  /** Upper bound of the bytes held (bodies and their compressed forms); 0 turns the cache off. */
  maxBytes: number;
  /** How long a stored page is served without rendering again. */
  ttlMs: number;
  /** Added as `stale-while-revalidate` to shareable pages' Cache-Control; 0 adds nothing. */
  staleWhileRevalidateSeconds?: number;
  /** The only cookie a cached page may be served with (it does not change the page). */
  allowedCookie?: string;
  /** Extra condition on the request (e.g. the site's routing would not set a cookie). */
  shareable?: (req: IncomingMessage) => boolean;
  /**
   * Headers a rendered page gets from its request and body (the security headers), added once
   * when it is rendered and kept with it in the cache, so a cached page keeps its own.
   */
  pageHeaders?: (req: IncomingMessage, page: { headers: OutgoingHttpHeaders; body: Buffer }) => OutgoingHttpHeaders;
  now?: () => number;
};

type Page = {
  status: number;
  /** Headers of the identity response, without content-length. */
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string | undefined;
  /** HTML worth compressing; its compressed forms are made on first use (and kept when cached). */
  compressible: boolean;
  /** Its compressed forms, made once each (concurrent requests share the one being made). */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
};

type Entry = { page: Page; expires: number; bytes: number; tags: readonly string[] };

/** How long past its TTL a page may still be served while its next render runs. */
const MAX_STALE_MS = 60_000;
/** Rough fixed cost of an entry (key, headers, bookkeeping) counted against maxBytes. */
const ENTRY_OVERHEAD = 512;

/** A least-recently-used map bounded by the summed `bytes` of its entries. */
export function byteLru<V extends { bytes: number }>(maxBytes: number, onRemove?: (key: string, value: V) => void) {
  const map = new Map<string, V>();
  let bytes = 0;
  const remove = (key: string) => {
    const old = map.get(key);
    if (!old) return;
    map.delete(key);
    bytes -= old.bytes;
    onRemove?.(key, old);
  };
  const evict = () => {
    for (const oldest of map.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  };
  return {
    get(key: string): V | undefined {
      const value = map.get(key);
      if (value === undefined) return undefined;
      // Map keeps insertion order: re-inserting makes it the most recently used.
      map.delete(key);
      map.set(key, value);
      return value;
    },
    set(key: string, value: V): void {
      remove(key);
      if (value.bytes > maxBytes) return;
      map.set(key, value);
      bytes += value.bytes;
      evict();
    },
    delete: remove,
    /** Grows an entry in place (a compressed form added later). */
    grow(key: string, by: number): void {
      const value = map.get(key);
      if (!value) return;
      value.bytes += by;
      bytes += by;
      evict();
    },
    get size() {
      return map.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

export type PageCache = ReturnType<typeof pageCache>;

/** The page delivery handler around `render`, with its cache (see the module comment). */
export function pageCache(render: RenderPage, options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  /** The keys of the stored pages holding each tag. */
  const byTag = new Map<string, Set<string>>();
  const lru = byteLru<Entry>(options.maxBytes, (key, entry) => {
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  });
  /** Invalidations so far, and the count at which each tag was last dropped (while renders run). */
  let invalidations = 0;
  const droppedAt = new Map<string, number>();
  let cacheableRenders = 0;
  /** Renders in progress of cacheable pages, by key. */
  const rendering = new Map<string, Promise<Page | undefined>>();
  const enabled = options.maxBytes > 0 && options.ttlMs > 0;

  const cacheKey = (req: IncomingMessage): string | undefined => {
    if (!enabled || (req.method !== 'GET' && req.method !== 'HEAD')) return undefined;
    const h = req.headers;
    if (h.authorization || !onlyCookie(h.cookie, options.allowedCookie)) return undefined;
    if (options.shareable && !options.shareable(req)) return undefined;
    // The host is part of the key: absolute links in a page may come from it.
    return `${h.host ?? ''}${req.url ?? '/'}`;
  };

  /** Answers from the cache when it holds a fresh copy for `req`; false when it does not. */
  function serveCached(req: IncomingMessage, res: ServerResponse): boolean {
    const key = cacheKey(req);
    if (key === undefined) return false;
    const entry = lru.get(key);
    if (!entry || entry.expires <= now()) return false;
    send(req, res, entry.page, key).catch(() => res.destroy());
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const key = cacheKey(req);
    if (key !== undefined) {
      const entry = lru.get(key);
      if (entry && entry.expires > now()) return send(req, res, entry.page, key);
      const pending = rendering.get(key);
      if (pending) {
        // One render per page at a time: the others get the expired copy while it runs (briefly
        // stale, as stale-while-revalidate allows), or wait for it when there is none.
        if (entry && entry.expires + MAX_STALE_MS > now()) return send(req, res, entry.page, key);
        const page = await pending.catch(() => undefined);
        if (page && storable(page)) return send(req, res, page, key);
      }
    }
    const startedAt = invalidations;
    const collected = collectRenderTags(() => capture(render, req, res));
    const rendered = collected.done.then((page) => {
      if (page) prepare(page, req);
      return page;
    });
    const shared = key !== undefined && req.method === 'GET' && !rendering.has(key);
    if (shared) rendering.set(key, rendered);
    let page: Page | undefined;
    if (key !== undefined) cacheableRenders++;
    try {
      page = await rendered;
    } finally {
      if (shared) rendering.delete(key);
      if (key !== undefined && --cacheableRenders === 0) droppedAt.clear();
    }
    if (!page) return;
    const tags = [...collected.tags];
    const stale = tags.some((tag) => (droppedAt.get(tag) ?? -1) > startedAt);
    if (key !== undefined && req.method === 'GET' && storable(page) && !stale) {
      lru.set(key, { page, expires: now() + options.ttlMs, bytes: page.body.length + ENTRY_OVERHEAD, tags });
      for (const tag of tags) {
        const keys = byTag.get(tag) ?? new Set<string>();
        keys.add(key);
        byTag.set(tag, keys);
      }
    }
    send(req, res, page, key);
  }

  /** Cache-Control additions of a freshly rendered page. */
  function prepare(page: Page, req: IncomingMessage): void {
    if (options.pageHeaders) Object.assign(page.headers, options.pageHeaders(req, page));
    const stale = options.staleWhileRevalidateSeconds ?? 0;
    const cc = page.headers['cache-control'];
    if (stale > 0 && storable(page) && !/stale-while-revalidate/i.test(String(cc))) {
      page.headers['cache-control'] = `${cc}, stale-while-revalidate=${stale}`;
    }
  }

  /** Sends a page: 304 when the ETag matches, else the body in the best encoding the client takes. */
  async function send(req: IncomingMessage, res: ServerResponse, page: Page, key: string | undefined): Promise<void> {
    if (page.etag && etagMatches(req.headers['if-none-match'], page.etag)) {
      res.writeHead(304, pick(page.headers, ['etag', 'cache-control', 'vary', 'content-location', 'expires']));
      res.end();
      return;
    }
    const encoding = page.compressible ? chooseEncoding(req.headers['accept-encoding']) : undefined;
    let body = page.body;
    const headers: OutgoingHttpHeaders = { ...page.headers };
    if (encoding) {
      let compressed = page.encoded[encoding];
      if (!compressed) {
        compressed = compress(page.body, encoding);
        // Kept with a cached page (and counted against the bound) once made.
        if (key !== undefined && lru.get(key)?.page === page) {
          page.encoded[encoding] = compressed;
          compressed.then(
            (bytes) => lru.get(key)?.page === page && lru.grow(key, bytes.length),
            () => delete page.encoded[encoding],
          );
        }
      }
      body = await compressed;
      headers['content-encoding'] = encoding;
      if (res.destroyed) return;
    }
    headers['content-length'] = body.length;
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** Drops every stored page holding any of `tags`. */
  function invalidate(tags: Iterable<string>): void {
    invalidations++;
    for (const tag of tags) {
      if (cacheableRenders > 0) droppedAt.set(tag, invalidations);
      for (const key of [...(byTag.get(tag) ?? [])]) lru.delete(key);
    }
  }

  return {
    handle,
    serveCached,
    invalidate,
    get entries() {
      return lru.size;
    },
    get bytes() {
      return lru.bytes;
    },
  };
}

/**
 * Runs `render` with `res`'s output captured: writeHead/write/end are shadowed on the instance
 * until the render ends, then restored. Resolves to the page, or undefined when the renderer
 * gave up on the response (destroyed it).
 */
function capture(render: RenderPage, req: IncomingMessage, res: ServerResponse): Promise<Page | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let head: { status: number; headers: OutgoingHttpHeaders } | undefined;
    const restore = () => {
      delete (res as Partial<ServerResponse>).writeHead;
      delete (res as Partial<ServerResponse>).write;
      delete (res as Partial<ServerResponse>).end;
    };
    const add = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      if (typeof chunk === 'string') {
        chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
        return;
      }
      // A view, not a copy: like a socket, the capture keeps what it was given.
      const bytes = chunk as Uint8Array;
      chunks.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    };
    const callbackOf = (args: unknown[]) => args.find((a) => typeof a === 'function') as (() => void) | undefined;
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      const headers = rest.find((r) => r && typeof r === 'object') as OutgoingHttpHeaders | undefined;
      head = { status, headers: { ...res.getHeaders(), ...lowerKeys(headers) } };
      return res;
    }) as ServerResponse['writeHead'];
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      add(chunk, rest[0]);
      const done = callbackOf(rest);
      if (done) queueMicrotask(done);
      return true;
    }) as ServerResponse['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      add(chunk, rest[0]);
      restore();
      const headers = head?.headers ?? { ...res.getHeaders() };
      delete headers['content-length'];
      delete headers['transfer-encoding'];
      const status = head?.status ?? res.statusCode;
      const body = Buffer.concat(chunks);
      const compressible =
        body.length >= MIN_COMPRESS_BYTES &&
        !headers['content-encoding'] &&
        /^text\/html/i.test(String(headers['content-type'] ?? ''));
      // The body then depends on Accept-Encoding: caches downstream must know.
      if (compressible) headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
      if (status === 200 && !headers.etag) headers.etag = weakEtag(body);
      const etag = status === 200 ? (headers.etag as string | undefined) : undefined;
      resolve({ status, headers, body, etag, compressible, encoded: {} });
      const done = callbackOf(rest);
      if (done) queueMicrotask(done);
      return res;
    }) as ServerResponse['end'];
    res.once('close', () => {
      if (!res.writableEnded) {
        restore();
        resolve(undefined);
      }
    });
    Promise.resolve()
      .then(() => render(req, res))
      .catch((error: unknown) => {
        restore();
        reject(error);
      });
  });
}

/** A page the cache may keep: a successful, public answer that sets no cookie. */
function storable(page: Page): boolean {
  const cc = String(page.headers['cache-control'] ?? '').toLowerCase();
  return (
    page.status === 200 &&
    page.headers['set-cookie'] === undefined &&
    /\bpublic\b/.test(cc) &&
    !/\b(no-store|private|no-cache)\b/.test(cc)
  );
}

/** True when the Cookie header is absent or holds only `allowed`. */
function onlyCookie(header: string | undefined, allowed: string | undefined): boolean {
  if (!header) return true;
  if (!allowed) return false;
  return header.split(';').every((pair) => {
    const name = pair.slice(0, pair.indexOf('=')).trim();
    return name === allowed || pair.trim() === '';
  });
}

function lowerKeys(headers: OutgoingHttpHeaders | undefined): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

function pick(headers: OutgoingHttpHeaders, names: string[]): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const name of names) if (headers[name] !== undefined) out[name] = headers[name];
  return out;
}
