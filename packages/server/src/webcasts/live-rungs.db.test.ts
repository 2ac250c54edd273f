import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../test/processes.ts';
import { publish } from '../test/rtmp-publisher.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { testUser } from '../test/users.ts';
import { type LiveIngest, startLiveIngest } from './live-ingest.ts';

/**
 * Webcasts' delivery with a real ffmpeg publisher over RTMP on loopback: a second webcast on
 * the same stream key whose tracks differ from the first's is packaged from its own tracks.
 * One ingest per process (node-media-server's context), so the backends run one after another.
 */

const OFFLINE_MS = 1000;
const poll = { timeout: 25_000, interval: 100 };
const segments = (playlist: string) => playlist.match(/^[\w-]+\.ts$/gm)?.length ?? 0;

describe.each(BACKENDS)('webcast delivery on %s', (backend) => {
  let t: TestApp;
  let ingest: LiveIngest;
  let key: string;
  const rtmp = () => `rtmp://127.0.0.1:${ingest.port}/live/${key}`;

  beforeAll(async () => {
    t = await buildTestApp(backend, {
      env: {
        WEBCAST_OFFLINE_MINUTES: String(OFFLINE_MS / 60_000),
        WEBCAST_DVR_MINUTES: '1',
        WEBCAST_SEGMENT_SECONDS: '1',
      },
    });
    await t.db.query(`UPDATE broadcaster SET can_webcast = true WHERE broadcaster_id = 'gracechurch'`);
    const manager = await testUser(t.db, 'manager', { broadcaster: [['gracechurch', 'admin']], verified: true });
    ingest = await startLiveIngest({
      db: t.db,
      settings: { ...t.config.webcasts, rtmpPort: await freePort(), rtmpHost: '127.0.0.1' },
      log: pino({ level: 'silent' }),
    });
    key = (await getJson(t.app, '/api/v2/node/broadcasters/gracechurch/webcast_metadata', manager.headers)).body
      .streamKey;
  }, 30_000);
  afterAll(async () => {
    await ingest?.stop();
    await t?.close();
  });

  const liveWebcast = async () => {
    const [w] = (await getJson(t.app, '/api/v2/node/webcasts?broadcasterID=gracechurch')).body.results;
    expect(w).toBeDefined();
    return w;
  };
  const playlistOf = async (hlsURL: string, file = 'index.m3u8') =>
    (await t.app.inject({ url: new URL(hlsURL, 'http://x').pathname.replace(/[^/]+$/, file) })).body;

  it('packages an audio-only webcast that follows a video one on the same stream key', async () => {
    const video = publish(rtmp());
    const first = await vi.waitFor(liveWebcast, poll);
    await vi.waitFor(async () => expect(segments(await playlistOf(first.hlsURL))).toBeGreaterThanOrEqual(1), poll);
    const ended = new Promise((resolve) => ingest.events.once('ended', resolve));
    await video.stop();
    await ended;

    const radio = publish(rtmp(), { audioOnly: true });
    const second = await vi.waitFor(async () => {
      const w = await liveWebcast();
      expect(w.audioOnly).toBe(true);
      return w;
    }, poll);
    expect(second.webcastID).not.toBe(first.webcastID);
    await vi.waitFor(async () => expect(segments(await playlistOf(second.hlsURL))).toBeGreaterThanOrEqual(2), poll);
    await radio.stop();
  }, 60_000);
});
