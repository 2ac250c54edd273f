import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { entityCache } from '../catalogue/entity-cache.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { mediaCounters } from '../media/serving/media-counters.ts';
import { localMediaStore } from '../storage/local-store.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

/** The HTTP shell: health checks, unknown routes, the error body shape and its language. */
describe.each(BACKENDS)('HTTP errors and health on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  it('health checks answer at /healthz, under each language prefix, and at /api/v2/healthz', async () => {
    for (const url of ['/healthz', '/de/healthz', '/zh/healthz', '/api/v2/healthz']) {
      const { status, body } = await getJson(t.app, url);
      expect(status, url).toBe(200);
      expect(body).toEqual({ status: 'ok', database: 'ok' });
    }
  });

  it('unknown routes → 404 JSON in the error shape, under the API and outside it', async () => {
    for (const url of ['/api/v2/nope', '/api/v2/node/sermons/1000/nope', '/api/v3/node/sermons', '/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(JSON.parse(res.body), url).toEqual({
        errors: { error: 'This page could not be found' },
        status: 404,
        code: 'not_found',
      });
    }
  });

  it('unknown routes answer in the request’s language', async () => {
    const { body } = await getJson(t.app, '/api/v2/nope', { 'accept-language': 'de' });
    expect(body.errors.error).toBe('Diese Seite wurde nicht gefunden');
  });

  it('writes to read-only routes → 404 JSON, not HTML', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v2/node/discover/broadcasters' });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body).status).toBe(404);
  });

  it('a trailing slash is ignored', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/sermons/1000/');
    expect(status).toBe(200);
    expect(body.sermonID).toBe('1000');
  });

  it('a NUL in an id or a filter finds nothing instead of failing the query', async () => {
    for (const path of [
      '/api/v2/node/sermons/1000%00',
      '/api/v2/node/speakers/%00',
      '/api/v2/node/series/%00',
      '/api/v2/node/broadcasters/%00',
    ]) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(404);
      expect(JSON.parse(res.body), path).toMatchObject({ status: 404, code: 'not_found' });
    }
    for (const path of ['/api/v2/node/sermons?series=%00', '/api/v2/node/discover/broadcasters?state=%00']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBeLessThan(500);
    }
  });

  it('a malformed URL → 400 in the error shape', async () => {
    const res = await t.app.inject('/api/v2/node/speakers/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ status: 400, code: 'bad_request' });
    expect(body.errors.url).toContain('not a valid url component');
  });

  it('with PUBLIC_URL, a malformed Host header changes nothing: links and oEmbed use PUBLIC_URL', async () => {
    for (const host of ['a b', 'kerygma.test:99999', '[::1']) {
      const list = await t.app.inject({ url: '/api/v2/node/sermons?pageSize=1', headers: { host } });
      expect(list.statusCode, host).toBe(200);
      expect(JSON.parse(list.body).next, host).toMatch(/^http:\/\/kerygma\.test\/api\/v2\/node\/sermons\?/);
      const oembed = await t.app.inject({ url: '/oembed?url=http://kerygma.test/sermons/1000', headers: { host } });
      expect(oembed.statusCode, host).toBe(200);
    }
  });

  it('validation errors are translated too, naming the field', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/sermons?pageSize=abc', { 'accept-language': 'de' });
    expect(status).toBe(400);
    expect(body.errors.pageSize).toMatch(/^Ungültiger Wert für pageSize: /);
  });
});

describe('health check without a database', () => {
  it('answers 503 with a JSON body when the database is unreachable', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kerygma-health-'));
    const config = loadConfig({ KERYGMA_DATA_DIR: dir });
    const down: Db = {
      kind: 'postgres',
      query: () => Promise.reject(new Error('connection refused')),
      exec: () => Promise.reject(new Error('connection refused')),
      transaction: () => Promise.reject(new Error('connection refused')),
      close: () => Promise.resolve(),
    };
    const stats = { get: () => Promise.reject(new Error('connection refused')), peek: () => undefined };
    const app = await buildApp(
      {
        db: down,
        config,
        media: localMediaStore(config.mediaDir),
        stats,
        entities: entityCache(down),
        counters: mediaCounters(down),
      },
      { rootDir: dir },
    );
    try {
      for (const url of ['/healthz', '/api/v2/healthz']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(JSON.parse(res.body)).toEqual({ status: 'error', database: 'unreachable' });
      }
      // Other failures are 500 with a JSON body that does not leak the cause.
      const res = await app.inject({ method: 'GET', url: '/api/v2/node/sermons' });
      expect(res.statusCode).toBe(500);
      const body = JSON.parse(res.body);
      expect(body).toEqual({
        errors: { error: 'An unknown error occurred. Error code 500' },
        status: 500,
        code: 'server_error',
      });
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
