import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { audioRenditions } from '@kerygma/ffmpeg/renditions/audio';
import { speechLikeAudio } from '@kerygma/ffmpeg/synth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../test/s3-server.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { s3Client, s3MediaStore } from './s3-store.ts';
import { IMMUTABLE, type MediaStore } from './store.ts';
import { workOnStored } from './work-dir.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'kerygma-s3-media-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * The media path with the S3 store on a real S3 protocol server (s3rver): an original goes in,
 * ffmpeg renders from a local copy, the renditions go back to the bucket, and the app sends
 * players there by redirect (HLS playlists through the app).
 */
describe.each(BACKENDS)('audio through an S3 bucket on %s', (backend) => {
  let s3: TestS3;
  let store: MediaStore;
  let t: TestApp;
  const original = '1002/original/9f0c.mp3';
  const out = '1002/r/9f0c/1';
  beforeAll(async () => {
    s3 = await startTestS3();
    store = s3MediaStore(s3.config, { workRoot: path.join(scratch, backend) });
    t = await buildTestApp(backend, { media: store });
    const source = path.join(scratch, `${backend}-sermon.mp3`);
    await speechLikeAudio(source, { seconds: 8, seed: 3 });
    await store.moveIn(original, source);
    await workOnStored(store, original, out, (input, dir) => audioRenditions(input, dir));
    await t.db.query('UPDATE sermon SET waveform_storage_key = $2 WHERE sermon_id = $1', [
      '1002',
      `${out}/audio/waveform.json`,
    ]);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('stores every rendition with its content type and an immutable Cache-Control', async () => {
    const keys = (await store.list(out)).map((o) => o.key.slice(out.length + 1));
    expect(keys).toEqual(
      expect.arrayContaining(['audio/high.mp3', 'audio/low.mp3', 'audio/waveform.json', 'hls/audio.m3u8']),
    );
    expect(keys.filter((k) => k.endsWith('.m4s')).length).toBeGreaterThanOrEqual(2);
    const client = s3Client(s3.config);
    for (const [key, type] of [
      ['audio/high.mp3', 'audio/mpeg'],
      ['hls/audio.m3u8', 'application/vnd.apple.mpegurl'],
      ['hls/audio-00000.m4s', 'video/iso.segment'],
      ['audio/waveform.json', 'application/json'],
    ]) {
      const head = await client.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: `${out}/${key}` }));
      expect([head.ContentType, head.CacheControl], key).toEqual([type, IMMUTABLE]);
    }
    expect(await store.stat(original)).toMatchObject({ contentType: 'audio/mpeg' }); // the original is kept
  });

  it('redirects a stream to a presigned URL where ranges work, and counts the play', async () => {
    const res = await get(`/media/${out}/audio/high.mp3`);
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const location = String(res.headers.location);
    expect(location).toMatch(new RegExp(`^${s3.config.endpoint}/.*X-Amz-Signature=`));
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
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="low.mp3"');
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

  it('reads the waveform peaks from the bucket', async () => {
    const waveform = await getJson(t.app, '/api/v2/node/sermons/1002/waveform');
    expect(waveform.status).toBe(200);
    expect(waveform.body.data.length).toBeGreaterThan(10);
  });

  it('with a public base URL, streams and playlists redirect there unsigned', async () => {
    const cdn = await buildTestApp(backend, {
      media: s3MediaStore({ ...s3.config, publicUrl: `${s3.config.endpoint}/${s3.config.bucket}` }),
    });
    try {
      const res = await cdn.app.inject(`/media/${out}/hls/audio.m3u8`);
      expect(res.statusCode).toBe(302);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.headers.location).toBe(`${s3.config.endpoint}/${s3.config.bucket}/${out}/hls/audio.m3u8`);
      expect(await (await fetch(String(res.headers.location))).text()).toMatch(/^#EXTM3U/);
    } finally {
      await cdn.close();
    }
  });
});
