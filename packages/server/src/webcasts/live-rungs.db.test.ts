import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publish } from '../test/rtmp-publisher.ts';
import { getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { type WebcastTestApp, webcastTestApp } from '../test/webcast-ingest.ts';

/**
 * Webcasts' delivery with a real ffmpeg publisher over RTMP on loopback, the lower rung on: a
 * master playlist lists the copied rung and a 480p one, both served with segments; a second
 * webcast on the same stream key whose tracks differ from the first's is packaged from its own
 * tracks, audio only with one rung. (The rung off: live-ingest.db.test.ts, no master.)
 * One ingest per process (node-media-server's context), so the backends run one after another.
 */

const OFFLINE_MS = 1000;
const poll = { timeout: 25_000, interval: 100 };
const segments = (playlist: string) => playlist.match(/^[\w-]+\.ts$/gm)?.length ?? 0;

describe.each(BACKENDS)('webcast delivery on %s', (backend) => {
  let w: WebcastTestApp;
  let t: TestApp;
  const rtmp = () => w.rtmp();

  beforeAll(async () => {
    w = await webcastTestApp(backend, {
      WEBCAST_OFFLINE_MINUTES: String(OFFLINE_MS / 60_000),
      WEBCAST_DVR_MINUTES: '1',
      WEBCAST_SEGMENT_SECONDS: '1',
      WEBCAST_LOWER_RUNG: 'on',
    });
    t = w.t;
  }, 90_000);
  afterAll(async () => w?.close());

  const liveWebcast = async () => {
    const [w] = (await getJson(t.app, '/api/v2/node/webcasts?broadcasterID=gracechurch')).body.results;
    expect(w).toBeDefined();
    return w;
  };
  const playlistOf = async (hlsURL: string, file = 'index.m3u8') =>
    (await t.app.inject({ url: new URL(hlsURL, 'http://x').pathname.replace(/[^/]+$/, file) })).body;

  it('serves a master playlist of the copied rung and a 480p rung, both live with segments', async () => {
    const publisher = publish(rtmp(), { size: '1280x720' });
    const started = await vi.waitFor(liveWebcast, poll);
    expect(new URL(started.hlsURL).pathname).toBe(`/live-media/${started.webcastID}/master.m3u8`);
    const master = await vi.waitFor(async () => {
      const res = await t.app.inject({ url: new URL(started.hlsURL).pathname });
      expect(res.statusCode).toBe(200);
      expect(res.body.match(/^#EXT-X-STREAM-INF/gm)).toHaveLength(2);
      return res;
    }, poll);
    expect(master.headers['content-type']).toContain('mpegurl');
    expect(master.headers['cache-control']).toBe('public, max-age=1');
    const rungs = [...master.body.matchAll(/^#EXT-X-STREAM-INF:(.*)\n(.*)$/gm)].map(([, attributes, uri]) => ({
      uri,
      bandwidth: Number(/BANDWIDTH=(\d+)/.exec(attributes as string)?.[1]),
      resolution: /RESOLUTION=(\w+)/.exec(attributes as string)?.[1],
      codecs: /CODECS="([^"]+)"/.exec(attributes as string)?.[1],
    }));
    expect(rungs).toEqual([
      {
        uri: 'index.m3u8',
        bandwidth: expect.any(Number),
        resolution: '1280x720',
        codecs: expect.stringMatching(/^avc1\.\w{6},mp4a\.40\.2$/),
      },
      {
        uri: 'low.m3u8',
        bandwidth: expect.any(Number),
        resolution: '854x480',
        codecs: expect.stringMatching(/^avc1\.4d\w{4},mp4a\.40\.2$/),
      },
    ]);
    expect(rungs[1]?.bandwidth).toBeGreaterThan(100_000);
    expect(rungs[1]?.bandwidth).toBeLessThan(rungs[0]?.bandwidth as number);
    // Each rung's playlist gets segments, served (trimmed to the window) as MPEG-TS.
    for (const rung of rungs) {
      const playlist = await vi.waitFor(async () => {
        const text = await playlistOf(started.hlsURL, rung.uri);
        expect(segments(text)).toBeGreaterThanOrEqual(2);
        return text;
      }, poll);
      expect(playlist).not.toContain('#EXT-X-ENDLIST');
      const segment = playlist.match(/^[\w-]+\.ts$/m)?.[0] as string;
      expect(segment.startsWith(rung.uri === 'low.m3u8' ? 'low-' : 'seg-')).toBe(true);
      const res = await t.app.inject({ url: new URL(started.hlsURL).pathname.replace('master.m3u8', segment) });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload[0]).toBe(0x47);
    }
    const ended = new Promise((resolve) => w.ingest.events.once('ended', resolve));
    await publisher.stop();
    await ended;
    // The replay: both rungs closed.
    for (const rung of rungs) expect(await playlistOf(started.hlsURL, rung.uri)).toContain('#EXT-X-ENDLIST');
  }, 90_000);

  it('packages an audio-only webcast that follows a video one on the same stream key', async () => {
    const video = publish(rtmp());
    const first = await vi.waitFor(liveWebcast, poll);
    await vi.waitFor(async () => expect(segments(await playlistOf(first.hlsURL))).toBeGreaterThanOrEqual(1), poll);
    const ended = new Promise((resolve) => w.ingest.events.once('ended', resolve));
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
    // No video: the master lists the one rung.
    const master = await vi.waitFor(async () => {
      const text = await playlistOf(second.hlsURL, 'master.m3u8');
      expect(text).toContain('#EXT-X-STREAM-INF');
      return text;
    }, poll);
    expect(master).toMatch(/^#EXT-X-STREAM-INF:BANDWIDTH=\d+,CODECS="mp4a\.40\.2"\nindex\.m3u8$/m);
    expect(master.match(/^#EXT-X-STREAM-INF/gm)).toHaveLength(1);
    await radio.stop();
  }, 60_000);
});
