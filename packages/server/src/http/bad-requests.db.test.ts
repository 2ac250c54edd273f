import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../test/raw-http.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { MAX_JSON_DEPTH, nestingDepth } from './json-body.ts';

/**
 * A stand-in for the built site (dist/server/entry.mjs): like Astro, it builds a fetch Request
 * from the Node request, which throws for TRACE, and answers every page with a little HTML.
 */
function stubSite(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'kerygma-stub-site-'));
  mkdirSync(path.join(root, 'dist/client'), { recursive: true });
  mkdirSync(path.join(root, 'dist/server'), { recursive: true });
  writeFileSync(
    path.join(root, 'dist/server/entry.mjs'),
    `export function handler(req, res, next) {
      try { new Request('http://site' + req.url, { method: req.method }); } catch (error) { return next(error); }
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<p>the site has no page at ' + req.url + '</p>');
    }`,
  );
  return root;
}

const json = (body: string) => JSON.parse(body) as { errors: Record<string, string>; status: number; code: string };

/** Requests that reached a 500 (issue 21 §5), without PUBLIC_URL so that the Host header counts. */
describe.each(BACKENDS)('malformed requests on %s', (backend) => {
  let t: TestApp;
  let siteRoot: string;
  let port: number;
  beforeAll(async () => {
    siteRoot = stubSite();
    t = await buildTestApp(backend, {
      env: { PUBLIC_URL: '', HTTP_IDLE_TIMEOUT_SECONDS: '1', HTTP_HEADERS_TIMEOUT_SECONDS: '2' },
      rootDir: siteRoot,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(siteRoot, { recursive: true, force: true });
  });

  const withHost = (host: string, method: 'GET' | 'POST' = 'GET', url = '/api/v2/node/sermons', payload?: object) =>
    t.app.inject({ method, url, headers: { host }, ...(payload ? { payload } : {}) });

  it('a malformed Host header answers 400 in the API shape where absolute URLs are built', async () => {
    for (const host of ['a b', 'kerygma.test:99999', '[::1', 'a/b', 'x@y']) {
      for (const [method, url, payload] of [
        ['GET', '/api/v2/node/sermons'],
        ['GET', '/api/v2/node/discover/hashtags'],
        ['POST', '/api/v2/map-path', { url: '/sermons/1000' }],
        ['GET', '/oembed?url=http://kerygma.test/sermons/1000'],
      ] as const) {
        const res = await withHost(host, method, url, payload);
        expect(res.statusCode, `${host} ${url}`).toBe(400);
        expect(json(res.body), `${host} ${url}`).toEqual({
          errors: { host: 'The Host header is not a valid host name' },
          status: 400,
          code: 'invalid_request',
        });
      }
    }
  });

  it('an empty Host header too (sent on the wire: app.inject fills one in)', async () => {
    const res = await rawRequest(port, ['GET /api/v2/node/sermons HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n']);
    expect(res.status).toBe(400);
    expect(json(res.body).errors.host).toBe('The Host header is not a valid host name');
  });

  it('well-formed hosts still build the links: names, ports, IPv6', async () => {
    for (const host of ['kerygma.test', 'localhost:4405', '[::1]:8080', '127.0.0.1']) {
      const res = await withHost(host);
      expect(res.statusCode, host).toBe(200);
      expect(json(res.body) as unknown as { next: string }).toMatchObject({
        next: expect.stringMatching(new RegExp(`^http://${host.replace(/[[\].]/g, '\\$&')}/api/v2/node/sermons\\?`)),
      });
    }
  });

  it('JSON nested a few thousand levels deep answers 400 before it is parsed', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/map-path',
      headers: { 'content-type': 'application/json', host: 'kerygma.test' },
      payload: `{"url":${deep}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res.body)).toEqual({
      errors: { body: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep` },
      status: 400,
      code: 'invalid_request',
    });
    const shallow = await withHost('kerygma.test', 'POST', '/api/v2/map-path', { url: [[['/sermons/1000']]] });
    expect(json(shallow.body).errors.url).toMatch(/^Invalid value for url/);
  });

  it('counts nesting outside strings only', () => {
    expect(nestingDepth('{"a":[1,{"b":"[[[{{{"}],"c":"\\"["}')).toBe(3);
    expect(nestingDepth('"x"')).toBe(0);
  });

  it('TRACE and other methods nothing here serves answer 405 with Allow, on pages too', async () => {
    for (const [method, url, allow] of [
      ['TRACE', '/api/v2/node/sermons', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'],
      ['TRACE', '/', 'GET, HEAD'],
      ['TRACE', '/sermons/1000', 'GET, HEAD'],
      ['PROPFIND', '/', 'GET, HEAD'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(json(res.body), `${method} ${url}`).toEqual({
        errors: { error: `The ${method} method is not allowed here` },
        status: 405,
        code: 'method_not_allowed',
      });
    }
  });

  it('an unknown sitemap is the site’s not-found page; under /api/ the API shape', async () => {
    const sitemap = await withHost('kerygma.test', 'GET', '/sitemap/nothing.xml');
    expect(sitemap.statusCode).toBe(404);
    expect(sitemap.body).toBe('<p>the site has no page at /sitemap/nothing.xml</p>');
    const api = await withHost('kerygma.test', 'GET', '/api/v3/node/sermons');
    expect(json(api.body)).toMatchObject({ status: 404, code: 'not_found' });
  });

  describe('errors Node raises before the app', () => {
    const cases: [string, (path: string) => string, number, string][] = [
      [
        'headers too large',
        (p) => `GET ${p} HTTP/1.1\r\nHost: kerygma.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'The request headers are too large',
      ],
      [
        'an unknown method',
        (p) => `FOO ${p} HTTP/1.1\r\nHost: kerygma.test\r\n\r\n`,
        400,
        'The request could not be read',
      ],
      [
        'bad chunking',
        (p) => `POST ${p} HTTP/1.1\r\nHost: kerygma.test\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n`,
        400,
        'The request could not be read',
      ],
      [
        'a bad Content-Length',
        (p) => `POST ${p} HTTP/1.1\r\nHost: kerygma.test\r\nContent-Length: abc\r\n\r\n{}`,
        400,
        'The request could not be read',
      ],
    ];
    it.each(cases)('%s: the API shape under /api/, text for pages', async (_name, request, status, message) => {
      const api = await rawRequest(port, [request('/api/v2/map-path')]);
      expect(api.status).toBe(status);
      expect(api.head).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(api.body)).toEqual({
        errors: { error: message },
        status,
        code: { 400: 'bad_request', 431: 'headers_too_large' }[status],
      });
      const page = await rawRequest(port, [request('/sermons/1000')]);
      expect(page.status).toBe(status);
      expect(page.head).toMatch(/content-type: text\/plain/i);
      expect(page.body).toBe(`${message}\n`);
    });
  });

  describe('slow clients', () => {
    it('a body shorter than its Content-Length does not hold the connection', async () => {
      const head = 'POST /api/v2/map-path HTTP/1.1\r\nHost: kerygma.test\r\nContent-Type: application/json\r\n';
      const res = await rawRequest(port, [`${head}Content-Length: 100\r\n\r\n{"url":`], { waitMs: 10_000 });
      expect(res.status).toBeUndefined(); // closed without an answer: there was no request to answer
      expect(res.closedAfterMs).toBeGreaterThanOrEqual(900);
      expect(res.closedAfterMs).toBeLessThan(4000);
    });

    it('headers that keep trickling in but never end are answered 408 and closed', async () => {
      const lines = Array.from({ length: 20 }, (_, i) => `X-Line-${i}: b\r\n`);
      const res = await rawRequest(port, ['GET /api/v2/node/sermons HTTP/1.1\r\nHost: kerygma.test\r\n', ...lines], {
        gapMs: 400,
        waitMs: 10_000,
      });
      expect(res.status).toBe(408);
      expect(res.closedAfterMs).toBeLessThan(6000);
    });

    it('a body that keeps arriving, for longer than the idle timeout, is read to the end', async () => {
      const body = `{"url":"/sermons/1000"}${' '.repeat(8)}`;
      const parts = [
        `POST /api/v2/map-path HTTP/1.1\r\nHost: kerygma.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        ...(body.match(/.{1,4}/g) ?? []),
      ];
      const res = await rawRequest(port, parts, { gapMs: 300, waitMs: 10_000 });
      expect(res.closedAfterMs).toBeGreaterThan(2000);
      const atOnce = await withHost('kerygma.test', 'POST', '/api/v2/map-path', { url: '/sermons/1000' });
      expect(res.status).toBe(atOnce.statusCode);
      expect(res.body).toBe(atOnce.body);
    });
  });
});
