import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../test/processes.ts';
import { publish } from '../test/rtmp-publisher.ts';
import { getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { type WebcastTestApp, webcastTestApp } from '../test/webcast-ingest.ts';
import type { LiveIngest } from './live-ingest.ts';

/**
 * The ingest's operations with a real ffmpeg publisher: RTMPS beside RTMP (a self-signed
 * certificate made here), the keyframe interval's health, and the server's stops (spec §8):
 * unattended (nobody watching), overlong, webcasting disabled, and the cooldown after a stop
 * (the stream key refuses the encoder reconnecting until a manager lifts it or makes a new key).
 * The limits are seconds here (WEBCAST_*_HOURS in fractions). One ingest per process, so the
 * backends run one after another.
 */

const UNATTENDED_S = 3;
const OVERLONG_S = 24;
const poll = { timeout: 40_000, interval: 200 };

describe.each(BACKENDS)('webcast operations on %s', (backend) => {
  let w: WebcastTestApp;
  let t: TestApp;
  let ingest: LiveIngest;
  let manager: Record<string, string>;
  let key: string;
  let rtmpsPort: number;
  /** The ingest's log lines (why a publish was refused). */
  let logged: string[];
  const rtmp = () => w.rtmp(key);

  beforeAll(async () => {
    const certDir = mkdtempSync(path.join(tmpdir(), 'rtmps-'));
    const [cert, certKey] = [path.join(certDir, 'cert.pem'), path.join(certDir, 'key.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        certKey,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    rtmpsPort = await freePort();
    logged = [];
    w = await webcastTestApp(
      backend,
      {
        WEBCAST_OFFLINE_MINUTES: '1',
        WEBCAST_SEGMENT_SECONDS: '1',
        WEBCAST_UNATTENDED_HOURS: String(UNATTENDED_S / 3600),
        WEBCAST_OVERLONG_HOURS: String(OVERLONG_S / 3600),
        RTMPS_CERT: cert,
        RTMPS_KEY: certKey,
        RTMPS_PORT: String(rtmpsPort),
      },
      { archive: true, log: pino({ level: 'info' }, { write: (line: string) => void logged.push(line) }) },
    );
    ({ t, ingest, manager, key } = w);
    // The dashboard tells publishers the RTMPS address.
    expect(w.meta.rtmpURL).toBe(`rtmps://${new URL(t.config.publicUrl as string).hostname}:${rtmpsPort}/live`);
  }, 120_000);
  afterAll(async () => w?.close());

  const liveOne = async () =>
    vi.waitFor(async () => {
      const [w] = (await getJson(t.app, '/api/v2/node/webcasts?broadcasterID=gracechurch')).body.results;
      expect(w?.state).toBe('live');
      return w as { webcastID: string; hlsURL: string };
    }, poll);
  const webcast = async (id: string) =>
    (await getJson(t.app, `/api/v2/node/broadcasters/gracechurch/webcasts/${id}?preview=true`, manager)).body;
  const events = async (id: string): Promise<string[]> =>
    (await getJson(t.app, `/api/v2/webcasts/${id}/health`, manager)).body.events.map((e: { event: string }) => e.event);
  /** A viewer's player: fetches the playlist; the webcast is attended while it does. */
  const watch = (w: { hlsURL: string }) => t.app.inject({ url: new URL(w.hlsURL, 'http://x').pathname });
  const metadataPath = '/api/v2/node/broadcasters/gracechurch/webcast_metadata';
  const putMetadata = async (body: object) => {
    const res = await t.app.inject({ method: 'PUT', url: metadataPath, headers: manager, payload: body });
    expect(res.statusCode).toBe(200);
    return JSON.parse(res.body);
  };
  /** A publish right after a stop (the encoder reconnecting): refused, the refusal logged with why. */
  const refusedWhilePaused = async (reason: string) => {
    const pause = (await getJson(t.app, metadataPath, manager)).body.webcastingPause;
    expect(pause).toMatchObject({ reason });
    // WEBCAST_STOP_COOLDOWN_MINUTES' 30 by default, from the stop.
    expect(Date.parse(pause.until) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(await publish(rtmp()).exited).not.toBe(0);
    expect(logged.join('')).toMatch(
      new RegExp(`"reason":"${reason}"[^\n]*"msg":"publish refused: webcasting paused after a server stop"`),
    );
    expect((await getJson(t.app, '/api/v2/node/webcasts?broadcasterID=gracechurch')).body.results).toEqual([]);
  };
  const secondsLive = async (id: string) => {
    const [row] = await t.db.query<{ s: number }>(
      `SELECT extract(epoch FROM now() - start_time)::float8 AS s FROM webcast WHERE webcast_id = $1`,
      [id],
    );
    return row?.s ?? 0;
  };

  it('takes a publish over RTMPS, warns of keyframes too far apart, and stops a webcast running overlong', async () => {
    // 200 frames at 25 a second: a keyframe every 8 s.
    const publisher = publish(`rtmps://127.0.0.1:${rtmpsPort}/live/${key}`, { keyframeEvery: 200 });
    const w = await liveOne();
    const ended = new Promise<{ webcastId: string; sermonId: string | null }>((resolve) =>
      ingest.events.on('ended', (e) => e.webcastId === w.webcastID && resolve(e)),
    );
    // Watched all along (so never unattended), until the server stops it as overlong.
    const health = await vi.waitFor(async () => {
      await watch(w);
      const res = (await getJson(t.app, `/api/v2/webcasts/${w.webcastID}/health`, manager)).body;
      expect(res.keyframes).toBe('high');
      return res;
    }, poll);
    expect(health.state).not.toBe('healthy'); // a warning at least (a loaded machine may rate more)
    expect(health.events.find((e: { event: string }) => e.event === 'keyframes-high').detail.seconds).toBeGreaterThan(
      4,
    );
    await vi.waitFor(
      async () => {
        await watch(w);
        expect((await webcast(w.webcastID)).state).toBe('ended');
      },
      { ...poll, timeout: OVERLONG_S * 2000 },
    );
    expect(await publisher.exited).not.toBe(0); // dropped by the server
    expect(await webcast(w.webcastID)).toMatchObject({ stopReason: 'overlong', webcastReplay: true });
    expect(await events(w.webcastID)).toContain('killed-overlong');
    expect((await ended).sermonId).toEqual(expect.any(String)); // archived as usual
    // The encoder reconnecting at once is refused: paused for the cooldown.
    await refusedWhilePaused('overlong');
    // A manager allows webcasting now (the next test's publish goes live).
    expect((await putMetadata({ resumeWebcasting: true })).webcastingPause).toBeNull();
  }, 120_000);

  it('keeps a watched webcast going, stops it once nobody watches, and keyframes every 2 s are normal', async () => {
    const publisher = publish(rtmp());
    const w = await liveOne();
    // Watched for more than twice the unattended limit: still live.
    await vi.waitFor(async () => {
      expect((await watch(w)).statusCode).toBe(200);
      expect((await webcast(w.webcastID)).state).toBe('live');
      expect(await secondsLive(w.webcastID)).toBeGreaterThan(UNATTENDED_S * 2 + 1);
    }, poll);
    const health = (await getJson(t.app, `/api/v2/webcasts/${w.webcastID}/health`, manager)).body;
    expect(health.keyframes).not.toBe('high'); // normal: no event, the rating stays null
    expect(await events(w.webcastID)).not.toContain('keyframes-high');
    // Nobody watches now: stopped, ended at once (no offline time), archived.
    await vi.waitFor(async () => expect((await webcast(w.webcastID)).state).toBe('ended'), poll);
    expect(await publisher.exited).not.toBe(0);
    expect(await webcast(w.webcastID)).toMatchObject({ stopReason: 'unattended' });
    expect(await events(w.webcastID)).toEqual(expect.arrayContaining(['killed-unattended', 'disconnected']));
    await refusedWhilePaused('unattended');
    // A new stream key lifts the pause too (the next test publishes with it and goes live).
    const renewed = await putMetadata({ resetStreamToken: true });
    expect(renewed.webcastingPause).toBeNull();
    key = renewed.streamKey;
  }, 120_000);

  it('stops a live webcast when webcasting is disabled for its broadcaster', async () => {
    const publisher = publish(rtmp());
    const w = await liveOne();
    await t.db.query(`UPDATE broadcaster SET can_webcast = false WHERE broadcaster_id = 'gracechurch'`);
    expect(await publisher.exited).not.toBe(0);
    await vi.waitFor(
      async () => expect(await webcast(w.webcastID)).toMatchObject({ state: 'ended', stopReason: 'disabled' }),
      poll,
    );
    expect(await events(w.webcastID)).toContain('killed-disabled');
    await t.db.query(`UPDATE broadcaster SET can_webcast = true WHERE broadcaster_id = 'gracechurch'`);
    // No cooldown after this stop: a disabled broadcaster is refused anyway.
    expect((await getJson(t.app, metadataPath, manager)).body.webcastingPause).toBeNull();
  }, 120_000);
});
