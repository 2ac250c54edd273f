import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch } from '../site/inject-fetch.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

const LIST = '/api/v2/node/sermons?pageSize=25';

/** How the API's answers go out: compression, validators, lifetimes, CORS (issue 21 §3). */
describe.each(BACKENDS)('API answers on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  it('compresses with brotli or gzip when asked, and says the body varies by it', async () => {
    const plain = await get(LIST);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const br = await get(LIST, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    const gzip = await get(LIST, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // Errors are compressed too when they are big enough; small answers are not.
    const small = await get('/api/v2/healthz', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('gives reads a weak ETag, and a matching If-None-Match answers 304 without a body', async () => {
    const first = await get(LIST, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect((await get(LIST)).headers.etag).toBe(etag); // the same for every encoding
    const again = await get(LIST, { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=60');
    expect((await get(LIST, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
    const head = await get(LIST, { 'if-none-match': etag }, 'HEAD');
    expect(head.statusCode).toBe(304);
  });

  it('gives reads a lifetime: the route’s own, else a minute; private with an API key', async () => {
    expect((await get(LIST)).headers['cache-control']).toBe('public, max-age=60');
    expect((await get('/api/v2/node/discover/bible_structure')).headers['cache-control']).toBe('public, max-age=86400');
    expect((await get(LIST, { 'x-api-key': 'kgm_anything' })).headers['cache-control']).toBe('private, max-age=60');
    expect((await get('/api/v2/healthz')).headers['cache-control']).toBe('no-store');
    const missing = await get('/api/v2/node/sermons/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('honours the clients’ cache hints: cacheMax and the waveform’s cacheTTL only shorten it', async () => {
    const cc = async (url: string) => (await get(url)).headers['cache-control'];
    expect(await cc(`${LIST}&cacheLanguage=en&cacheMax=30&cacheDomain=kerygma.test`)).toBe('public, max-age=30');
    expect(await cc(`${LIST}&cacheMax=181`)).toBe('public, max-age=60');
    expect(await cc('/api/v2/node/discover/bible_structure?cacheMax=181')).toBe('public, max-age=181');
    expect(await cc(`${LIST}&cacheMax=0`)).toBe('public, max-age=0');
    expect(await cc('/api/v2/node/sermons/1000/waveform?cacheTTL=120')).toBe('public, max-age=120');
    expect(await cc('/api/v2/node/sermons/1000/waveform')).toBe('public, max-age=3600');
    // Not a number of seconds: no hint, and the request still answers.
    const odd = await get(`${LIST}&cacheMax=soon`);
    expect(odd.statusCode).toBe(200);
    expect(odd.headers['cache-control']).toBe('public, max-age=60');
  });

  it('lets browser apps on other origins read the API, and only read it', async () => {
    const read = await get(LIST, { origin: 'https://elsewhere.example' });
    expect(read.headers['access-control-allow-origin']).toBe('*');
    expect(read.headers['access-control-expose-headers']).toBe('ETag, Retry-After');
    expect((await get('/api/v2/node/sermons/nope', { origin: 'https://x.example' })).headers).toMatchObject({
      'access-control-allow-origin': '*',
    });
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: LIST,
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key, accept-language',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD',
      'access-control-max-age': '86400',
    });
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-api-key');
    // A write, or a read with headers of another protocol (tus), is not allowed from elsewhere.
    for (const [method, headers] of [
      ['POST', 'content-type'],
      ['GET', 'tus-resumable'],
    ]) {
      const refused = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v2/map-path',
        headers: {
          origin: 'https://x.example',
          'access-control-request-method': method,
          'access-control-request-headers': headers,
        },
      });
      expect(refused.headers['access-control-allow-origin'], method).toBeUndefined();
    }
    const write = await t.app.inject({ method: 'POST', url: '/api/v2/map-path', payload: { url: '/x' } });
    expect(write.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves the site’s own server-side calls alone: no compression, no validators', async () => {
    const fetch = injectFetch(t.app);
    const res = await fetch(`http://kerygma.test${LIST}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('etag')).toBeNull();
    expect(((await res.json()) as { results: unknown[] }).results).toHaveLength(25);
  });
});

describe.each(BACKENDS)('API rate limit on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { API_RATE_LIMIT: '3', API_RATE_LIMIT_WINDOW_SECONDS: '60' } });
  }, 60_000);
  afterAll(() => t?.close());

  const from = (remoteAddress: string, url = '/api/v2/node/languages', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers });

  it('answers 429 with Retry-After in the API shape past the limit, per address', async () => {
    for (let i = 0; i < 3; i++) expect((await from('10.0.0.1')).statusCode).toBe(200);
    const refused = await from('10.0.0.1', '/api/v2/node/sermons', { 'accept-language': 'de' });
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.body)).toEqual({
      errors: { error: `Zu viele Anfragen. Bitte versuchen Sie es in ${seconds} Sekunden erneut.` },
      status: 429,
      code: 'rate_limited',
    });
    expect(refused.headers['access-control-allow-origin']).toBe('*'); // a browser app can read why
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await from('10.0.0.2')).statusCode).toBe(200);
  });

  it('does not count the site’s own calls, health checks or pages', async () => {
    const fetch = injectFetch(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await fetch('http://kerygma.test/api/v2/node/sermons?pageSize=1', {})).status).toBe(200);
      expect((await t.app.inject('/api/v2/healthz')).statusCode).toBe(200);
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i++) expect((await from('127.0.0.1')).statusCode).toBe(200);
  });
});
