import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors.ts';
import { HAS_CEPH_RGW, startTestS3, type TestS3 } from '../test/s3-server.ts';
import { localMediaStore } from './local-store.ts';
import { openMediaStore } from './open-store.ts';
import { type S3Config, s3Client, s3MediaStore } from './s3-store.ts';
import { IMMUTABLE, type MediaStore, RangeNotSatisfiableError } from './store.ts';
import { workOnStored } from './work-dir.ts';

const scratch = await mkdtemp(path.join(tmpdir(), 'kerygma-store-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** Multipart part size for the S3 store under test (S3's minimum), so a 12 MB file has 3 parts. */
const PART = 5 * 1024 * 1024;

let s3: TestS3;
let config: S3Config;
let client: S3Client;
/** Commands the S3 client sent, by name (to see multipart uploads happen). */
const sent: string[] = [];
beforeAll(async () => {
  s3 = await startTestS3();
  config = await s3.newBucket();
  client = s3Client(config);
  client.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(context.commandName as string);
      return next(args);
    },
    { step: 'initialize' },
  );
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

type StoreCase = { name: string; open: () => MediaStore };
const stores: StoreCase[] = [
  { name: 'local disk', open: () => localMediaStore(path.join(scratch, 'local')) },
  {
    name: `S3 (${HAS_CEPH_RGW ? 'Ceph RGW' : 's3rver'})`,
    open: () => s3MediaStore(config, { client, partSize: PART, workRoot: path.join(scratch, 'work') }),
  },
];

let fileCount = 0;
async function tempFile(content: string | Buffer): Promise<string> {
  const file = path.join(scratch, `in-${++fileCount}`);
  await writeFile(file, content);
  return file;
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const notFound = { status: 404 } satisfies Partial<ApiError>;

describe.each(stores)('media store contract: $name', ({ open }) => {
  let store: MediaStore;
  beforeAll(() => {
    store = open();
  });

  it('stores a file under a key, consuming it, with its size and content type', async () => {
    const file = await tempFile('ID3 not really an mp3');
    await store.moveIn('7001/original/a b%.mp3', file);
    expect(existsSync(file)).toBe(false);
    expect(await store.stat('7001/original/a b%.mp3')).toEqual({
      key: '7001/original/a b%.mp3',
      size: 21,
      contentType: 'audio/mpeg',
    });
    expect((await store.read('7001/original/a b%.mp3')).toString()).toBe('ID3 not really an mp3');
  });

  it('streams a whole object and byte ranges of it', async () => {
    await store.moveIn('7002/r/x/peaks.json', await tempFile('0123456789'));
    const whole = await store.stream('7002/r/x/peaks.json');
    expect([whole.start, whole.end, whole.size, whole.contentType]).toEqual([0, 9, 10, 'application/json']);
    expect(await text(whole.body)).toBe('0123456789');
    const middle = await store.stream('7002/r/x/peaks.json', { start: 2, end: 4 });
    expect([middle.start, middle.end, middle.size]).toEqual([2, 4, 10]);
    expect(await text(middle.body)).toBe('234');
    const tail = await store.stream('7002/r/x/peaks.json', { start: 7 });
    expect([tail.start, tail.end]).toEqual([7, 9]);
    expect(await text(tail.body)).toBe('789');
    const past = await store.stream('7002/r/x/peaks.json', { start: 8, end: 100 });
    expect([past.start, past.end]).toEqual([8, 9]);
    expect(await text(past.body)).toBe('89');
    await expect(store.stream('7002/r/x/peaks.json', { start: 10 })).rejects.toMatchObject(
      new RangeNotSatisfiableError(10),
    );
  });

  it('answers 404 for missing objects and refuses keys that could escape', async () => {
    expect(await store.stat('7003/none.mp3')).toBeUndefined();
    await expect(store.read('7003/none.mp3')).rejects.toMatchObject(notFound);
    await expect(store.stream('7003/none.mp3')).rejects.toMatchObject(notFound);
    for (const bad of ['../7001/original/a.mp3', '7001/../../x', '.work/x', '/etc/passwd', '7001//x']) {
      await expect(store.read(bad), bad).rejects.toBeInstanceOf(ApiError);
    }
  });

  it('stores a folder under a prefix, replacing what was there, and lists and removes it', async () => {
    const first = path.join(scratch, `dir-${++fileCount}`);
    await mkdir(path.join(first, 'hls'), { recursive: true });
    await writeFile(path.join(first, 'stale.mp3'), 'old');
    await writeFile(path.join(first, 'hls', 'audio.m3u8'), '#EXTM3U old');
    await store.moveDirIn('7004/r/g', first);
    const second = path.join(scratch, `dir-${++fileCount}`);
    await mkdir(path.join(second, 'hls'), { recursive: true });
    await writeFile(path.join(second, 'audio-high.mp3'), 'high');
    await writeFile(path.join(second, 'hls', 'audio.m3u8'), '#EXTM3U');
    await writeFile(path.join(second, 'hls', 'seg0.ts'), 'segment');
    await store.moveDirIn('7004/r/g', second);
    expect(existsSync(second)).toBe(false);
    await store.moveIn('7004/original/u.mp3', await tempFile('orig'));
    await store.moveIn('70040/r/other.mp3', await tempFile('another sermon'));

    expect(await store.list('7004/r/g')).toEqual([
      { key: '7004/r/g/audio-high.mp3', size: 4, contentType: 'audio/mpeg' },
      { key: '7004/r/g/hls/audio.m3u8', size: 7, contentType: 'application/vnd.apple.mpegurl' },
      { key: '7004/r/g/hls/seg0.ts', size: 7, contentType: 'video/mp2t' },
    ]);
    expect((await store.list('7004')).map((o) => o.key)).toEqual([
      '7004/original/u.mp3',
      '7004/r/g/audio-high.mp3',
      '7004/r/g/hls/audio.m3u8',
      '7004/r/g/hls/seg0.ts',
    ]);
    expect(await store.list('7005')).toEqual([]);

    await store.remove('7004/original/u.mp3');
    expect(await store.stat('7004/original/u.mp3')).toBeUndefined();
    await store.remove('7004');
    expect(await store.list('7004')).toEqual([]);
    expect(await store.stat('70040/r/other.mp3')).toBeDefined(); // a sibling with the same leading digits
    await store.remove('7004'); // nothing there: no error
  });

  it('keeps a large file intact (multipart on S3) and gives a local copy for tools', async () => {
    const big = randomBytes(12 * 1024 * 1024 + 123);
    const since = sent.length;
    await store.moveIn('7006/original/big.mp4', await tempFile(big));
    if (store.kind === 's3') {
      expect(sent.slice(since)).toContain('CreateMultipartUploadCommand');
      expect(sent.slice(since).filter((c) => c === 'UploadPartCommand')).toHaveLength(3);
    }
    const range = await store.stream('7006/original/big.mp4', { start: PART - 1, end: PART });
    expect(Buffer.from(await text(range.body), 'latin1')).toEqual(big.subarray(PART - 1, PART + 1));

    const work = await store.workDir();
    const copy = await store.localCopy('7006/original/big.mp4', work);
    expect(sha256(await readFile(copy))).toBe(sha256(big));
    await rm(work, { recursive: true, force: true });
    expect(await store.stat('7006/original/big.mp4')).toMatchObject({ size: big.length });
  });

  it('gives fresh scratch folders and clears those a dead process left', async () => {
    const a = await store.workDir();
    const b = await store.workDir();
    expect(a).not.toBe(b);
    // A folder from a crash a day ago, seen by the next process (a store opened on the same root).
    await writeFile(path.join(a, 'original.mp4'), 'x');
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await utimes(a, dayAgo, dayAgo);
    await open().workDir(); // the next process's store on the same folders
    expect(existsSync(a)).toBe(false);
    expect(existsSync(b)).toBe(true);
    await rm(b, { recursive: true });
  });

  it('runs a tool on a stored object and stores its output', async () => {
    await store.moveIn('7007/original/in.txt', await tempFile('shout'));
    const { result, outDir } = await workOnStored(store, '7007/original/in.txt', '7007/r/g/1', async (input, out) => {
      await mkdir(out);
      const loud = (await readFile(input, 'utf8')).toUpperCase();
      await writeFile(path.join(out, 'loud.txt'), loud);
      return loud;
    });
    expect(result).toBe('SHOUT');
    expect(existsSync(outDir)).toBe(false); // scratch files are gone
    expect((await store.read('7007/r/g/1/loud.txt')).toString()).toBe('SHOUT');
    expect((await store.read('7007/original/in.txt')).toString()).toBe('shout'); // the source is kept
  });
});

describe('S3 store specifics', () => {
  it('writes objects with their content type and an immutable Cache-Control', async () => {
    const store = s3MediaStore(config, { client });
    await store.moveIn('7101/r/g/1/audio-high.mp3', await tempFile('mp3'));
    const head = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: '7101/r/g/1/audio-high.mp3' }));
    expect(head.ContentType).toBe('audio/mpeg');
    expect(head.CacheControl).toBe(IMMUTABLE);
  });

  it('locates objects at presigned URLs (ranges work, downloads get a file name) or a public base URL', async () => {
    const store = s3MediaStore(config, { client });
    await store.moveIn('7102/r/g/1/audio low.mp3', await tempFile('0123456789'));
    const where = await store.locate('7102/r/g/1/audio low.mp3');
    if (!('url' in where)) throw new Error('expected a URL');
    expect(where.signed).toBe(true);
    expect(where.url).toMatch(/X-Amz-Signature=/);
    const ranged = await fetch(where.url, { headers: { range: 'bytes=3-5' } });
    expect([ranged.status, await ranged.text()]).toEqual([206, '345']);

    if (s3.server === 'ceph-rgw') {
      // A real S3 server checks the signature (s3rver does not) and keeps the bucket private.
      const tampered = where.url.replace(/X-Amz-Signature=(.)/, (_, c) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`);
      expect((await fetch(tampered)).status).toBe(403);
      expect((await fetch(where.url.split('?')[0] as string)).status).toBe(403);
    }

    const download = await store.locate('7102/r/g/1/audio low.mp3', { downloadName: 'audio low.mp3' });
    const res = await fetch((download as { url: string }).url);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="audio low.mp3"; filename*=UTF-8''audio%20low.mp3`,
    );

    const cdn = s3MediaStore({ ...config, publicUrl: 'https://cdn.example.org/media' }, { client });
    expect(await cdn.locate('7102/r/g/1/audio low.mp3')).toEqual({
      url: 'https://cdn.example.org/media/7102/r/g/1/audio%20low.mp3',
      signed: false,
    });
    // Downloads still need a signed URL: only it can ask for a Content-Disposition.
    expect(await cdn.locate('7102/r/g/1/audio low.mp3', { downloadName: 'a.mp3' })).toMatchObject({ signed: true });
  });

  it('is opened from the configuration, which is checked against the server', async () => {
    const dirs = { dataDir: scratch, mediaDir: path.join(scratch, 'unused') };
    expect((await openMediaStore({ ...dirs, s3: undefined })).kind).toBe('local');
    expect((await openMediaStore({ ...dirs, s3: config })).kind).toBe('s3');
    await expect(openMediaStore({ ...dirs, s3: { ...config, bucket: 'no-such-bucket' } })).rejects.toThrow(
      /^Invalid S3_BUCKET: cannot open bucket "no-such-bucket" at http:\/\/127\.[\d.]+:\d+ \(HTTP 404/,
    );
    if (s3.server === 'ceph-rgw') {
      await expect(openMediaStore({ ...dirs, s3: { ...config, secretAccessKey: 'wrong' } })).rejects.toThrow(
        /HTTP 403/,
      );
    }
  });

  it('hands out a presigned URL again for an hour (making one costs about a millisecond)', async () => {
    const store = s3MediaStore(config, { client });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const first = await store.locate('7103/x.mp3');
      vi.setSystemTime(Date.now() + 5000); // a URL signed now would carry another X-Amz-Date
      expect(await store.locate('7103/x.mp3')).toEqual(first);
      expect(await store.locate('7103/x.mp3', { downloadName: 'x.mp3' })).not.toEqual(first);
      vi.setSystemTime(Date.now() + 3600_000);
      expect(await store.locate('7103/x.mp3')).not.toEqual(first);
    } finally {
      vi.useRealTimers();
    }
  });
});
