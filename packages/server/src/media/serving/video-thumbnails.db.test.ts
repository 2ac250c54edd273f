import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { probePicture } from '@kerygma/ffmpeg/probe';
import { run } from '@kerygma/ffmpeg/run';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Client, s3MediaStore } from '../../storage/s3-store.ts';
import { IMMUTABLE, type MediaStore } from '../../storage/store.ts';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { buildTestApp, getJson, type TestApp } from '../../test/test-app.ts';
import { BACKENDS } from '../../test/test-db.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'kerygma-thumbnails-'));
/** A 1280×720 JPEG thumbnail, as encodes made before they wrote WebP sizes. */
const jpeg = path.join(scratch, 'thumbnail.jpg');
beforeAll(async () => {
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:d=1', '-frames:v', '1', '-y', jpeg]);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Codec and size of a picture served as bytes. */
async function pictureOf(bytes: Buffer) {
  const file = path.join(scratch, `probe-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, bytes);
  return probePicture(file);
}

/** Sermon 1005 was encoded before WebP thumbnails: its video folder holds the JPEG alone. */
const LEGACY = '1005/video/thumbnail.jpg';

/**
 * A video's WebP thumbnail sizes (spec §9 96 and 360, and 640 for the sermon page's poster) for
 * sermons whose encode made only the JPEG: the API names them, and the first request for one
 * makes it from the JPEG and stores it.
 */
describe.each(BACKENDS)('video thumbnails in WebP on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    for (const sermon of ['1005', '1008']) {
      mkdirSync(path.join(t.mediaDir, sermon, 'video'), { recursive: true });
      copyFileSync(jpeg, path.join(t.mediaDir, sermon, 'video/thumbnail.jpg'));
    }
    await t.db.exec(`
      UPDATE sermon SET video_thumbnail_storage_key = '${LEGACY}' WHERE sermon_id = '1005';
      UPDATE sermon SET video_thumbnail_storage_key = '1006/still.jpg' WHERE sermon_id = '1006';
      UPDATE sermon SET video_thumbnail_storage_key = '1007/video/thumbnail.jpg' WHERE sermon_id = '1007';
    `);
  }, 60_000);
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('the API gives the JPEG and the resizable WebP URL with a {size} placeholder', async () => {
    const { body } = await getJson(t.app, '/api/v2/node/sermons/1005');
    expect(body.videoThumbnail).toBe('http://kerygma.test/media/1005/video/thumbnail.jpg');
    expect(body.videoThumbnailResizable).toBe('http://kerygma.test/media/1005/video/thumbnail-{size}.webp');
    // A thumbnail named otherwise has no WebP sizes: the JPEG is all there is to resize.
    const other = await getJson(t.app, '/api/v2/node/sermons/1006');
    expect(other.body.videoThumbnailResizable).toBe('http://kerygma.test/media/1006/still.jpg');
    const none = await getJson(t.app, '/api/v2/node/sermons/1000');
    expect([none.body.videoThumbnail, none.body.videoThumbnailResizable]).toEqual([null, null]);
  });

  it('makes each size from the JPEG on its first request, stores it, and serves it as WebP', async () => {
    const { body } = await getJson(t.app, '/api/v2/node/sermons/1005');
    for (const [width, height] of [
      [96, 54],
      [360, 203],
      [640, 360],
    ] as const) {
      const url = new URL(body.videoThumbnailResizable.replace('{size}', String(width))).pathname;
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(await pictureOf(res.rawPayload)).toEqual({ codec: 'webp', width, height });
      // Stored beside the JPEG: the next request is the stored file.
      const again = await get(url);
      expect(again.rawPayload).toEqual(res.rawPayload);
    }
    expect((await t.app.inject(`/media/${LEGACY}`)).headers['content-type']).toBe('image/jpeg'); // kept
  });

  it('answers concurrent first requests with the same whole file', async () => {
    const all = await Promise.all(Array.from({ length: 6 }, () => get('/media/1008/video/thumbnail-640.webp')));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const r of all) expect(r.rawPayload).toEqual(all[0]?.rawPayload);
    expect(await pictureOf(all[0]?.rawPayload as Buffer)).toEqual({ codec: 'webp', width: 640, height: 360 });
  });

  it('makes no other size, and nothing without a JPEG', async () => {
    for (const url of [
      '/media/1005/video/thumbnail-500.webp',
      '/media/1005/video/thumbnail-1280.webp',
      '/media/1005/video/thumbnail.webp',
      '/media/1007/video/thumbnail-360.webp',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect(readdirSync(path.join(t.mediaDir, '1005/video')).sort()).toEqual([
      'thumbnail-360.webp',
      'thumbnail-640.webp',
      'thumbnail-96.webp',
      'thumbnail.jpg',
    ]);
  });
});

describe('video thumbnails in WebP from an S3 bucket', () => {
  let s3: TestS3;
  let store: MediaStore;
  let t: TestApp;
  let bucket: string;
  let client: ReturnType<typeof s3Client>;
  beforeAll(async () => {
    s3 = await startTestS3();
    const config = await s3.newBucket();
    bucket = config.bucket;
    store = s3MediaStore(config, { workRoot: scratch });
    t = await buildTestApp('pglite', { media: store });
    const copy = path.join(scratch, 'upload.jpg');
    copyFileSync(jpeg, copy);
    await store.moveIn(LEGACY, copy);
    client = s3Client(config);
  }, 90_000);
  afterAll(async () => {
    client?.destroy();
    await t?.close();
    await s3?.close();
  });

  it('stores the size it makes in the bucket and sends the client there', async () => {
    const res = await t.app.inject('/media/1005/video/thumbnail-360.webp');
    expect(res.statusCode).toBe(302);
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: '1005/video/thumbnail-360.webp' }));
    expect([head.ContentType, head.CacheControl]).toEqual(['image/webp', IMMUTABLE]);
    const file = await fetch(String(res.headers.location));
    expect(file.status).toBe(200);
    expect(await pictureOf(Buffer.from(await file.arrayBuffer()))).toEqual({ codec: 'webp', width: 360, height: 203 });
    // Other sizes are not made: the bucket has no such object to send the client to.
    const other = await t.app.inject('/media/1005/video/thumbnail-500.webp');
    expect((await fetch(String(other.headers.location))).status).toBe(404);
    expect((await store.list('1005/video')).map((o) => o.key)).toEqual([
      '1005/video/thumbnail-360.webp',
      '1005/video/thumbnail.jpg',
    ]);
  });
});
