import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { byteLru, type PageCacheOptions, pageCache } from './page-cache.ts';

/**
 * The page delivery layer over real HTTP: a renderer that answers like Astro's handler
 * (writeHead, body in several writes, end) and counts its renders, so a test sees when an answer
 * came from the cache.
 */
type Answer = {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: string;
  /** The render finishes when this settles (to hold renders in flight). */
  until?: Promise<void>;
};

async function serve(answer: (req: IncomingMessage) => Answer, options: Partial<PageCacheOptions> = {}) {
  let renders = 0;
  let clock = 1_000_000;
  const pages = pageCache(
    async (req: IncomingMessage, res: ServerResponse) => {
      renders++;
      const a = answer(req);
      await a.until;
      res.writeHead(a.status ?? 200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'public, max-age=60',
        ...a.headers,
      });
      const body = a.body ?? `<p>${req.url} rendered ${renders}</p>`;
      const half = Math.floor(body.length / 2);
      res.write(body.slice(0, half));
      res.write(Buffer.from(body.slice(half)));
      res.end();
    },
    { maxBytes: 1_000_000, ttlMs: 10_000, allowedCookie: 'i18n_redirected', now: () => clock, ...options },
  );
  const server = http.createServer((req, res) => void pages.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  return {
    pages,
    origin,
    get renders() {
      return renders;
    },
    advance(ms: number) {
      clock += ms;
    },
    // fetch() asks for compression unless told otherwise; plain bodies keep the byte counts exact.
    get: (path: string, headers: Record<string, string> = {}, method = 'GET') =>
      fetch(`${origin}${path}`, { method, headers: { 'accept-encoding': 'identity', ...headers } }),
  };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('page delivery', () => {
  it('sends the whole page with a Content-Length and a weak ETag, and 304 when If-None-Match matches', async () => {
    const site = await serve(() => ({}));
    const first = await site.get('/sermons');
    const body = await first.text();
    expect(first.status).toBe(200);
    expect(body).toBe('<p>/sermons rendered 1</p>');
    expect(first.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);

    const revalidated = await site.get('/sermons', { 'if-none-match': `"other", ${etag}` });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=60');

    const changed = await site.get('/sermons', { 'if-none-match': '"other"' });
    expect(changed.status).toBe(200);
  });

  it('adds stale-while-revalidate to shareable pages only', async () => {
    const answers: Record<string, Answer> = {
      '/private': { headers: { 'Cache-Control': 'private, no-cache' } },
      '/own': { headers: { 'Cache-Control': 'public, max-age=5, stale-while-revalidate=9' } },
    };
    const site = await serve((req) => answers[req.url ?? ''] ?? {}, { staleWhileRevalidateSeconds: 300 });
    const cc = async (path: string) => (await site.get(path)).headers.get('cache-control');
    expect(await cc('/list')).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(await cc('/list')).toBe('public, max-age=60, stale-while-revalidate=300'); // from the cache
    expect(await cc('/private')).toBe('private, no-cache');
    expect(await cc('/own')).toBe('public, max-age=5, stale-while-revalidate=9');
  });

  it('answers 304 from a fresh render too when the cache is off', async () => {
    const site = await serve(() => ({ body: 'same page' }), { maxBytes: 0 });
    const etag = (await site.get('/')).headers.get('etag') ?? '';
    const again = await site.get('/', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(site.renders).toBe(2);
    expect(site.pages.entries).toBe(0);
  });

  it('serves an anonymous GET from the cache until the TTL ends, keyed by URL with its query', async () => {
    const site = await serve(() => ({}));
    expect(await (await site.get('/sermons?page=2')).text()).toBe('<p>/sermons?page=2 rendered 1</p>');
    expect(await (await site.get('/sermons?page=2')).text()).toBe('<p>/sermons?page=2 rendered 1</p>');
    expect(await (await site.get('/sermons?page=3')).text()).toBe('<p>/sermons?page=3 rendered 2</p>');
    // The locale cookie does not change a page, so it does not stop the cache.
    const withLocale = await site.get('/sermons?page=2', { cookie: 'i18n_redirected=de' });
    expect(await withLocale.text()).toBe('<p>/sermons?page=2 rendered 1</p>');
    const head = await site.get('/sermons?page=2', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(site.renders).toBe(2);

    site.advance(10_001);
    expect(await (await site.get('/sermons?page=2')).text()).toBe('<p>/sermons?page=2 rendered 3</p>');
    expect(await (await site.get('/sermons?page=2')).text()).toBe('<p>/sermons?page=2 rendered 3</p>');
  });

  it('renders a page once for concurrent requests, and serves the expired copy while it renders again', async () => {
    let release = () => {};
    let gate = Promise.resolve();
    const hold = () => {
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
    };
    const site = await serve(() => ({ until: gate }));
    hold();
    const first = Array.from({ length: 5 }, () => site.get('/hot').then((r) => r.text()));
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(new Set(await Promise.all(first))).toEqual(new Set(['<p>/hot rendered 1</p>']));
    expect(site.renders).toBe(1);

    site.advance(10_001);
    hold();
    const refresh = site.get('/hot').then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50));
    expect(await (await site.get('/hot')).text()).toBe('<p>/hot rendered 1</p>'); // stale, not waiting
    release();
    expect(await refresh).toBe('<p>/hot rendered 2</p>');
    expect(await (await site.get('/hot')).text()).toBe('<p>/hot rendered 2</p>');
    expect(site.renders).toBe(2);
  });

  it('answers fresh cached pages alone through serveCached (before any routing)', async () => {
    const site = await serve(() => ({}));
    const server = http.createServer((req, res) => {
      if (!site.pages.serveCached(req, res)) {
        res.writeHead(599);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    // Same Host as the rendering server's (the host is part of the key).
    const front = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const port = (server.address() as AddressInfo).port;
        http
          .get({ port, path, headers: { host: new URL(site.origin).host, ...headers } }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => {
              body += c.toString();
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
    expect((await front('/page')).status).toBe(599);
    await site.get('/page');
    expect(await front('/page')).toEqual({ status: 200, body: '<p>/page rendered 1</p>' });
    expect((await front('/page', { cookie: 'session=1' })).status).toBe(599);
    site.advance(10_001);
    expect((await front('/page')).status).toBe(599);
  });

  it('never caches for a session cookie, an Authorization header, a POST, or a request the site marks personal', async () => {
    const site = await serve(() => ({}), { shareable: (req) => req.headers['x-personal'] === undefined });
    await site.get('/a');
    expect(await (await site.get('/a', { cookie: 'i18n_redirected=en; access_token=x' })).text()).toBe(
      '<p>/a rendered 2</p>',
    );
    expect(await (await site.get('/a', { authorization: 'Bearer x' })).text()).toBe('<p>/a rendered 3</p>');
    expect(await (await site.get('/a', {}, 'POST')).text()).toBe('<p>/a rendered 4</p>');
    expect(await (await site.get('/a', { 'x-personal': '1' })).text()).toBe('<p>/a rendered 5</p>');
    expect(await (await site.get('/a')).text()).toBe('<p>/a rendered 1</p>');
    // A session request never stores what it got.
    await site.get('/b', { cookie: 'session=1' });
    expect(site.pages.entries).toBe(1);
  });

  it('never stores errors, private answers or answers that set a cookie', async () => {
    const answers: Record<string, Answer> = {
      '/missing': { status: 404 },
      '/broken': { status: 500, headers: { 'Cache-Control': 'no-store' } },
      '/private': { headers: { 'Cache-Control': 'private, no-cache' } },
      '/cookie': { headers: { 'Set-Cookie': 'i18n_redirected=de; Path=/' } },
      '/unmarked': { headers: { 'Cache-Control': '' } },
    };
    const site = await serve((req) => answers[req.url ?? ''] ?? {});
    for (const path of Object.keys(answers)) {
      const first = await site.get(path);
      const second = await site.get(path);
      expect(first.status).toBe(answers[path]?.status ?? 200);
      expect(await second.text()).not.toBe(await first.text());
      if (first.status !== 200) expect(first.headers.get('etag')).toBeNull();
    }
    expect(site.pages.entries).toBe(0);
  });

  it('compresses HTML for clients that accept it and keeps the compressed form with the cached page', async () => {
    const html = `<ul>${'<li>A sermon on grace</li>'.repeat(200)}</ul>`;
    const site = await serve(() => ({ body: html }));
    const plain = await site.get('/list', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const bytesBefore = site.pages.bytes;

    // fetch() decodes the body itself; read the raw bytes with node:http instead.
    const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${site.origin}/list`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
    expect(raw.body.length).toBeLessThan(html.length / 10);
    expect(gunzipSync(raw.body).toString()).toBe(html);
    expect(site.pages.bytes).toBe(bytesBefore + raw.body.length);

    const br = await site.get('/list', { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(html);
    expect(site.renders).toBe(1);
  });

  it('compresses a cached page once when many clients ask for the same encoding at the same time', async () => {
    const html = `<ol>${'<li>Psalm 23: The Lord is my shepherd</li>'.repeat(300)}</ol>`;
    const site = await serve(() => ({ body: html }));
    await site.get('/psalms');
    const bytesBefore = site.pages.bytes;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => site.get('/psalms', { 'accept-encoding': 'br' }).then((r) => r.text())),
    );
    expect(answers.every((text) => text === html)).toBe(true);
    // One brotli form kept and counted, not eight.
    const oneForm = site.pages.bytes - bytesBefore;
    expect(oneForm).toBeGreaterThan(0);
    expect(oneForm).toBeLessThan(html.length / 10);
    await site.get('/psalms', { 'accept-encoding': 'br' });
    expect(site.pages.bytes - bytesBefore).toBe(oneForm);
    expect(site.renders).toBe(1);
  });

  it('adds Accept-Encoding to a Vary the page already has', async () => {
    const site = await serve(() => ({ body: 'x'.repeat(2000), headers: { Vary: 'Cookie, Accept-Language' } }));
    expect((await site.get('/')).headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
  });

  it('evicts the least recently used pages when the bytes exceed the bound', async () => {
    // Each page is 2,000 bytes plus 512 of overhead: three fit in 8,000 bytes, four do not.
    const site = await serve(() => ({ body: 'y'.repeat(2000) }), { maxBytes: 8000 });
    for (const path of ['/1', '/2', '/3']) await site.get(path);
    expect(site.pages.entries).toBe(3);
    expect(site.pages.bytes).toBe(3 * 2512);
    await site.get('/1'); // now the most recently used
    await site.get('/4'); // evicts /2
    expect(site.pages.entries).toBe(3);
    expect(site.renders).toBe(4);
    await site.get('/1');
    await site.get('/3');
    expect(site.renders).toBe(4);
    await site.get('/2');
    expect(site.renders).toBe(5);
    expect(site.pages.bytes).toBeLessThanOrEqual(8000);
  });
});

describe('byteLru', () => {
  it('drops a value larger than the whole bound instead of emptying the cache for it', () => {
    const lru = byteLru<{ bytes: number }>(100);
    lru.set('a', { bytes: 60 });
    lru.set('huge', { bytes: 101 });
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    lru.grow('a', 50);
    expect(lru.size).toBe(0);
    expect(lru.bytes).toBe(0);
  });
});
