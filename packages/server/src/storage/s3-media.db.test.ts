import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { speechLikeAudio } from '@kerygma/ffmpeg/synth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../jobs/handlers.ts';
import { startWorker, type Worker } from '../jobs/worker.ts';
import { createApiKey } from '../media/api-keys.ts';
import { HAS_CEPH_RGW, startTestS3, type TestS3 } from '../test/s3-server.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { type S3Config, s3Client, s3MediaStore } from './s3-store.ts';
import { IMMUTABLE, type MediaStore } from './store.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'kerygma-s3-media-'));
const source = path.join(scratch, 'sermon.mp3');
let s3: TestS3;
beforeAll(async () => {
  await speechLikeAudio(source, { seconds: 8, seed: 3 });
  s3 = await startTestS3();
}, 90_000);
afterAll(async () => {
  await s3?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/**
 * The media pipeline with the S3 store on a real S3 protocol server (s3rver): an upload through
 * the API goes to the bucket, the encode job renders from a local copy and puts the renditions
 * back, and the app sends players there by redirect (HLS playlists through the app).
 */
describe.each(BACKENDS)(`audio through an S3 bucket (${HAS_CEPH_RGW ? 'Ceph RGW' : 's3rver'}) on %s`, (backend) => {
  let config: S3Config;
  let store: MediaStore;
  let t: TestApp;
  let worker: Worker;
  /** Where the encode put the renditions, e.g. '1002/r/<guid>/<job>'. */
  let out: string;
  beforeAll(async () => {
    config = await s3.newBucket();
    store = s3MediaStore(config, { workRoot: path.join(scratch, backend) });
    t = await buildTestApp(backend, { media: store });
    worker = await startWorker({ db: t.db, handlers: jobHandlers({ db: t.db, media: store }), pollMs: 100 });
    const apiKey = await createApiKey(t.db, 'gracechurch');
    const slot = await t.app.inject({
      method: 'POST',
      url: '/api/v2/media',
      headers: { 'x-api-key': apiKey },
      payload: { sermonID: '1002', uploadType: 'original-audio', filenames: ['sermon.mp3'] },
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: new URL(JSON.parse(slot.body).uploadURL).pathname,
      payload: readFileSync(source),
    });
    expect(sent.statusCode).toBe(201);
    for (let i = 0; i < 600; i++) {
      const { body } = await getJson(t.app, '/api/v2/node/sermons/1002/media_tracker', { 'x-api-key': apiKey });
      const states: string[] = body.events.map((e: { state: string }) => e.state);
      if (states.includes('pipeline-failed')) throw new Error(JSON.stringify(body.events));
      if (states.includes('encoded-audio')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const { body: sermon } = await getJson(t.app, '/api/v2/node/sermons/1002');
    const high = sermon.media.audio.find((m: { quality: string }) => m.quality === 'high');
    out = decodeURIComponent(new URL(high.streamURL).pathname)
      .replace(/^\/media\//, '')
      .replace(/\/audio\/high\.mp3$/, '');
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('stores every rendition with its content type and an immutable Cache-Control', async () => {
    const keys = (await store.list(out)).map((o) => o.key.slice(out.length + 1));
    expect(keys).toEqual(
      expect.arrayContaining(['audio/high.mp3', 'audio/low.mp3', 'audio/waveform.json', 'hls/audio.m3u8']),
    );
    expect(keys.filter((k) => k.endsWith('.m4s')).length).toBeGreaterThanOrEqual(2);
    const client = s3Client(config);
    for (const [key, type] of [
      ['audio/high.mp3', 'audio/mpeg'],
      ['hls/audio.m3u8', 'application/vnd.apple.mpegurl'],
      ['hls/audio-00000.m4s', 'video/iso.segment'],
      ['audio/waveform.json', 'application/json'],
    ]) {
      const head = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: `${out}/${key}` }));
      expect([head.ContentType, head.CacheControl], key).toEqual([type, IMMUTABLE]);
    }
    expect(existsSync(path.join(t.mediaDir, '1002'))).toBe(false); // nothing on local disk
    const originals = (await store.list('1002/original')).map((o) => o.key);
    expect(originals).toEqual([expect.stringMatching(/^1002\/original\/[\w-]+\.mp3$/)]); // the original is kept
  });

  it('redirects a stream to a presigned URL where ranges work, and counts the play', async () => {
    const res = await get(`/media/${out}/audio/high.mp3`);
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const location = String(res.headers.location);
    expect(location).toMatch(new RegExp(`^${config.endpoint}/.*X-Amz-Signature=`));
    const ranged = await fetch(location, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await ranged.arrayBuffer());
    expect(bytes).toEqual((await store.read(`${out}/audio/high.mp3`)).subarray(0, 100));
    await t.counters.flush();
    const [row] = await t.db.query<{ play_count: number }>('SELECT play_count FROM sermon WHERE sermon_id = $1', [
      '1002',
    ]);
    expect(Number(row?.play_count)).toBeGreaterThanOrEqual(1);
  });

  it('redirects a download to a URL that names the file', async () => {
    const res = await get(`/media/${out}/audio/low.mp3?download=1`);
    expect(res.statusCode).toBe(302);
    const file = await fetch(String(res.headers.location));
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="low.mp3"; filename*=UTF-8''low.mp3`);
  });

  it('serves HLS playlists through the app, so their relative segment links come back here', async () => {
    const res = await get(`/media/${out}/hls/audio.m3u8`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.body).toMatch(/^#EXTM3U/);
    const segment = /^[^#\s].*\.m4s$/m.exec(res.body)?.[0];
    expect(segment).toBeDefined();
    const next = await get(`/media/${out}/hls/${segment}`);
    expect(next.statusCode).toBe(302);
    expect((await fetch(String(next.headers.location))).status).toBe(200);

    const head = await get(`/media/${out}/hls/audio.m3u8`, { range: 'bytes=0-6' });
    expect([head.statusCode, head.body, head.headers['content-range']]).toEqual([
      206,
      '#EXTM3U',
      `bytes 0-6/${res.body.length}`,
    ]);
    const past = await get(`/media/${out}/hls/audio.m3u8`, { range: 'bytes=99999-' });
    expect(past.statusCode).toBe(416);
    expect(JSON.parse(past.body).status).toBe(416);
  });

  it('sends an original only to its broadcaster’s key, by a presigned URL, even with a public base URL', async () => {
    const [original] = (await store.list('1002/original')).map((o) => o.key);
    expect((await get(`/media/${original}`)).statusCode).toBe(404);
    const owner = await createApiKey(t.db, 'gracechurch');
    const res = await get(`/media/${original}`, { 'x-api-key': owner });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.location)).toMatch(/X-Amz-Signature=/);
    expect(Buffer.from(await (await fetch(String(res.headers.location))).arrayBuffer())).toEqual(readFileSync(source));

    const cdn = await buildTestApp(backend, {
      media: s3MediaStore({ ...config, publicUrl: `${config.endpoint}/${config.bucket}` }),
    });
    try {
      const cdnOwner = await createApiKey(cdn.db, 'gracechurch');
      expect((await cdn.app.inject(`/media/${original}`)).statusCode).toBe(404);
      const signed = await cdn.app.inject({ url: `/media/${original}`, headers: { 'x-api-key': cdnOwner } });
      expect(String(signed.headers.location)).toMatch(/X-Amz-Signature=/);
    } finally {
      await cdn.close();
    }
  });

  it('reads the waveform peaks from the bucket', async () => {
    const waveform = await getJson(t.app, '/api/v2/node/sermons/1002/waveform');
    expect(waveform.status).toBe(200);
    expect(waveform.body.data.length).toBeGreaterThan(10);
  });

  it('with a public base URL, streams and playlists redirect there unsigned', async () => {
    const cdn = await buildTestApp(backend, {
      media: s3MediaStore({ ...config, publicUrl: `${config.endpoint}/${config.bucket}` }),
    });
    try {
      const res = await cdn.app.inject(`/media/${out}/hls/audio.m3u8`);
      expect(res.statusCode).toBe(302);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.headers.location).toBe(`${config.endpoint}/${config.bucket}/${out}/hls/audio.m3u8`);
      // The same object a presigned URL reaches (the test bucket itself is private).
      const signed = await store.locate(`${out}/hls/audio.m3u8`);
      expect(new URL(String(res.headers.location)).pathname).toBe(new URL((signed as { url: string }).url).pathname);
    } finally {
      await cdn.close();
    }
  });
});
