import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../accounts/passwords.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { testUser } from '../test/users.ts';

/**
 * The webcast calls over webcasts in each state (the ingest that moves them is
 * live-ingest.db.test.ts): lists, a replay and its password, preview, metadata.
 */
describe.each(BACKENDS)('webcast calls on %s', (backend) => {
  let t: TestApp;
  let manager: Record<string, string>;
  let listener: Record<string, string>;
  const api = (method: 'GET' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url: `/api/v2/${url}`, headers, ...(payload ? { payload } : {}) });

  const insert = (id: string, broadcaster: string, state: string, extra = '', values: unknown[] = []) =>
    t.db.query(
      `INSERT INTO webcast (webcast_id, broadcaster_id, title, state, start_time, end_time, has_recording${extra ? `, ${extra}` : ''})
       VALUES ($1, $2, $1, $3, now() - interval '2 hours', CASE WHEN $3 = 'ended' THEN now() - interval '1 hour' END,
               $3 <> 'pending'${values.map((_, i) => `, $${i + 4}`).join('')})`,
      [id, broadcaster, state, ...values],
    );

  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { PUBLIC_URL: 'https://sermons.example' } });
    manager = (await testUser(t.db, 'manager', { broadcaster: [['gracechurch', 'admin']], verified: true })).headers;
    listener = (await testUser(t.db, 'listener', { verified: true })).headers;
    await insert('live1', 'gracechurch', 'live');
    await insert('ended1', 'gracechurch', 'ended');
    await insert('unlisted1', 'gracechurch', 'ended', 'replay', ['unlisted']);
    await insert('noreplay1', 'gracechurch', 'ended', 'replay', ['none']);
    await insert('locked1', 'radiovida', 'ended', 'password_hash', [
      await hashPassword('amen', { memoryCost: 1024, timeCost: 1 }),
    ]);
  }, 120_000);
  afterAll(async () => t?.close());

  it('lists the live webcasts, their count and the listed replays', async () => {
    const live = (await getJson(t.app, '/api/v2/node/webcasts')).body;
    expect(live.results.map((w: { webcastID: string }) => w.webcastID)).toEqual(['live1']);
    expect(live.results[0]).toMatchObject({
      broadcasterID: 'gracechurch',
      state: 'live',
      hlsURL: 'https://sermons.example/live-media/live1/index.m3u8',
      type: 'webcast',
    });
    expect(live.results[0].StartDate).toBe(live.results[0].startDate);
    const lite = (await getJson(t.app, '/api/v2/node/webcasts/lite')).body.results[0];
    expect(lite).not.toHaveProperty('description');
    expect((await getJson(t.app, '/api/v2/node/webcasts/count?broadcasterID=radiovida')).body.count).toBe(0);
    const history = (await getJson(t.app, '/api/v2/node/webcasts/history')).body;
    expect(history.results.map((w: { webcastID: string }) => w.webcastID).sort()).toEqual(['ended1', 'locked1']);
    const locked = history.results.find((w: { webcastID: string }) => w.webcastID === 'locked1');
    expect(locked).toMatchObject({ passwordProtected: true, hlsURL: null });
    const mine = (await getJson(t.app, '/api/v2/node/broadcasters/gracechurch/webcasts?pageSize=1')).body;
    expect(mine).toMatchObject({ totalCount: 2, next: 'more' });
    const short = await getJson(t.app, '/api/v2/node/broadcasters/gracechurch/webcasts?minimumDurationSeconds=7200');
    expect(short.body.results.map((w: { webcastID: string }) => w.webcastID)).toEqual(['live1']);
  });

  it("answers a replay, an unlisted one by its link, and 'Webcast replay not found' otherwise unless previewed", async () => {
    expect((await api('GET', 'node/broadcasters/gracechurch/webcasts/ended1')).json()).toMatchObject({
      webcastReplay: true,
      durationSeconds: 3600,
    });
    expect((await api('GET', 'node/broadcasters/gracechurch/webcasts/unlisted1')).json().unlisted).toBe(true);
    const none = await api('GET', 'node/broadcasters/gracechurch/webcasts/noreplay1', listener);
    expect(none.statusCode).toBe(404);
    expect(none.json().errors.error).toBe('Webcast replay not found');
    expect((await api('GET', 'node/broadcasters/radiovida/webcasts/ended1')).statusCode).toBe(404);
    expect(
      (await api('GET', 'node/broadcasters/gracechurch/webcasts/noreplay1?preview=true', listener)).statusCode,
    ).toBe(404);
    expect(
      (await api('GET', 'node/broadcasters/gracechurch/webcasts/noreplay1?preview=true', manager)).statusCode,
    ).toBe(200);
  });

  it('opens a protected replay with its password only', async () => {
    const url = 'node/broadcasters/radiovida/webcasts/locked1';
    expect((await api('GET', url)).statusCode).toBe(403);
    expect((await api('GET', `${url}?password=wrong`)).statusCode).toBe(403);
    const open = await api('GET', `${url}?password=amen`);
    expect(open.statusCode).toBe(200);
    expect(open.json().hlsURL).toBe('https://sermons.example/live-media/locked1/index.m3u8');
  });

  it('keeps defaults for new webcasts, leaving out blank text, and changes one webcast', async () => {
    const url = 'node/broadcasters/gracechurch/webcast_metadata';
    const got = await api('GET', url, manager);
    // The stream key is kept by no cache: not the browser's, not a shared one.
    expect(got.headers['cache-control']).toBe('private, no-store');
    const before = got.json();
    expect(before).toMatchObject({ rtmpURL: 'rtmp://sermons.example/live', defaultWebcastReplay: 'listed' });
    expect(before.streamKey).toMatch(/^[\w-]{24}$/);
    const saved = await api('PUT', url, manager, {
      defaultWebcastTitle: 'Lord’s Day worship',
      defaultWebcastSpeakerName: 'Pastor Ames',
      defaultWebcastPassword: 'grace',
      defaultWebcastReplay: 'unlisted',
    });
    expect(saved.json()).toMatchObject({ defaultWebcastTitle: 'Lord’s Day worship', defaultWebcastPassword: true });
    const blank = (await api('PUT', url, manager, { defaultWebcastTitle: '  ', defaultWebcastPassword: '' })).json();
    expect(blank).toMatchObject({ defaultWebcastTitle: 'Lord’s Day worship', defaultWebcastPassword: false });
    expect(blank.streamKey).toBe(before.streamKey);
    // The broadcaster's PATCH resets the stream key too (spec §7, resetStreamToken).
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/node/broadcasters/gracechurch',
      headers: manager,
      payload: { resetStreamToken: true },
    });
    expect(patched.statusCode).toBe(200);
    expect((await api('GET', url, manager)).json().streamKey).not.toBe(before.streamKey);

    const changed = await api('PUT', 'webcasts/ended1/webcast_metadata', manager, {
      title: 'Evening',
      speakerName: '',
    });
    expect(changed.json()).toMatchObject({ title: 'Evening', speakerName: '' });
    const stats = (await api('GET', 'webcasts/ended1/stats', manager)).json();
    expect(stats).toMatchObject({ state: 'ended', durationSeconds: 3600, peakViewers: 0 });
    const totals = (await api('GET', 'node/broadcasters/gracechurch/webcasts/stats/totals', manager)).json();
    expect(totals.webcastCount).toBe(4);
  });
});
