import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../accounts/passwords.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

/** A built site standing in for Astro's: a page with an inline script, served through the page cache. */
const site = mkdtempSync(path.join(tmpdir(), 'kerygma-csp-site-'));
const SCRIPT = 'document.documentElement.dataset.ready = "yes";';
mkdirSync(path.join(site, 'dist/client'), { recursive: true });
mkdirSync(path.join(site, 'dist/server'), { recursive: true });
writeFileSync(
  path.join(site, 'dist/server/entry.mjs'),
  `export function handler(req, res) {
     res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=60' });
     res.end('<!doctype html><html><head><script>${SCRIPT}</script></head><body>' + req.url + '</body></html>');
   }`,
);
const sha = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
// Once both backends are done: each builds its app on the same stand-in site.
afterAll(() => rmSync(site, { recursive: true, force: true }));

describe.each(BACKENDS)('security headers over HTTP on %s', (backend) => {
  let t: TestApp;
  let framed: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { rootDir: site, env: { PUBLIC_URL: 'https://kerygma.example' } });
    framed = await buildTestApp(backend, { env: { CLASSIC_ADMIN_ORIGINS: 'https://admin.example.org' } });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await framed?.close();
  });

  it('give every API answer nosniff, the referrer policy, a closed CSP and (on an https site) HSTS', async () => {
    for (const url of ['/api/v2/node/sermons?pageSize=1', '/api/v2/node/sermons/nope', '/api/v2/site/users']) {
      const res = await t.app.inject(url);
      expect(res.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
      });
    }
    const plain = await framed.app.inject('/api/v2/healthz');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allow a page’s own inline script by hash, rendered or from the cache, and nothing inline else', async () => {
    for (const round of ['rendered', 'cached']) {
      const res = await t.app.inject('/sermons');
      expect(res.statusCode, round).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(/script-src ([^;]+)/.exec(csp)?.[1], round).toBe(`'self' ${sha}`);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const embed = await t.app.inject('/embed/classic/player/a/1000');
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();
  });

  it('the API reference page (HTML from the API) gets a page policy', async () => {
    const res = await t.app.inject('/api/v2/docs');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self'/);
  });

  it('session cookies are SameSite=Lax, or SameSite=None; Secure when classic-admin origins frame us', async () => {
    const signIn = async (app: TestApp) => {
      await app.db.query(
        "INSERT INTO app_user (username, email, password_hash, display_name, verified) VALUES ('framer', 'framer@example.org', $1, 'Framer', true)",
        [await hashPassword('Framed screens 1')],
      );
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/v2/site/users/framer/login',
        payload: { password: 'Framed screens 1' },
      });
      expect(res.statusCode).toBe(200);
      return [res.headers['set-cookie']].flat().map(String);
    };
    for (const line of await signIn(t)) expect(line).toMatch(/; Secure; SameSite=Lax$/);
    for (const line of await signIn(framed)) expect(line).toMatch(/; Secure; SameSite=None$/);
  });
});
