import { createApiClient } from '@kerygma/api/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE } from '../../packages/server/src/accounts/cookies.ts';
import { hashPassword } from '../../packages/server/src/accounts/passwords.ts';
import { injectFetch } from '../../packages/server/src/site/inject-fetch.ts';
import { buildTestApp, type TestApp } from '../../packages/server/src/test/test-app.ts';
import { BACKENDS } from '../../packages/server/src/test/test-db.ts';
import { testUser } from '../../packages/server/src/test/users.ts';
import {
  liveDestination,
  loadBroadcasterWebcasts,
  loadLiveWebcasts,
  loadNextScheduled,
  loadWebcast,
  loadWebcastHistory,
  startedLabel,
} from './webcasts.ts';

/**
 * The webcast pages' loaders over the real API (through the site's in-process fetch): what is
 * live and counted, the replays listed, a broadcaster's webcasts, one webcast behind its
 * password, by its link when unlisted, or in a manager's preview (spec §2 route checks).
 */
describe.each(BACKENDS)('webcast page loaders on %s', (backend) => {
  let t: TestApp;
  let managerCookie: string;
  const api = () => createApiClient({ origin: 'http://kerygma.test', language: 'en', fetch: injectFetch(t.app) });
  const insert = (id: string, broadcaster: string, state: string, more: { replay?: string; password?: string } = {}) =>
    t.db.query(
      `INSERT INTO webcast (webcast_id, broadcaster_id, title, state, start_time, end_time, has_recording, replay, password_hash)
       VALUES ($1, $2, $1, $3, CASE WHEN $3 <> 'pending' THEN now() - interval '2 hours' END,
               CASE WHEN $3 = 'ended' THEN now() - interval '1 hour' END, $3 <> 'pending', $4, $5)`,
      [id, broadcaster, state, more.replay ?? 'listed', more.password ?? null],
    );

  beforeAll(async () => {
    t = await buildTestApp(backend);
    const manager = await testUser(t.db, 'manager', { broadcaster: [['gracechurch', 'admin']], verified: true });
    managerCookie = `${ACCESS_COOKIE}=${manager.headers.authorization?.replace('Bearer ', '')}`;
    await insert('live-now', 'radiovida', 'live');
    await insert('replay-listed', 'gracechurch', 'ended');
    await insert('replay-unlisted', 'gracechurch', 'ended', { replay: 'unlisted' });
    await insert('replay-locked', 'radiovida', 'ended', { password: await hashPassword('amen') });
    await insert('not-started', 'gracechurch', 'pending');
    // Scheduled webcasts: two coming up, one whose start is past its two hours of grace.
    await t.db.query(`UPDATE broadcaster SET can_webcast = true WHERE broadcaster_id IN ('gracechurch', 'radiovida')`);
    await t.db.query(
      `INSERT INTO webcast_schedule (broadcaster_id, title, starts_at) VALUES
         ('gracechurch', 'Carol service', now() + interval '1 day'),
         ('radiovida', 'Culto de oración', now() + interval '3 hours'),
         ('gracechurch', 'Morning prayer', now() - interval '3 hours')`,
    );
  }, 60_000);
  afterAll(() => t?.close());

  it('says when a webcast started, in the page language and on the site’s clock (US Eastern), the zone named', () => {
    const winter = Date.UTC(2026, 11, 6, 15, 30) / 1000;
    expect(startedLabel(winter, 'en')).toBe('Dec 6, 2026, 10:30 AM EST');
    expect(startedLabel(winter, 'de')).toContain('10:30');
    const summer = Date.UTC(2026, 6, 5, 14, 30) / 1000;
    expect(startedLabel(summer, 'en')).toBe('Jul 5, 2026, 10:30 AM EDT');
  });

  it('lists the webcasts live now with their count', async () => {
    const { webcasts, count } = await loadLiveWebcasts(api());
    expect(webcasts.map((w) => w.webcastID)).toEqual(['live-now']);
    expect(count).toBe(1);
  });

  it('lists the scheduled webcasts coming up, soonest first, on /webcasts and the broadcaster’s webcasts', async () => {
    const { comingUp } = await loadLiveWebcasts(api());
    expect(comingUp.map((s) => s.title)).toEqual(['Culto de oración', 'Carol service']);
    expect(comingUp[0]).toMatchObject({ broadcasterID: 'radiovida', displayName: expect.any(String) });
    const grace = await loadBroadcasterWebcasts(api(), 'gracechurch', 1);
    expect(grace?.comingUp.map((s) => s.title)).toEqual(['Carol service']);
  });

  it('gives the broadcaster page the next scheduled webcast when it may webcast and is not live', async () => {
    const grace = { broadcasterID: 'gracechurch', canWebcast: true, webcastInProgress: false };
    expect((await loadNextScheduled(api(), grace))?.title).toBe('Carol service');
    expect(await loadNextScheduled(api(), { ...grace, webcastInProgress: true })).toBeUndefined();
    expect(await loadNextScheduled(api(), { ...grace, canWebcast: false })).toBeUndefined();
  });

  it('lists the listed replays only, and nothing past the last page', async () => {
    const history = await loadWebcastHistory(api(), 1);
    expect(history?.results.map((w) => w.webcastID).sort()).toEqual(['replay-listed', 'replay-locked']);
    expect(await loadWebcastHistory(api(), 2)).toBeUndefined();
  });

  it("splits a broadcaster's webcasts into the live one and its replays; an unknown one is not found", async () => {
    const found = await loadBroadcasterWebcasts(api(), 'RadioVida', 1);
    expect(found?.broadcaster.broadcasterID).toBe('radiovida');
    expect(found?.live.map((w) => w.webcastID)).toEqual(['live-now']);
    expect(found?.replays.map((w) => w.webcastID)).toEqual(['replay-locked']);
    const grace = await loadBroadcasterWebcasts(api(), 'gracechurch', 1);
    expect(grace?.live).toEqual([]);
    expect(grace?.replays.map((w) => w.webcastID)).toEqual(['replay-listed']);
    expect(await loadBroadcasterWebcasts(api(), 'no-such-church', 1)).toBeUndefined();
  });

  it('opens a live webcast and an unlisted replay by its link; a webcast not public is not found', async () => {
    const live = await loadWebcast(api(), 'radiovida', 'live-now');
    expect(live).toMatchObject({
      kind: 'found',
      webcast: { state: 'live', hlsURL: expect.stringContaining('live-now') },
    });
    expect(await loadWebcast(api(), 'gracechurch', 'replay-unlisted')).toMatchObject({
      kind: 'found',
      webcast: { unlisted: true },
    });
    expect(await loadWebcast(api(), 'gracechurch', 'not-started')).toEqual({ kind: 'notFound' });
    expect(await loadWebcast(api(), 'gracechurch', 'nope')).toEqual({ kind: 'notFound' });
    // Another broadcaster's address for it is no address of it.
    expect(await loadWebcast(api(), 'gracechurch', 'live-now')).toEqual({ kind: 'notFound' });
  });

  it('asks for the password of a protected replay, says when it is wrong, and opens it with the right one', async () => {
    expect(await loadWebcast(api(), 'radiovida', 'replay-locked')).toEqual({ kind: 'password', wrong: false });
    expect(await loadWebcast(api(), 'radiovida', 'replay-locked', { password: 'nope' })).toEqual({
      kind: 'password',
      wrong: true,
    });
    const opened = await loadWebcast(api(), 'radiovida', 'replay-locked', { password: 'amen' });
    expect(opened).toMatchObject({ kind: 'found', webcast: { passwordProtected: true, hlsURL: expect.any(String) } });
  });

  it('keeps the media pass for the page, so a reload or a later visit opens it without the password', async () => {
    const set: string[] = [];
    await loadWebcast(api(), 'radiovida', 'replay-locked', { password: 'amen', setCookie: (c) => set.push(c) });
    // The player's pass (its media's path) and the page's copy, for every locale's path.
    // Secure as the API's (the test app's public origin is https).
    expect(set[0]).toMatch(
      /^kerygma_webcast=[\w.-]+; Path=\/live-media\/replay-locked\/; Max-Age=7200; HttpOnly; Secure;/,
    );
    expect(set[1]).toMatch(
      /^kerygma_webcast_replay-locked=[\w.-]+; Path=\/; Max-Age=7200; HttpOnly; Secure; SameSite=Lax$/,
    );
    const pass = (set[1] as string).split(';')[0] as string;
    expect(pass.split('=')[1]).toBe((set[0] as string).split(';')[0]?.split('=')[1]);
    // The browser sends it back with the page's request, among its other cookies.
    const again: string[] = [];
    const back = await loadWebcast(api(), 'radiovida', 'replay-locked', {
      cookie: `theme=dark; ${pass}`,
      setCookie: (c) => again.push(c),
    });
    expect(back).toMatchObject({ kind: 'found', webcast: { hlsURL: expect.stringContaining('replay-locked') } });
    expect(again).toHaveLength(2); // both renewed
    // Another webcast's page copy does not open this one.
    expect(
      await loadWebcast(api(), 'radiovida', 'replay-locked', { cookie: `kerygma_webcast_other=${pass.split('=')[1]}` }),
    ).toEqual({ kind: 'password', wrong: false });
  });

  it("previews a webcast not public to the broadcaster's managers only", async () => {
    const preview = { preview: true, cookie: managerCookie };
    expect(await loadWebcast(api(), 'gracechurch', 'not-started', preview)).toMatchObject({
      kind: 'found',
      webcast: { state: 'pending' },
    });
    expect(await loadWebcast(api(), 'gracechurch', 'not-started', { preview: true })).toEqual({ kind: 'notFound' });
    // The cookie goes only with a preview.
    expect(await loadWebcast(api(), 'gracechurch', 'not-started', { cookie: managerCookie })).toEqual({
      kind: 'notFound',
    });
  });

  it('sends /live/{id} to the live webcast, else to the webcasts, and knows no unknown broadcaster', async () => {
    expect(await liveDestination(api(), 'RadioVida')).toBe('/webcasts/radiovida/live-now');
    expect(await liveDestination(api(), 'gracechurch')).toBe('/webcasts/gracechurch');
    expect(await liveDestination(api(), 'no-such-church')).toBeUndefined();
  });
});
