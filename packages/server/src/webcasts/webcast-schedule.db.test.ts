import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '../media/api-keys.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { testUser } from '../test/users.ts';

/**
 * Scheduled webcasts (webcast-schedule.ts): a broadcaster's managers announce, change and remove
 * them; everyone reads the upcoming ones, soonest first, until two hours past their start.
 */
describe.each(BACKENDS)('scheduled webcasts on %s', (backend) => {
  let t: TestApp;
  let clock = Date.parse('2026-12-04T12:00:00Z');
  let manager: Record<string, string>;
  let otherManager: Record<string, string>;
  let apiKey: Record<string, string>;
  const HOUR = 3_600_000;
  const at = (hours: number) => new Date(clock + hours * HOUR).toISOString();
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers = {}, payload?: object) =>
    t.app.inject({ method, url: `/api/v2/${url}`, headers, ...(payload ? { payload } : {}) });
  const titles = (body: { results: { title: string }[] }) => body.results.map((s) => s.title);
  const announce = async (broadcaster: string, title: string, hours: number, headers = manager) => {
    const res = await api('POST', `node/broadcasters/${broadcaster}/webcasts/scheduled`, headers, {
      title,
      startDate: at(hours),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().scheduledWebcastID as number;
  };

  beforeAll(async () => {
    t = await buildTestApp(backend, { now: () => clock });
    await t.db.query(`UPDATE broadcaster SET can_webcast = true WHERE broadcaster_id IN ('gracechurch', 'radiovida')`);
    manager = (await testUser(t.db, 'manager', { broadcaster: [['gracechurch', 'uploader']], verified: true })).headers;
    otherManager = (await testUser(t.db, 'other', { broadcaster: [['radiovida', 'admin']], verified: true })).headers;
    apiKey = { 'x-api-key': await createApiKey(t.db, 'gracechurch', 'schedule') };
  }, 120_000);
  beforeEach(async () => {
    clock = Date.parse('2026-12-04T12:00:00Z');
    await t.db.query('DELETE FROM webcast_schedule');
  });
  afterAll(async () => t?.close());

  it('announces a webcast with its details, and lists it for the broadcaster and the site', async () => {
    const res = await api('POST', 'node/broadcasters/GraceChurch/webcasts/scheduled', manager, {
      title: '  Lord’s Day worship ',
      description: 'Morning service',
      startDate: '2026-12-06T10:30:00-05:00',
      expectedDurationMinutes: 90,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      broadcasterID: 'gracechurch',
      displayName: 'Grace Reformed Baptist Church',
      title: 'Lord’s Day worship',
      description: 'Morning service',
      startDate: '2026-12-06T15:30:00.000Z',
      startTimestamp: Date.parse('2026-12-06T15:30:00Z') / 1000,
      expectedDurationMinutes: 90,
    });
    const mine = (await api('GET', 'node/broadcasters/gracechurch/webcasts/scheduled')).json();
    expect(mine).toMatchObject({ totalCount: null, next: null, results: [res.json()] });
    expect(titles((await api('GET', 'node/webcasts/scheduled')).json())).toEqual(['Lord’s Day worship']);
    expect((await api('GET', 'node/broadcasters/radiovida/webcasts/scheduled')).json().results).toEqual([]);
    expect((await api('GET', 'node/broadcasters/nosuchchurch/webcasts/scheduled')).statusCode).toBe(404);
  });

  it('refuses a start not in the future and a blank title, each with its message, saving nothing', async () => {
    const past = await api('POST', 'node/broadcasters/gracechurch/webcasts/scheduled', manager, {
      title: '   ',
      startDate: at(-1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      status: 400,
      errors: {
        title: 'Give the webcast a title.',
        startDate: 'Choose a start time in the future.',
      },
    });
    const noStart = await api('POST', 'node/broadcasters/gracechurch/webcasts/scheduled', manager, { title: 'A' });
    expect(noStart.statusCode).toBe(400);
    expect(Object.keys(noStart.json().errors)).toEqual(['startDate']);
    const long = await api('POST', 'node/broadcasters/gracechurch/webcasts/scheduled', manager, {
      title: 'x'.repeat(201),
      startDate: at(1),
    });
    expect(long.statusCode).toBe(400);
    expect((await api('GET', 'node/webcasts/scheduled')).json().results).toEqual([]);
  });

  it('changes and removes a scheduled webcast; a new start must be in the future, an old one may stay', async () => {
    const id = await announce('gracechurch', 'Evening prayer', 1);
    const url = `node/broadcasters/gracechurch/webcasts/scheduled/${id}`;
    const changed = await api('PATCH', url, apiKey, { title: 'Evening prayers', expectedDurationMinutes: 45 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Evening prayers', startDate: at(1), expectedDurationMinutes: 45 });
    expect((await api('PATCH', url, manager, { startDate: at(-0.5) })).statusCode).toBe(400);
    // Its start has come: the title may still change with the same start.
    clock += 1.5 * HOUR;
    const late = await api('PATCH', url, manager, { title: 'Evening prayer (late)', startDate: at(-0.5) });
    expect(late.statusCode, late.body).toBe(200);
    expect((await api('PATCH', url, manager, { expectedDurationMinutes: null })).json().expectedDurationMinutes).toBe(
      null,
    );
    expect((await api('DELETE', url, manager)).json()).toEqual({ deleted: true });
    expect((await api('DELETE', url, manager)).statusCode).toBe(404);
    expect((await api('GET', 'node/webcasts/scheduled')).json().results).toEqual([]);
  });

  it('drops the cached webcast pages and the broadcaster’s at each change, as a webcast going live does', async () => {
    const heard: unknown[] = [];
    const stop = t.changes.subscribe((c) => heard.push(c));
    try {
      const id = await announce('gracechurch', 'Harvest service', 6);
      const url = `node/broadcasters/gracechurch/webcasts/scheduled/${id}`;
      await api('PATCH', url, manager, { title: 'Harvest thanksgiving' });
      expect((await api('PATCH', url, manager, { title: ' ' })).statusCode).toBe(400);
      await api('DELETE', url, manager);
      const change = { broadcasterIds: ['gracechurch'], webcasts: true };
      expect(heard).toEqual([
        expect.objectContaining(change),
        expect.objectContaining(change),
        expect.objectContaining(change),
      ]);
    } finally {
      stop();
    }
  });

  it("refuses the signed-out, another broadcaster's manager, and a broadcaster that cannot webcast", async () => {
    const id = await announce('gracechurch', 'Bible study', 24);
    const url = `node/broadcasters/gracechurch/webcasts/scheduled/${id}`;
    const create = (headers: Record<string, string>) =>
      api('POST', 'node/broadcasters/gracechurch/webcasts/scheduled', headers, { title: 'Mine', startDate: at(2) });
    expect((await create({})).statusCode).toBe(401);
    expect((await create(otherManager)).statusCode).toBe(403);
    expect((await api('PATCH', url, otherManager, { title: 'Taken' })).statusCode).toBe(403);
    expect((await api('DELETE', url, otherManager)).statusCode).toBe(403);
    // radiovida's manager cannot reach gracechurch's schedule through radiovida either.
    expect((await api('DELETE', `node/broadcasters/radiovida/webcasts/scheduled/${id}`, otherManager)).statusCode).toBe(
      404,
    );
    await t.db.query(`UPDATE broadcaster SET can_webcast = false WHERE broadcaster_id = 'gracechurch'`);
    try {
      const refused = await create(manager);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors.error).toBe('Webcasting is not enabled for this broadcaster.');
      expect((await api('PATCH', url, manager, { title: 'Changed' })).statusCode).toBe(403);
      // Its announced webcasts are no longer shown.
      expect((await api('GET', 'node/webcasts/scheduled')).json().results).toEqual([]);
    } finally {
      await t.db.query(`UPDATE broadcaster SET can_webcast = true WHERE broadcaster_id = 'gracechurch'`);
    }
    expect(titles((await api('GET', 'node/webcasts/scheduled')).json())).toEqual(['Bible study']);
  });

  it('lists the site’s upcoming soonest first, page by page, and drops one two hours past its start', async () => {
    await announce('gracechurch', 'Third', 30);
    await announce('radiovida', 'First', 2, otherManager);
    await announce('gracechurch', 'Second', 5);
    await announce('radiovida', 'Fourth', 48, otherManager);
    const first = (await api('GET', 'node/webcasts/scheduled?pageSize=3')).json();
    expect(titles(first)).toEqual(['First', 'Second', 'Third']);
    expect(first.next).toMatch(/page=2/);
    const next = new URL(first.next);
    const second = (await api('GET', `node/webcasts/scheduled${next.search}`)).json();
    expect(titles(second)).toEqual(['Fourth']);
    expect(second.next).toBeNull();
    // A page after the first needs its cursor.
    expect((await api('GET', 'node/webcasts/scheduled?page=2&pageSize=3')).statusCode).toBe(400);
    expect((await api('GET', 'node/webcasts/scheduled?pageSize=101')).statusCode).toBe(400);
    // 'First' started an hour and a half ago: still shown; at two hours and a bit, gone.
    clock += 3.5 * HOUR;
    expect(titles((await api('GET', 'node/webcasts/scheduled')).json())).toEqual([
      'First',
      'Second',
      'Third',
      'Fourth',
    ]);
    clock += 0.6 * HOUR;
    expect(titles((await api('GET', 'node/webcasts/scheduled')).json())).toEqual(['Second', 'Third', 'Fourth']);
    expect(titles((await api('GET', 'node/broadcasters/radiovida/webcasts/scheduled')).json())).toEqual(['Fourth']);
  });
});
