import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/processes.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { BACKENDS } from '../../test/test-db.ts';
import { testUser } from '../../test/users.ts';
import { restreamEventsOf } from './multicast.queries.ts';
import { liveLikeSource, type RtmpReceiver, rtmpReceiver, until, videoFrames } from './restream-fixtures.ts';
import { type MulticastRuntime, multicastRuntime } from './restreams.ts';
import { streamSecrets } from './stream-secrets.ts';

let source: string;
beforeAll(async () => {
  source = await liveLikeSource(20);
}, 60_000);

describe.each(BACKENDS)('multicast restreams on %s', (backend) => {
  let t: TestApp;
  let runtime: MulticastRuntime;
  let admin: Record<string, string>;
  let siteAdmin: Record<string, string>;
  const receivers: RtmpReceiver[] = [];
  beforeAll(async () => {
    t = await buildTestApp(backend, {
      multicast: (db, config) => {
        // The source is a file played at its own pace, as the ingest's live stream would be.
        runtime = multicastRuntime(db, streamSecrets(config), {
          reconnect: { baseMs: 50, attempts: 3 },
          realtime: true,
        });
        return runtime;
      },
    });
    admin = (await testUser(t.db, 'mcadmin', { broadcaster: [['gracechurch', 'admin']], verified: true })).headers;
    siteAdmin = (await testUser(t.db, 'mcsiteadmin', { siteAdmin: true, verified: true })).headers;
  }, 60_000);
  afterEach(async () => {
    await runtime.restreams.stopBroadcasterRestreams('gracechurch');
    for (const r of receivers.splice(0)) r.process.kill('SIGKILL');
  });
  afterAll(() => t?.close());

  const api = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = admin) => {
    const res = await t.app.inject({ method, url: `/api/v2/node/broadcasters/${url}`, headers, payload });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  const list = async (query = '') => (await api('GET', `gracechurch/multicast_list${query}`)).body.results;
  const one = async (id: number) =>
    (await list('?include_system=true')).find((m: { multicast_id: number }) => m.multicast_id === id);

  it('keeps destinations with their platform ingest address, answers the key masked and stores neither in clear', async () => {
    const key = 'abcd-efgh-ijkl-mnop-wxyz';
    const yt = await api('POST', 'gracechurch/multicast', {
      stream_platform: 'youtube',
      stream_key: key,
      stream_label: 'Our channel',
    });
    expect(yt.status).toBe(201);
    expect(yt.body).toMatchObject({
      broadcaster_id: 'gracechurch',
      stream_platform: 'youtube',
      stream_label: 'Our channel',
      stream_url: 'rtmp://a.rtmp.youtube.com/live2',
      stream_key: '••••••••wxyz',
      status: 'stopped',
      auto_start: false,
      disabled: false,
      system: false,
      last_event: null,
    });
    const fb = await api('POST', 'gracechurch/multicast', { stream_platform: 'facebook', stream_key: 'FB-1234567890' });
    expect(fb.body.stream_url).toBe('rtmps://live-api-s.facebook.com:443/rtmp/');
    const custom = await api('POST', 'gracechurch/multicast', {
      stream_platform: 'custom',
      stream_url: 'rtmp://live.example.org/app',
      stream_key: 'short',
    });
    // A short key shows nothing of itself, not even its length.
    expect(custom.body.stream_key).toBe('••••••••');
    expect((await list()).map((m: { multicast_id: number }) => m.multicast_id)).toEqual(
      expect.arrayContaining([yt.body.multicast_id, fb.body.multicast_id, custom.body.multicast_id]),
    );

    const [row] = await t.db.query<{ whole: string }>(
      'SELECT m::text AS whole FROM multicast m WHERE multicast_id = $1',
      [custom.body.multicast_id],
    );
    expect(row?.whole).not.toContain('short');
    expect(row?.whole).not.toContain('live.example.org');
    const [ytRow] = await t.db.query<{ whole: string }>(
      'SELECT m::text AS whole FROM multicast m WHERE multicast_id = $1',
      [yt.body.multicast_id],
    );
    expect(ytRow?.whole).not.toContain('wxyz');

    // Changed: a new label, the key kept when none is sent, then replaced.
    const renamed = await api('PATCH', `gracechurch/multicast/${yt.body.multicast_id}`, { stream_label: 'Sunday' });
    expect(renamed.body).toMatchObject({ stream_label: 'Sunday', stream_key: '••••••••wxyz' });
    const rekeyed = await api('PATCH', `gracechurch/multicast/${yt.body.multicast_id}`, {
      stream_key: 'new-key-000-1111',
    });
    expect(rekeyed.body.stream_key).toBe('••••••••1111');
    // Moved to another platform without an address: that platform's ingest.
    const moved = await api('PATCH', `gracechurch/multicast/${custom.body.multicast_id}`, {
      stream_platform: 'youtube',
    });
    expect(moved.body.stream_url).toBe('rtmp://a.rtmp.youtube.com/live2');

    expect((await api('DELETE', `gracechurch/multicast/${fb.body.multicast_id}`)).body).toEqual({ deleted: true });
    expect((await api('PATCH', `gracechurch/multicast/${fb.body.multicast_id}`, { disabled: true })).status).toBe(404);
  });

  it('refuses bad input, naming the field', async () => {
    const bad = async (body: object) => {
      const res = await api('POST', 'gracechurch/multicast', body);
      expect(res.status).toBe(400);
      return Object.keys(res.body.errors);
    };
    expect(await bad({ stream_platform: 'custom', stream_key: 'k' })).toEqual(['stream_url']);
    expect(await bad({ stream_platform: 'custom', stream_url: 'http://example.org/live', stream_key: 'k' })).toEqual([
      'stream_url',
    ]);
    expect(await bad({ stream_platform: 'youtube', stream_key: 'has spaces in it' })).toEqual(['stream_key']);
    expect(await bad({ stream_platform: 'youtube' })).toEqual(['stream_key']);
    expect(await bad({ stream_platform: 'twitch', stream_key: 'k' })).toEqual(['stream_platform']);
    expect((await api('PATCH', 'gracechurch/multicast/abc', { disabled: true })).status).toBe(400);
    expect((await api('PATCH', 'gracechurch/multicast/99999999999', { disabled: true })).status).toBe(400);
    // Another broadcaster's destination is not found through this one.
    const theirs = await api('POST', 'radiovida/multicast', { stream_platform: 'youtube', stream_key: 'k' }, siteAdmin);
    expect(theirs.status).toBe(201);
    const res = await api('DELETE', `gracechurch/multicast/${theirs.body.multicast_id}`);
    expect(res).toMatchObject({ status: 404, body: { errors: { error: 'This restream destination does not exist' } } });
    expect((await api('GET', 'nosuchchurch/multicast_list', undefined, siteAdmin)).status).toBe(404);
  });

  it("lists the site's own destinations only with include_system, and lets only site admins change them", async () => {
    const refused = await api('POST', 'gracechurch/multicast', {
      stream_platform: 'youtube',
      stream_key: 'k',
      system: true,
    });
    expect(refused.status).toBe(403);
    const sys = await api(
      'POST',
      'gracechurch/multicast',
      { stream_platform: 'custom', stream_url: 'rtmp://relay.kerygma.test/live', stream_key: 'k', system: true },
      siteAdmin,
    );
    expect(sys.status).toBe(201);
    const id = sys.body.multicast_id;
    expect((await list()).some((m: { multicast_id: number }) => m.multicast_id === id)).toBe(false);
    expect(await one(id)).toMatchObject({ system: true });
    const patched = await api('PATCH', `gracechurch/multicast/${id}`, { disabled: true });
    expect(patched.status).toBe(403);
    expect(patched.body.errors.error).toMatch(/site administrators/);
    expect((await api('DELETE', `gracechurch/multicast/${id}`, undefined, siteAdmin)).status).toBe(200);
  });

  it('starts only while the broadcaster is live, and answers why not in the caller’s language', async () => {
    const made = await api('POST', 'gracechurch/multicast', { stream_platform: 'youtube', stream_key: 'k' });
    const id = made.body.multicast_id;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/node/broadcasters/gracechurch/multicast/${id}/start`,
      headers: { ...admin, 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body)).toMatchObject({
      code: 'conflict',
      errors: { error: expect.stringMatching(/nicht live/) },
    });
    expect((await api('POST', `gracechurch/multicast/${id}/restart`)).status).toBe(409);
    expect((await api('POST', `gracechurch/multicast/${id}/stop`)).body.status).toBe('stopped');
    await api('PATCH', `gracechurch/multicast/${id}`, { disabled: true });
    expect((await api('POST', `gracechurch/multicast/${id}/start`)).body.errors.error).toMatch(/turned off/);
    await api('DELETE', `gracechurch/multicast/${id}`);
  });

  it('restreams the live webcast to its auto-start destinations, and is stopped, restarted and stopped with it', async () => {
    const first = rtmpReceiver(await freePort(), 'live-key-0001');
    receivers.push(first);
    const made = await api('POST', 'gracechurch/multicast', {
      stream_platform: 'custom',
      stream_url: first.url,
      stream_key: 'live-key-0001',
      auto_start: true,
    });
    const id = made.body.multicast_id;
    const manual = await api('POST', 'gracechurch/multicast', {
      stream_platform: 'custom',
      stream_url: 'rtmp://127.0.0.1:9/live',
      stream_key: 'not-auto',
    });

    // The webcast core: the broadcaster went live.
    expect(await runtime.restreams.startBroadcasterRestreams('gracechurch', source)).toEqual([id]);
    const running = await until(
      async () => {
        const m = await one(id);
        return m?.status === 'running' && m;
      },
      15_000,
      'running',
    );
    expect(running.last_event).toMatchObject({ kind: 'connect' });
    expect((await one(manual.body.multicast_id)).status).toBe('stopped');

    const stopped = await api('POST', `gracechurch/multicast/${id}/stop`);
    expect(stopped.body.status).toBe('stopped');
    await first.exited;
    expect(await videoFrames(first.file)).toBeGreaterThan(0);

    // A new address, then a restart: the restream goes there.
    const second = rtmpReceiver(await freePort(), 'live-key-0002');
    receivers.push(second);
    await api('PATCH', `gracechurch/multicast/${id}`, { stream_url: second.url, stream_key: 'live-key-0002' });
    const restarted = await api('POST', `gracechurch/multicast/${id}/restart`);
    expect(['starting', 'running']).toContain(restarted.body.status);
    await until(async () => (await one(id))?.status === 'running', 15_000, 'running again');

    // The webcast core: the webcast ended.
    await runtime.restreams.stopBroadcasterRestreams('gracechurch');
    expect((await one(id)).status).toBe('stopped');
    await second.exited;
    expect(await videoFrames(second.file)).toBeGreaterThan(0);
    await api('DELETE', `gracechurch/multicast/${manual.body.multicast_id}`);
    await api('DELETE', `gracechurch/multicast/${id}`);
  }, 60_000);

  it('reports a destination that refuses as failed, with its events, and stopped', async () => {
    const port = await freePort();
    const made = await api('POST', 'gracechurch/multicast', {
      stream_platform: 'custom',
      stream_url: `rtmp://127.0.0.1:${port}/live`,
      stream_key: 'nobody-listens',
    });
    const id = made.body.multicast_id;
    await runtime.restreams.startBroadcasterRestreams('gracechurch', source);
    expect((await api('POST', `gracechurch/multicast/${id}/start`)).body.status).toBe('starting');
    const failed = await until(
      async () => {
        const m = await one(id);
        return m?.last_event?.kind === 'fail' && m.status === 'stopped' && m;
      },
      20_000,
      'fail',
    );
    expect(failed.last_event.detail).toMatch(/refused|Input\/output error|Cannot open connection/i);
    const events = await t.db.query<{ kind: string; attempt: number }>(
      'SELECT kind, attempt FROM multicast_event WHERE multicast_id = $1 ORDER BY event_id',
      [id],
    );
    expect(events.map((e) => `${e.kind} ${e.attempt}`)).toEqual([
      'reconnect 1',
      'reconnect 2',
      'reconnect 3',
      'fail 4',
    ]);
    // What the webcast's stream health reads (spec §4 restream events), newest first.
    const recent = await restreamEventsOf(t.db, 'gracechurch', Math.floor(Date.now() / 1000) - 60);
    expect(recent.filter((e) => e.multicast_id === id).map((e) => e.kind)).toEqual([
      'fail',
      'reconnect',
      'reconnect',
      'reconnect',
    ]);
    await api('DELETE', `gracechurch/multicast/${id}`);
  }, 60_000);

  it('keeps at most 20 destinations per broadcaster', async () => {
    const existing = (await list('?include_system=true')).length;
    for (let i = existing; i < 20; i++)
      expect(
        (await api('POST', 'gracechurch/multicast', { stream_platform: 'youtube', stream_key: `k${i}` })).status,
      ).toBe(201);
    const res = await api('POST', 'gracechurch/multicast', { stream_platform: 'youtube', stream_key: 'one-too-many' });
    expect(res).toMatchObject({
      status: 409,
      body: { errors: { error: 'A broadcaster may keep at most 20 restream destinations' } },
    });
  });
});
