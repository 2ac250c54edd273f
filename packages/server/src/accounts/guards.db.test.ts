import { contract } from '@kerygma/domain/contracts/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '../http/route.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { testUser } from '../test/users.ts';
import { guards } from './guards.ts';

/** A route of each guard, registered on the test app before its first request. */
const probe = (path: string) =>
  contract({
    method: 'GET',
    path,
    tag: 'Test',
    summary: 'Guard probe',
    description: 'Answers who passed the guard.',
    auth: 'session',
    params: z.object({ broadcasterID: z.string().optional() }),
    responses: { 200: z.object({ user: z.string() }) },
  });

describe.each(BACKENDS)('guards on %s', (backend) => {
  let t: TestApp;
  let u: Record<'listener' | 'uploader' | 'admin' | 'biller' | 'siteAdmin', Record<string, string>>;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    const g = guards({ db: t.db, now: Date.now });
    route(t.app, probe('/probe/signed-in'), ({ auth }) => ({ user: auth.user.username }), g.signedIn);
    route(t.app, probe('/probe/site-admin'), ({ auth }) => ({ user: auth.user.username }), g.siteAdmin);
    route(
      t.app,
      probe('/probe/:broadcasterID/upload'),
      ({ auth }) => ({ user: `${auth.user.username}@${auth.broadcasterId}` }),
      g.broadcasterRole('uploader'),
    );
    route(
      t.app,
      probe('/probe/:broadcasterID/admin'),
      ({ auth }) => ({ user: auth.user.username }),
      g.broadcasterRole('admin'),
    );
    u = {
      listener: (await testUser(t.db, 'listener')).headers,
      uploader: (await testUser(t.db, 'uploader', { broadcaster: [['gracechurch', 'uploader']] })).headers,
      biller: (await testUser(t.db, 'biller', { broadcaster: [['gracechurch', 'biller']] })).headers,
      admin: (await testUser(t.db, 'admin', { broadcaster: [['gracechurch', 'admin']] })).headers,
      siteAdmin: (await testUser(t.db, 'siteadmin', { siteAdmin: true })).headers,
    };
  }, 300_000);
  afterAll(() => t?.close());

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url, headers });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };

  it('answers 401 signed out, in the error shape, in the asker’s language', async () => {
    expect(await get('/probe/signed-in')).toEqual({
      status: 401,
      body: { errors: { error: 'Please sign in to continue.' }, status: 401, code: 'signed_out' },
    });
    const de = await get('/probe/site-admin', { 'accept-language': 'de' });
    expect(de.body.errors.error).toBe('Bitte melden Sie sich an, um fortzufahren.');
    // An ended or made-up session is no session.
    expect((await get('/probe/signed-in', { authorization: 'Bearer nonsense' })).status).toBe(401);
    expect((await get('/probe/signed-in', { cookie: 'kerygma_access=nonsense' })).status).toBe(401);
  });

  it('lets any signed-in user through signedIn, and only site admins through siteAdmin', async () => {
    expect(await get('/probe/signed-in', u.listener)).toEqual({ status: 200, body: { user: 'listener' } });
    const refused = await get('/probe/site-admin', { ...u.admin, 'accept-language': 'fr' });
    expect(refused).toEqual({
      status: 403,
      body: {
        errors: { error: 'Seuls les administrateurs du site peuvent faire cela.' },
        status: 403,
        code: 'forbidden',
      },
    });
    expect((await get('/probe/site-admin', u.siteAdmin)).status).toBe(200);
  });

  it('checks a broadcaster role on the route’s parameter: Admin implies Uploader, site admins pass everywhere', async () => {
    const status = async (url: string, who: Record<string, string>) => (await get(url, who)).status;
    expect(await get('/probe/GraceChurch/upload', u.uploader)).toEqual({
      status: 200,
      body: { user: 'uploader@gracechurch' },
    });
    expect(await status('/probe/gracechurch/upload', u.admin)).toBe(200);
    expect(await status('/probe/gracechurch/upload', u.siteAdmin)).toBe(200);
    expect(await status('/probe/radiovida/upload', u.siteAdmin)).toBe(200);
    expect(await status('/probe/gracechurch/upload', u.biller)).toBe(403);
    expect(await status('/probe/gracechurch/upload', u.listener)).toBe(403);
    expect(await status('/probe/radiovida/upload', u.uploader)).toBe(403);
    expect(await status('/probe/gracechurch/admin', u.uploader)).toBe(403);
    expect(await status('/probe/gracechurch/admin', u.admin)).toBe(200);
    const refused = await get('/probe/gracechurch/upload', u.biller);
    expect(refused.body.errors.error).toBe("Only this broadcaster's uploaders or administrators may do this.");
  });
});
