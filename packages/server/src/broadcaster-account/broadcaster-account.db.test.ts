import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRequest, runAdminCommand } from '../cli/admin-commands.ts';
import { localMediaStore } from '../storage/local-store.ts';
import { startSmtpServer } from '../test/smtp-server.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { type TestUser, testUser } from '../test/users.ts';

const API = '/api/v2';

// biome-ignore lint/suspicious/noExplicitAny: tests index into response JSON
type Answer = { status: number; body: any };

describe.each(BACKENDS)('the broadcaster account on %s', (backend) => {
  let t: TestApp;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const u = {} as Record<'pastor' | 'unverified' | 'siteAdmin' | 'graceAdmin' | 'graceUploader' | 'newcomer', TestUser>;

  async function call(
    who: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: object,
  ): Promise<Answer> {
    const res = await app.inject({
      method,
      url: `${API}${url}`,
      headers: { ...who?.headers, 'accept-language': 'en' },
      ...(body ? { payload: body } : {}),
    } as InjectOptions);
    return { status: res.statusCode, body: JSON.parse(res.body || 'null') };
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(backend, { env: { SMTP_URL: smtp.url } });
    app = t.app;
    u.pastor = await testUser(t.db, 'pastor', { verified: true });
    u.unverified = await testUser(t.db, 'unverified');
    u.siteAdmin = await testUser(t.db, 'siteadmin', { siteAdmin: true, verified: true });
    u.graceAdmin = await testUser(t.db, 'graceadmin', { broadcaster: [['gracechurch', 'admin']], verified: true });
    u.graceUploader = await testUser(t.db, 'graceuploader', {
      broadcaster: [['gracechurch', 'uploader']],
      verified: true,
    });
    u.newcomer = await testUser(t.db, 'newcomer', { verified: true });
    // As a site admin makes one: `pnpm coupon WELCOME free-signup No fee`.
    const coupon = (code: string, kind: 'free-signup' | null) =>
      runAdminCommand(
        adminRequest.parse({ command: 'coupon', code, kind, description: 'No fee' }),
        { db: t.db, media: localMediaStore(t.mediaDir), mediaDir: t.mediaDir, where: '' },
        () => {},
      );
    expect(await coupon('WELCOME', 'free-signup')).toMatchObject({ ok: true });
    expect(await coupon('gone', 'free-signup')).toMatchObject({ ok: true });
    expect(await coupon('gone', null)).toMatchObject({ ok: true, text: 'Removed the coupon gone.' });
    expect(await coupon('gone', null)).toMatchObject({ ok: false });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const signup = (who: TestUser | null, body: object) => call(who, 'POST', '/node/broadcasters', body);
  const church = { broadcasterID: 'hopechapel', displayName: 'Hope Chapel', acceptArticlesOfFaith: true };

  it('checks an ID against the §5 rules and what is taken', async () => {
    expect((await call(null, 'GET', '/node/broadcasters/ab/available')).body).toEqual({
      isAvailable: false,
      problem: 'tooShort',
    });
    expect((await call(null, 'GET', '/node/broadcasters/Hope-Chapel/available')).body.problem).toBe('characters');
    expect((await call(null, 'GET', `/node/broadcasters/${'a'.repeat(31)}/available`)).body.problem).toBe('tooLong');
    expect((await call(null, 'GET', '/node/broadcasters/gracechurch/available')).body).toEqual({
      isAvailable: false,
      problem: 'taken',
    });
    expect((await call(null, 'GET', '/node/broadcasters/hopechapel/available')).body).toEqual({
      isAvailable: true,
      problem: null,
    });
    const params = await call(null, 'GET', '/signup_params');
    expect(params.body.payments).toEqual({ configured: false });
    expect((await call(null, 'GET', '/signup_params/coupon/WELCOME')).body.kind).toBe('free-signup');
    expect((await call(null, 'GET', '/signup_params/coupon/nope')).status).toBe(404);
    expect((await call(null, 'GET', '/signup_params/coupon/gone')).status).toBe(404);
  });

  it('refuses bad sign-ups and creates nothing', async () => {
    expect((await signup(null, church)).status).toBe(401);
    const unverified = await signup(u.unverified, church);
    expect(unverified.status).toBe(403);
    expect(unverified.body.errors).toEqual({ error: 'Verify your e-mail address first.' });
    for (const bad of [
      { ...church, acceptArticlesOfFaith: false },
      { ...church, broadcasterID: 'Hope Chapel' },
      { ...church, broadcasterID: 'hc' },
      { ...church, displayName: '' },
      { ...church, displayName: 'x'.repeat(101) },
      { ...church, categories: 16 },
      { ...church, contactEmail: 'not an address' },
      { broadcasterID: 'hopechapel' },
    ])
      expect((await signup(u.pastor, bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await signup(u.pastor, { ...church, coupon: 'nope' })).status).toBe(404);
    expect((await signup(u.pastor, { ...church, broadcasterID: 'gracechurch' })).status).toBe(409);
    expect(await t.db.query('SELECT 1 FROM broadcaster_signup')).toEqual([]);
  });

  it('keeps a sign-up pending while payments are not configured, until a site admin approves it', async () => {
    const made = await signup(u.pastor, { ...church, coupon: 'Welcome', signupInfo: 'ref:conference' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      broadcasterID: 'hopechapel',
      state: 'pending',
      coupon: 'welcome',
      signupInfo: 'ref:conference',
      contactEmail: 'pastor@example.org',
    });
    // The pending sign-up holds its ID, and nothing of it is public yet.
    expect((await call(null, 'GET', '/node/broadcasters/hopechapel/available')).body.problem).toBe('taken');
    expect((await signup(u.newcomer, church)).status).toBe(409);
    expect((await call(null, 'GET', '/node/broadcasters/hopechapel')).status).toBe(404);
    expect((await call(u.pastor, 'GET', '/site/users/broadcaster_signups')).body.results[0].state).toBe('pending');

    expect((await call(u.pastor, 'GET', '/admin/broadcaster_signups')).status).toBe(403);
    const pending = await call(u.siteAdmin, 'GET', '/admin/broadcaster_signups');
    expect(pending.body.results.map((s: { broadcasterID: string }) => s.broadcasterID)).toEqual(['hopechapel']);
    const id = made.body.signupID;
    expect((await call(u.pastor, 'POST', `/admin/broadcaster_signups/${id}/approve`)).status).toBe(403);
    const approved = await call(u.siteAdmin, 'POST', `/admin/broadcaster_signups/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.state).toBe('approved');
    expect((await call(u.siteAdmin, 'POST', `/admin/broadcaster_signups/${id}/approve`)).status).toBe(409);
    expect((await call(u.siteAdmin, 'POST', '/admin/broadcaster_signups/999999/reject')).status).toBe(404);

    const mail = await smtp.next('pastor@example.org');
    expect(mail.text).toContain('http://kerygma.test/broadcaster/select');
    const me = await call(u.pastor, 'GET', '/site/users');
    expect(me.body.broadcasterAdminIds).toEqual(['hopechapel']);
    expect((await call(null, 'GET', '/node/broadcasters/hopechapel')).body.displayName).toBe('Hope Chapel');
    expect((await call(u.siteAdmin, 'GET', '/admin/broadcaster_signups')).body.results).toEqual([]);
  });

  it('frees the ID of a rejected sign-up', async () => {
    const made = await signup(u.newcomer, { ...church, broadcasterID: 'gracefellowship', displayName: 'GF' });
    const rejected = await call(u.siteAdmin, 'POST', `/admin/broadcaster_signups/${made.body.signupID}/reject`);
    expect(rejected.body.state).toBe('rejected');
    expect((await smtp.next('newcomer@example.org')).subject).toContain('GF');
    expect((await call(null, 'GET', '/node/broadcasters/gracefellowship/available')).body.isAvailable).toBe(true);
  });

  it("changes the profile's fields, refusing bad values, and keeps solo site domains apart", async () => {
    const patch = (who: TestUser, body: object, id = 'gracechurch') =>
      call(who, 'PATCH', `/node/broadcasters/${id}`, body);
    for (const bad of [
      { latitude: 40.1 },
      { latitude: 91, longitude: 0 },
      { homePageURL: 'javascript:alert(1)' },
      { displayName: '' },
      { displayName: 7 },
      { categories: 0 },
      { socialLinks: { twitter: 'not a url' } },
      { soloSiteDomain: 'not a domain' },
      { contactEmail: 'no' },
      { serviceTimesList: ['x'.repeat(201)] },
    ])
      expect((await patch(u.graceAdmin, bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await patch(u.graceUploader, { displayName: 'Mine' })).status).toBe(403);
    // The public answer is kept in the entity cache: read once, it must still change at once.
    expect((await call(null, 'GET', '/node/broadcasters/gracechurch')).body.displayName).not.toBe(
      'Grace Church of Lancaster',
    );
    const changed = await patch(u.graceAdmin, {
      displayName: 'Grace Church of Lancaster',
      latitude: 40.04,
      longitude: -76.3,
      serviceTimesList: ['Sunday 10:30', 'Wednesday 19:00'],
      categories: 3,
      socialLinks: { facebook: 'https://facebook.com/grace' },
      contactEmail: 'office@grace.example.org',
      soloSiteDomain: 'Sermons.Grace.example.org',
      autoTranscripts: false,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      displayName: 'Grace Church of Lancaster',
      latitude: 40.04,
      longitude: -76.3,
      serviceTimesList: ['Sunday 10:30', 'Wednesday 19:00'],
      categories: 3,
      socialLinks: { facebook: 'https://facebook.com/grace' },
      contactEmail: 'office@grace.example.org',
      soloSite: { domain: 'sermons.grace.example.org', status: 'pending' },
      autoTranscripts: false,
    });
    expect((await call(u.graceAdmin, 'GET', '/node/broadcasters/gracechurch/private_data')).body).toEqual(changed.body);
    expect((await call(null, 'GET', '/node/broadcasters/gracechurch')).body.displayName).toBe(
      'Grace Church of Lancaster',
    );
    expect((await patch(u.pastor, { soloSiteDomain: 'sermons.grace.example.org' }, 'hopechapel')).status).toBe(409);
    expect((await patch(u.graceAdmin, { soloSiteDomain: null })).body.soloSite).toBeNull();
  });

  it('keeps e-mail and donation settings, refusing donations without an https option', async () => {
    expect((await call(u.graceAdmin, 'GET', '/node/broadcasters/gracechurch/email_settings')).body.weeklyStats).toBe(
      false,
    );
    const email = await call(u.graceAdmin, 'PATCH', '/node/broadcasters/gracechurch/email_settings', {
      weeklyStats: true,
    });
    expect(email.body).toEqual({
      commentNotifications: true,
      messageNotifications: true,
      mediaNotifications: true,
      weeklyStats: true,
    });
    const put = (body: object) => call(u.graceAdmin, 'PUT', '/node/broadcasters/gracechurch/donations', body);
    expect((await put({ donatable: true, donationOptions: [] })).status).toBe(400);
    expect(
      (await put({ donatable: true, donationOptions: [{ label: 'Give', url: 'http://give.example.org' }] })).status,
    ).toBe(400);
    const ok = await put({ donatable: true, donationOptions: [{ label: 'Give', url: 'https://give.example.org' }] });
    expect(ok.body).toEqual({ donatable: true, donationOptions: [{ label: 'Give', url: 'https://give.example.org' }] });
  });

  it("keeps the podcast feeds' podroll, verification tokens and lock for the Admins only", async () => {
    const url = '/node/broadcasters/gracechurch/podcast_settings';
    expect((await call(u.graceAdmin, 'GET', url)).body).toEqual({ podroll: [], txt: [], locked: true });
    const podroll = [{ url: 'https://feeds.example.org/hope.rss', title: 'Hope Chapel sermons' }];
    const txt = [{ purpose: 'applepodcastsverify', value: 'd1e2f3' }];
    const saved = await call(u.graceAdmin, 'PATCH', url, { podroll, txt, locked: false });
    expect(saved.body).toEqual({ podroll, txt, locked: false });
    // One list changed, the rest kept.
    expect((await call(u.graceAdmin, 'PATCH', url, { podroll: [] })).body).toEqual({ podroll: [], txt, locked: false });
    expect((await call(u.graceAdmin, 'GET', url)).body).toEqual({ podroll: [], txt, locked: false });
    expect(
      (await call(u.graceAdmin, 'PATCH', url, { podroll: [{ url: 'javascript:alert(1)', title: 'x' }] })).status,
    ).toBe(400);
    expect((await call(u.graceAdmin, 'PATCH', url, { txt: [{ purpose: 'has space', value: 'v' }] })).status).toBe(400);
    expect((await call(u.graceUploader, 'PATCH', url, { locked: true })).status).toBe(403);
    expect((await call(u.graceUploader, 'GET', url)).status).toBe(403);
    expect((await call(u.graceAdmin, 'GET', url)).body.locked).toBe(false);
  });

  it('shows a new API key once; the old one stops working', async () => {
    const first = await call(u.graceAdmin, 'POST', '/node/broadcasters/gracechurch/api_key');
    expect(first.status).toBe(201);
    const info = await call(u.graceAdmin, 'GET', '/node/broadcasters/gracechurch/keyinfo');
    expect(info.body).toMatchObject({ exists: true, lastFour: first.body.apiKey.slice(-4) });
    expect(JSON.stringify(info.body)).not.toContain(first.body.apiKey);
    const second = await call(u.graceAdmin, 'POST', '/node/broadcasters/gracechurch/api_key');
    const tracker = (key: string) =>
      app.inject({ method: 'GET', url: `${API}/node/sermons/1003/media_tracker`, headers: { 'x-api-key': key } });
    expect((await tracker(first.body.apiKey)).statusCode).toBe(401);
    expect((await tracker(second.body.apiKey)).statusCode).toBe(200);
  });

  it('says the connections and the bill are not configured', async () => {
    const connections = await call(u.graceAdmin, 'GET', '/node/broadcasters/gracechurch/connections');
    expect(connections.body.results.every((c: { configured: boolean }) => !c.configured)).toBe(true);
    const ftp = await call(u.graceAdmin, 'POST', '/node/broadcasters/gracechurch/ftp', {});
    expect(ftp.status).toBe(503);
    expect(ftp.body.errors.error).toBe('The ftp connection is not configured on this site.');
    expect((await call(u.graceAdmin, 'GET', '/twitter_auth/gracechurch')).status).toBe(503);
    expect((await call(u.graceAdmin, 'DELETE', '/node/broadcasters/gracechurch/dropbox')).status).toBe(204);
    expect((await call(u.graceAdmin, 'GET', '/node/broadcasters/gracechurch/next_bill')).body).toEqual({
      payments: { configured: false },
      bill: null,
    });
  });

  it('invites a manager by e-mail, who accepts with the mailed code; at least one Admin remains', async () => {
    const invite = (body: object) => call(u.graceAdmin, 'POST', '/node/broadcasters/gracechurch/user_invites', body);
    expect((await invite({ email: 'newcomer@example.org', roles: [] })).status).toBe(400);
    expect((await invite({ email: 'newcomer@example.org', roles: [5] })).status).toBe(400);
    expect((await invite({ email: 'graceuploader@example.org', roles: [3] })).status).toBe(409);
    expect(
      (
        await call(u.graceUploader, 'POST', '/node/broadcasters/gracechurch/user_invites', {
          email: 'x@example.org',
          roles: [3],
        })
      ).status,
    ).toBe(403);

    const first = await invite({ email: 'newcomer@example.org', roles: [3, 4, 3] });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ roles: [3, 4], state: 'pending', invitedBy: 'graceadmin' });
    expect((await invite({ email: 'NEWCOMER@example.org', roles: [3] })).status).toBe(409);
    const oldCode = /code=([\w-]+)/.exec((await smtp.next('newcomer@example.org')).text)?.[1] as string;
    // Resending makes a new link; the old one stops working.
    const resent = await call(
      u.graceAdmin,
      'POST',
      `/node/broadcasters/gracechurch/user_invites/${first.body.inviteID}/resend`,
    );
    expect(resent.status).toBe(200);
    const code = /code=([\w-]+)/.exec((await smtp.next('newcomer@example.org')).text)?.[1] as string;
    expect(code).not.toBe(oldCode);
    expect((await call(null, 'GET', `/user_invites/${oldCode}`)).status).toBe(404);
    const preview = await call(null, 'GET', `/user_invites/${code}`);
    expect(preview.body).toMatchObject({ broadcasterID: 'gracechurch', state: 'pending', accountExists: true });

    expect((await call(null, 'POST', `/user_invites/${code}/accept`)).status).toBe(401);
    expect((await call(u.unverified, 'POST', `/user_invites/${code}/accept`)).status).toBe(403);
    const accepted = await call(u.newcomer, 'POST', `/user_invites/${code}/accept`);
    expect(accepted.body).toEqual({ broadcasterID: 'gracechurch', roles: [3, 4] });
    expect((await call(u.newcomer, 'POST', `/user_invites/${code}/accept`)).status).toBe(409);
    const managers = await call(u.graceAdmin, 'GET', '/node/broadcasters/gracechurch/user_roles');
    expect(managers.body.results.map((m: { username: string; roles: number[] }) => [m.username, m.roles])).toEqual([
      ['graceadmin', [2]],
      ['graceuploader', [3]],
      ['newcomer', [3, 4]],
    ]);

    // The only Admin can neither lose the role nor leave; a non-Admin may remove only themselves.
    const admin = u.graceAdmin.userId;
    const roles = (who: TestUser, userId: number, body: object) =>
      call(who, 'PUT', `/node/broadcasters/gracechurch/user_roles/${userId}`, body);
    expect((await roles(u.graceAdmin, admin, { roles: [3] })).status).toBe(409);
    expect((await call(u.graceAdmin, 'DELETE', `/node/broadcasters/gracechurch/user_roles/${admin}`)).status).toBe(409);
    expect(
      (await call(u.newcomer, 'DELETE', `/node/broadcasters/gracechurch/user_roles/${u.graceUploader.userId}`)).status,
    ).toBe(403);
    expect((await roles(u.graceAdmin, u.newcomer.userId, { roles: [2] })).status).toBe(200);
    expect((await roles(u.graceAdmin, admin, { roles: [4] })).status).toBe(200);
    const left = await call(
      u.graceUploader,
      'DELETE',
      `/node/broadcasters/gracechurch/user_roles/${u.graceUploader.userId}`,
    );
    expect(left.status).toBe(200);
    expect(left.body.results.map((m: { username: string }) => m.username)).toEqual(['graceadmin', 'newcomer']);
    expect((await roles(u.newcomer, 999999, { roles: [3] })).status).toBe(404);

    const revoked = await call(u.newcomer, 'POST', '/node/broadcasters/gracechurch/user_invites', {
      email: 'someone.new@example.org',
      roles: [3],
    });
    expect(
      (
        await call(
          null,
          'GET',
          `/user_invites/${/code=([\w-]+)/.exec((await smtp.next('someone.new@example.org')).text)?.[1]}`,
        )
      ).body.accountExists,
    ).toBe(false);
    expect(
      (await call(u.newcomer, 'DELETE', `/node/broadcasters/gracechurch/user_invites/${revoked.body.inviteID}`)).status,
    ).toBe(200);
    expect((await call(u.newcomer, 'GET', '/node/broadcasters/gracechurch/user_invites')).body.results).toEqual([]);
  });

  it('posts and deletes notices, sets the highlighted sermons and counts plays by day', async () => {
    const uploader = await testUser(t.db, 'kingsuploader', { broadcaster: [['kingsseminary', 'uploader']] });
    const notices = '/node/broadcasters/kingsseminary/notices';
    expect((await call(uploader, 'POST', notices, { title: '', text: 'x' })).status).toBe(400);
    expect((await call(uploader, 'POST', notices, { title: 'Old', text: 'x', expires: 1000 })).status).toBe(400);
    const posted = await call(uploader, 'POST', notices, { title: 'Advent', text: 'Services at 10:30.' });
    expect(posted.status).toBe(201);
    expect((await call(null, 'GET', notices)).body).toMatchObject({ totalCount: 1, results: [{ title: 'Advent' }] });
    expect((await call(u.graceAdmin, 'DELETE', `${notices}/${posted.body.noticeID}`)).status).toBe(403);
    expect((await call(uploader, 'DELETE', `${notices}/${posted.body.noticeID}`)).status).toBe(200);
    expect((await call(uploader, 'DELETE', `${notices}/${posted.body.noticeID}`)).status).toBe(404);

    const highlight = (body: object) =>
      call(uploader, 'PATCH', '/node/broadcasters/kingsseminary/highlighted_sermons', body);
    const base = { sortOrder: 'popular', sortTitle: 'Most heard', audioTitle: 'This week' };
    expect((await highlight({ ...base, audioSermonID: '1003' })).status).toBe(404);
    expect((await highlight({ ...base, sortOrder: 'loudest', audioSermonID: null })).status).toBe(400);
    const set = await highlight({ ...base, audioSermonID: '1031' });
    expect(set.body).toMatchObject({
      sortOrder: 'popular',
      sortTitle: 'Most heard',
      audioSermon: { sermonID: '1031' },
    });

    const before = (await call(uploader, 'GET', '/node/broadcasters/kingsseminary/lifetime_stats')).body;
    await t.db.query(
      "UPDATE sermon SET play_count = play_count + 3, download_count = download_count + 2 WHERE sermon_id = '1031'",
    );
    const after = (await call(uploader, 'GET', '/node/broadcasters/kingsseminary/lifetime_stats')).body;
    expect([after.plays - before.plays, after.downloads - before.downloads]).toEqual([3, 2]);
    const recent = (await call(uploader, 'GET', '/node/broadcasters/kingsseminary/recent_stats')).body.days;
    expect(recent).toHaveLength(30);
    expect(recent.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), plays: 3, downloads: 2 });
    expect(recent[0]).toMatchObject({ plays: 0, downloads: 0 });
    const bySermon = (await call(uploader, 'GET', '/node/broadcasters/kingsseminary/sermon_stats?pageSize=2')).body;
    expect(bySermon.totalCount).toBe(20);
    expect(bySermon.results).toHaveLength(2);
    expect(bySermon.results[0].plays).toBeGreaterThanOrEqual(bySermon.results[1].plays);
  });
});
