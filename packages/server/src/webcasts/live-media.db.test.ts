import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../accounts/passwords.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { testUser } from '../test/users.ts';
import { MEDIA_PASS_COOKIE } from './media-pass.ts';

/**
 * Who may fetch a webcast's HLS files (live-media.routes.ts): anyone an open one's, cacheable;
 * a password-protected one's only with the pass the one-webcast call gives for the right
 * password, privately (and that pass unlocks the one-webcast call again, until the password
 * changes); none of an ended webcast whose replay is 'none'; its managers always.
 * The files are written here as the packager would (the ingest itself: live-ingest.db.test.ts).
 */
describe.each(BACKENDS)('webcast media access on %s', (backend) => {
  let t: TestApp;
  let manager: Record<string, string>;
  let listener: Record<string, string>;
  const playlist = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nseg-00001.ts\n';

  const insert = async (id: string, broadcaster: string, state: string, extra: Record<string, unknown> = {}) => {
    const columns = Object.keys(extra);
    await t.db.query(
      `INSERT INTO webcast (webcast_id, broadcaster_id, title, state, start_time, end_time, has_recording${columns.map((c) => `, ${c}`).join('')})
       VALUES ($1, $2, $1, $3, now() - interval '2 hours', CASE WHEN $3 = 'ended' THEN now() END, true${columns.map((_, i) => `, $${i + 4}`).join('')})`,
      [id, broadcaster, state, ...Object.values(extra)],
    );
    const dir = path.join(t.config.webcasts.liveDir, id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.m3u8'), playlist);
    writeFileSync(path.join(dir, 'seg-00001.ts'), Buffer.alloc(188, 0x47));
  };
  const media = (id: string, file: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/live-media/${id}/${file}`, headers });
  const unlock = (id: string, password?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      url: `/api/v2/node/broadcasters/gracechurch/webcasts/${id}${password ? `?password=${password}` : ''}`,
      headers,
    });
  const passOf = (res: { headers: Record<string, unknown> }) => {
    const set = [res.headers['set-cookie'] ?? []].flat() as string[];
    return set.find((c) => c.startsWith(`${MEDIA_PASS_COOKIE}=`));
  };
  const cookieHeader = (setCookie: string) => ({ cookie: setCookie.split(';')[0] as string });

  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { PUBLIC_URL: 'https://sermons.example' } });
    manager = (await testUser(t.db, 'manager', { broadcaster: [['gracechurch', 'admin']], verified: true })).headers;
    listener = (await testUser(t.db, 'listener', { verified: true })).headers;
    const hash = await hashPassword('amen', { memoryCost: 1024, timeCost: 1 });
    await insert('open1', 'radiovida', 'live');
    await insert('locked1', 'gracechurch', 'live', { password_hash: hash });
    await insert('locked2', 'gracechurch', 'ended', { password_hash: hash });
    await insert('unlisted1', 'gracechurch', 'ended', { replay: 'unlisted' });
    await insert('noreplay1', 'gracechurch', 'ended', { replay: 'none' });
  }, 120_000);
  afterAll(async () => t?.close());

  it("serves an open webcast's files to anyone, cacheable by a CDN", async () => {
    const list = await media('open1', 'index.m3u8');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('public, max-age=1');
    const seg = await media('open1', 'seg-00001.ts');
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const unlisted = await media('unlisted1', 'index.m3u8');
    expect(unlisted.headers['cache-control']).toBe('public, max-age=60');
    expect(unlisted.headers['x-robots-tag']).toBe('noindex');
  });

  it("serves a protected webcast's files only with the pass its right password gives, privately", async () => {
    expect((await media('locked1', 'index.m3u8')).statusCode).toBe(403);
    expect((await media('locked1', 'seg-00001.ts')).statusCode).toBe(403);
    const wrong = await unlock('locked1', 'amin');
    expect(wrong.statusCode).toBe(403);
    expect(passOf(wrong)).toBeUndefined();

    const right = await unlock('locked1', 'amen');
    expect(right.statusCode).toBe(200);
    expect(right.headers['cache-control']).toBe('private, no-store');
    const pass = passOf(right) as string;
    expect(pass).toMatch(/; Path=\/live-media\/locked1\/; Max-Age=7200; HttpOnly; Secure; SameSite=Lax$/);
    const list = await media('locked1', 'index.m3u8', cookieHeader(pass));
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, max-age=1');
    expect(passOf(list)).toBeDefined(); // renewed
    const seg = await media('locked1', 'seg-00001.ts', cookieHeader(pass));
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['cache-control']).toBe('private, max-age=31536000, immutable');

    // Not another webcast's, nor a forged one, nor once the password changed.
    expect(
      (await media('locked1', 'index.m3u8', { cookie: `${MEDIA_PASS_COOKIE}=9999999999.${'a'.repeat(43)}` }))
        .statusCode,
    ).toBe(403);
    expect((await media('locked2', 'index.m3u8', cookieHeader(pass))).statusCode).toBe(403);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/webcasts/locked1/webcast_metadata',
      headers: manager,
      payload: { password: 'hallelujah' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await media('locked1', 'index.m3u8', cookieHeader(pass))).statusCode).toBe(403);
    const again = passOf(await unlock('locked1', 'hallelujah')) as string;
    expect((await media('locked1', 'index.m3u8', cookieHeader(again))).statusCode).toBe(200);
  });

  it('unlocks the one-webcast call with a valid media pass for that webcast instead of its password', async () => {
    // The site keeps the pass for the page, so a visitor coming back is not asked again.
    const pass = passOf(await unlock('locked2', 'amen')) as string;
    const back = await unlock('locked2', undefined, cookieHeader(pass));
    expect(back.statusCode).toBe(200);
    expect(JSON.parse(back.body).hlsURL).toBe('https://sermons.example/live-media/locked2/index.m3u8');
    expect(back.headers['cache-control']).toBe('private, no-store');
    expect(passOf(back)).toMatch(/; Path=\/live-media\/locked2\/; Max-Age=7200;/); // renewed
    // Not another webcast's pass, nor a forged one, nor none.
    expect((await unlock('locked1', undefined, cookieHeader(pass))).statusCode).toBe(403);
    const forged = { cookie: `${MEDIA_PASS_COOKIE}=9999999999.${'a'.repeat(43)}` };
    expect((await unlock('locked2', undefined, forged)).statusCode).toBe(403);
    expect((await unlock('locked2')).statusCode).toBe(403);
    // A new password voids the passes given before it.
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/webcasts/locked2/webcast_metadata',
      headers: manager,
      payload: { password: 'glory' },
    });
    expect(changed.statusCode).toBe(200);
    const voided = await unlock('locked2', undefined, cookieHeader(pass));
    expect(voided.statusCode).toBe(403);
    expect(passOf(voided)).toBeUndefined();
  });

  it('lets its managers watch without a password; a signed-in listener gets nothing', async () => {
    expect((await media('locked1', 'seg-00001.ts', listener)).statusCode).toBe(403);
    const preview = await media('locked1', 'seg-00001.ts', manager);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toContain('private');
    // The one-webcast call gives its managers the pass too (their access token is short-lived).
    expect(passOf(await unlock('locked1', undefined, manager))).toBeDefined();
  });

  it("has no media for an ended webcast whose replay is 'none', but for its managers", async () => {
    expect((await media('noreplay1', 'index.m3u8')).statusCode).toBe(404);
    expect((await media('noreplay1', 'seg-00001.ts')).statusCode).toBe(404);
    const preview = await media('noreplay1', 'index.m3u8', manager);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, max-age=60');
    expect((await media('nosuch', 'index.m3u8')).statusCode).toBe(404);
  });
});
