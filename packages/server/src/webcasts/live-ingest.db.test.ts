import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listJobs } from '../jobs/queue.ts';
import { createApiKey } from '../media/api-keys.ts';
import { freePort } from '../test/processes.ts';
import { publish } from '../test/rtmp-publisher.ts';
import { getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { type WebcastTestApp, webcastTestApp } from '../test/webcast-ingest.ts';
import type { LiveIngest, LiveStream } from './live-ingest.ts';
import { restreamWhileLive } from './multicast/follow-ingest.ts';
import { rtmpReceiver, videoFrames } from './multicast/restream-fixtures.ts';
import { multicastRuntime } from './multicast/restreams.ts';
import { streamSecrets } from './multicast/stream-secrets.ts';

/**
 * Webcasts end to end: a real ffmpeg publisher pushes RTMP to the ingest on a free loopback
 * port; the API sees the webcast live, its HLS playlist and segments are served, the publisher
 * stops (offline), a republish resumes it, and after the offline time it ends with a replay.
 * One ingest per process (node-media-server's context), so the backends run one after another.
 */

const OFFLINE_MS = 1500;
const poll = { timeout: 20_000, interval: 100 };

describe.each(BACKENDS)('live webcasts on %s', (backend) => {
  let w: WebcastTestApp;
  let t: TestApp;
  let ingest: LiveIngest;
  let manager: Record<string, string>;
  let key: string;
  const rtmp = (streamKey: string) => w.rtmp(streamKey);

  beforeAll(async () => {
    w = await webcastTestApp(
      backend,
      { WEBCAST_OFFLINE_MINUTES: String(OFFLINE_MS / 60_000), WEBCAST_DVR_MINUTES: '1', WEBCAST_SEGMENT_SECONDS: '1' },
      { alsoWebcasting: ['radiovida'], archive: true },
    );
    ({ t, ingest, manager, key } = w);
  }, 120_000);
  afterAll(async () => w?.close());

  const live = async (broadcasterID: string) =>
    (await getJson(t.app, `/api/v2/node/webcasts?broadcasterID=${broadcasterID}`)).body.results;
  const webcast = async (id: string, headers: Record<string, string> = {}) =>
    getJson(t.app, `/api/v2/node/broadcasters/gracechurch/webcasts/${id}`, headers);

  it('goes live on publish, serves HLS, goes offline, resumes, then ends with a VOD replay', async () => {
    const wentLive: LiveStream[] = [];
    ingest.events.on('live', (s) => wentLive.push(s));
    const publisher = publish(rtmp(key));
    const [started] = await vi.waitFor(async () => {
      const results = await live('gracechurch');
      expect(results).toHaveLength(1);
      return results;
    }, poll);
    expect(started).toMatchObject({ broadcasterID: 'gracechurch', state: 'live', audioOnly: false });
    expect((await getJson(t.app, '/api/v2/node/webcasts/count')).body.count).toBe(1);
    expect(wentLive[0]).toMatchObject({ webcastId: started.webcastID, rtmpUrl: rtmp(key) });
    const hls = new URL(started.hlsURL, 'http://x').pathname;
    expect(hls).toBe(`/live-media/${started.webcastID}/index.m3u8`);

    // Two segments written and served, with the caching a CDN needs.
    const playlist = await vi.waitFor(async () => {
      const res = await t.app.inject({ url: hls });
      expect(res.statusCode).toBe(200);
      expect(res.body.match(/^seg-\d+\.ts$/gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
      return res;
    }, poll);
    expect(playlist.headers['cache-control']).toBe('public, max-age=1');
    // The lower rung off (WEBCAST_LOWER_RUNG): one rung, no master playlist.
    expect(existsSync(path.join(t.config.webcasts.liveDir, started.webcastID, 'master.m3u8'))).toBe(false);
    expect(playlist.body).not.toContain('#EXT-X-ENDLIST');
    const segment = playlist.body.match(/^seg-\d+\.ts$/m)?.[0];
    const seg = await t.app.inject({ url: hls.replace('index.m3u8', segment as string) });
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['cache-control']).toContain('immutable');
    expect(seg.rawPayload[0]).toBe(0x47); // an MPEG-TS packet
    expect((await getJson(t.app, `/api/v2/node/broadcasters/gracechurch`)).body.webcastInProgress).toBe(true);

    // The publisher stops: offline (not in progress), still the same webcast.
    await publisher.stop();
    await vi.waitFor(async () => {
      expect((await webcast(started.webcastID)).body.state).toBe('offline');
    }, poll);
    expect(await live('gracechurch')).toHaveLength(0);

    // A republish within the offline time resumes it.
    const again = publish(rtmp(key));
    await vi.waitFor(async () => expect((await webcast(started.webcastID)).body.state).toBe('live'), poll);
    const segmentsBefore = playlist.body.match(/^seg-\d+\.ts$/gm)?.length ?? 0;
    await vi.waitFor(async () => {
      const text = readFileSync(path.join(t.config.webcasts.liveDir, started.webcastID, 'index.m3u8'), 'utf8');
      expect(text).toContain('#EXT-X-DISCONTINUITY');
      expect(text.match(/^seg-\d+\.ts$/gm)?.length ?? 0).toBeGreaterThan(segmentsBefore + 1);
    }, poll);
    const endedEvent = new Promise<{ sermonId: string | null }>((resolve) => ingest.events.once('ended', resolve));
    await again.stop();

    // Offline longer than WEBCAST_OFFLINE_MINUTES: ended, its playlist a replay.
    const ended = await vi.waitFor(async () => {
      const res = await webcast(started.webcastID);
      expect(res.body.state).toBe('ended');
      return res.body;
    }, poll);
    expect(ended).toMatchObject({ webcastReplay: true, replay: 'listed' });
    // Archived: a draft sermon of gracechurch, the recording its original upload, queued for encoding.
    // (once the 'ended' event is out, the archive is done)
    const { sermonId } = await endedEvent;
    expect(sermonId).toEqual(expect.any(String));
    const archivedSermonID = sermonId as string;
    expect((await webcast(started.webcastID)).body.archivedSermonID).toBe(archivedSermonID);
    const [sermon] = await t.db.query<{
      archived_webcast_id: string;
      publish_timestamp: unknown;
      broadcaster_id: string;
    }>('SELECT archived_webcast_id, publish_timestamp, broadcaster_id FROM sermon WHERE sermon_id = $1', [
      archivedSermonID,
    ]);
    expect(sermon).toEqual({
      archived_webcast_id: started.webcastID,
      publish_timestamp: null,
      broadcaster_id: 'gracechurch',
    });
    const [upload] = await t.db.query<{ upload_type: string; state: string }>(
      'SELECT upload_type, state FROM media_upload WHERE sermon_id = $1',
      [archivedSermonID],
    );
    expect(upload).toEqual({ upload_type: 'original-video', state: 'received' });
    expect((await listJobs(t.db)).some((j) => JSON.stringify(j.payload).includes(archivedSermonID))).toBe(true);
    expect(ended.durationSeconds).toBeGreaterThan(2);
    const replay = await t.app.inject({ url: hls });
    expect(replay.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(replay.body.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    const history = (await getJson(t.app, '/api/v2/node/webcasts/history')).body;
    expect(history.results.map((w: { webcastID: string }) => w.webcastID)).toContain(started.webcastID);
    expect((await getJson(t.app, `/api/v2/node/broadcasters/gracechurch`)).body.webcastInProgress).toBe(false);

    // Health: the connections and disconnections are events; ended is offline.
    const health = await getJson(t.app, `/api/v2/webcasts/${started.webcastID}/health`, manager);
    expect(health.status).toBe(200);
    expect(health.body.state).toBe('offline');
    const names = health.body.events.map((e: { event: string }) => e.event);
    expect(names.filter((n: string) => n === 'connected')).toHaveLength(2);
    expect(names.filter((n: string) => n === 'disconnected')).toHaveLength(2);
    // Viewing counted from the segment fetched above.
    expect((await getJson(t.app, `/api/v2/webcasts/${started.webcastID}/stats`, manager)).status).toBe(200);
  }, 60_000);

  it('refuses a wrong key, a broadcaster that cannot webcast, and a reset key', async () => {
    const wrong = publish(rtmp('not-a-stream-key'), { seconds: 20 });
    expect(await wrong.exited).not.toBe(0);
    await t.db.query(`UPDATE broadcaster SET can_webcast = false WHERE broadcaster_id = 'gracechurch'`);
    const disabled = publish(rtmp(key), { seconds: 20 });
    expect(await disabled.exited).not.toBe(0);
    await t.db.query(`UPDATE broadcaster SET can_webcast = true WHERE broadcaster_id = 'gracechurch'`);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/node/broadcasters/gracechurch/webcast_metadata',
      headers: manager,
      payload: { resetStreamToken: true },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().streamKey).not.toBe(key);
    const old = publish(rtmp(key), { seconds: 20 });
    expect(await old.exited).not.toBe(0);
    key = reset.json().streamKey;
    expect(await live('gracechurch')).toHaveLength(0);
  }, 60_000);

  it('takes an audio-only stream live as audio only, and sees its codecs change when video joins', async () => {
    const radioKey = { 'x-api-key': await createApiKey(t.db, 'radiovida') };
    const radio = (await getJson(t.app, '/api/v2/node/broadcasters/radiovida/webcast_metadata', radioKey)).body;
    const publisher = publish(rtmp(radio.streamKey), { audioOnly: true });
    const started = await vi.waitFor(async () => {
      const [w] = await live('radiovida');
      expect(w?.audioOnly).toBe(true);
      return w;
    }, poll);
    await vi.waitFor(async () => {
      const res = await t.app.inject({ url: new URL(started.hlsURL, 'http://x').pathname });
      expect(res.body.match(/^seg-\d+\.ts$/gm)?.length ?? 0).toBeGreaterThanOrEqual(1);
    }, poll);
    await publisher.stop();
    await vi.waitFor(async () => expect(await live('radiovida')).toHaveLength(0), poll);
    expect(existsSync(path.join(t.config.webcasts.liveDir, started.webcastID))).toBe(true);

    // The same webcast resumed with video: a codec change, and a warning for the interruption.
    const withVideo = publish(rtmp(radio.streamKey));
    const health = await vi.waitFor(async () => {
      const res = await getJson(t.app, `/api/v2/webcasts/${started.webcastID}/health`, radioKey);
      expect(res.body.events.map((e: { event: string }) => e.event)).toContain('codec-changed');
      return res.body;
    }, poll);
    expect(health).toMatchObject({ webcastState: 'live', state: 'warning' });
    expect(health.events.find((e: { event: string }) => e.event === 'codec-changed').detail).toEqual({
      from: 'none/aac',
      to: 'h264/aac',
    });
    await withVideo.stop();
  }, 60_000);

  it('restreams a live webcast to its auto-start destination from the ingest, and stops when the publisher goes', async () => {
    const runtime = multicastRuntime(t.db, streamSecrets(t.config), { reconnect: { baseMs: 100, attempts: 0 } });
    restreamWhileLive(ingest, runtime.restreams, pino({ level: 'silent' }));
    const receiver = rtmpReceiver(await freePort(), 'second-server-key');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v2/node/broadcasters/gracechurch/multicast',
      headers: manager,
      payload: {
        stream_platform: 'custom',
        stream_url: receiver.url,
        stream_key: 'second-server-key',
        auto_start: true,
      },
    });
    expect(made.statusCode).toBe(201);
    const { multicast_id: id } = JSON.parse(made.body);
    const status = async () =>
      (await t.db.query<{ status: string }>('SELECT status FROM multicast WHERE multicast_id = $1', [id]))[0]?.status;
    const publisher = publish(rtmp(key));
    // The second server receives the stream as published (copied), while it is live.
    await vi.waitFor(async () => expect(await status()).toBe('running'), poll);
    await vi.waitFor(async () => expect(await videoFrames(receiver.file)).toBeGreaterThan(25), poll);
    await publisher.stop();
    await vi.waitFor(async () => expect(await status()).toBe('stopped'), poll);
    await receiver.exited;
    await runtime.restreams.close();
  }, 60_000);
});
