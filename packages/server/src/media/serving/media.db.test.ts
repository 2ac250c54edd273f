import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { BACKENDS } from '../../test/test-db.ts';
import { createApiKey } from '../api-keys.ts';

/** /media/*: the fixture stores 4096 bytes of 0x07 at 1000/audio-high.mp3. */
describe.each(BACKENDS)('media files on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves a whole file with its type, length and range support', async () => {
    const res = await get('/media/1000/audio-high.mp3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-length']).toBe('4096');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.rawPayload).toEqual(Buffer.alloc(4096, 7));
  });

  it('media files may be cached for a day', async () => {
    const res = await get('/media/1000/audio-high.mp3');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('Range: bytes=0-99 → 206 with content-range', async () => {
    const res = await get('/media/1000/audio-high.mp3', { range: 'bytes=0-99' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 0-99/4096');
    expect(res.headers['content-length']).toBe('100');
    expect(res.rawPayload).toEqual(Buffer.alloc(100, 7));
  });

  it('open-ended and suffix ranges', async () => {
    const tail = await get('/media/1000/audio-high.mp3', { range: 'bytes=4000-' });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe('bytes 4000-4095/4096');
    expect(tail.rawPayload).toHaveLength(96);
    const suffix = await get('/media/1000/audio-high.mp3', { range: 'bytes=-10' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe('bytes 4086-4095/4096');
  });

  it('an unsatisfiable range → 416 with a JSON body', async () => {
    const res = await get('/media/1000/audio-high.mp3', { range: 'bytes=5000-6000' });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body).status).toBe(416);
  });

  it('?download=1 → attachment with the file name', async () => {
    for (const q of ['download=1', 'download=true']) {
      const res = await get(`/media/1000/audio-high.mp3?${q}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="audio-high.mp3"; filename*=UTF-8''audio-high.mp3`,
      );
      expect(res.rawPayload).toHaveLength(4096);
    }
  });

  it('?download=<name> → attachment under that name, made safe, with the file’s extension', async () => {
    const cases: [string, string, string][] = [
      [
        '2024-01-07%20Faith%20and%20Works.mp3',
        '2024-01-07 Faith and Works.mp3',
        '2024-01-07%20Faith%20and%20Works.mp3',
      ],
      ['..%2F..%2Fetc%2Fpasswd', 'etc passwd.mp3', 'etc%20passwd.mp3'],
      ['Report%22%0D%0ASet-Cookie%3A%20x', 'Report Set-Cookie x.mp3', 'Report%20Set-Cookie%20x.mp3'],
      ['%EC%9D%80%ED%98%9C%20(low)', ' (low).mp3', '%EC%9D%80%ED%98%9C%20%28low%29.mp3'],
      // A right-to-left override would show 'cod\u202Ecod.mp3' as 'cod3pm.doc': bidi controls are dropped.
      ['cod%E2%80%AEcod', 'codcod.mp3', 'codcod.mp3'],
      ['%D8%B9%D8%B8%D8%A9%E2%81%A7%E2%80%8F%C2%85', ' .mp3', '%D8%B9%D8%B8%D8%A9.mp3'],
    ];
    for (const [asked, ascii, encoded] of cases) {
      const res = await get(`/media/1000/audio-high.mp3?download=${asked}`);
      expect(res.statusCode, asked).toBe(200);
      expect(res.headers['content-disposition'], asked).toBe(
        `attachment; filename="${ascii.trim() || 'download'}"; filename*=UTF-8''${encoded}`,
      );
    }
  });

  it('missing files and paths escaping the store → 404 JSON', async () => {
    for (const url of [
      '/media/1000/audio-low.mp3',
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/../../etc/passwd',
      '/media/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(JSON.parse(res.body), url).toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  it('keys holding % or spaces are served (the router already decoded the path)', async () => {
    mkdirSync(path.join(t.mediaDir, '1001'), { recursive: true });
    writeFileSync(path.join(t.mediaDir, '1001', '50%off 1.mp3'), Buffer.alloc(10, 1));
    const res = await get('/media/1001/50%25off%201.mp3');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(Buffer.alloc(10, 1));
    expect((await get('/media/1001/50%2525off%25201.mp3')).statusCode).toBe(404);
  });

  it('serves an original upload only to its broadcaster’s API key; to anyone else it does not exist', async () => {
    // Sermon 1001 is gracechurch's; radiovida has sermons of its own.
    const owner = await createApiKey(t.db, 'gracechurch', 'test');
    const other = await createApiKey(t.db, 'radiovida', 'test');
    const key = '1001/original/6f1d3c52-8a4e-4b7e-9c1a-2b3c4d5e6f70.mp3';
    mkdirSync(path.join(t.mediaDir, '1001/original'), { recursive: true });
    writeFileSync(path.join(t.mediaDir, key), Buffer.alloc(64, 3));
    const missing = await get('/media/1001/original/00000000-0000-4000-8000-000000000000.mp3');
    const strangers: Record<string, string>[] = [{}, { 'x-api-key': other }, { 'x-api-key': 'kgm_not-a-key' }];
    for (const headers of strangers) {
      for (const url of [`/media/${key}`, `/media/${key}?download=1`]) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.body).toBe(missing.body); // the same answer as for a file that is not there
      }
    }
    const own = await get(`/media/${key}`, { 'x-api-key': owner });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload).toEqual(Buffer.alloc(64, 3));
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers.vary).toMatch(/x-api-key/i);
    // The owner's fetches are not listeners' plays.
    const plays = async () => {
      await t.counters.flush();
      const [row] = await t.db.query<{ play_count: number }>('SELECT play_count FROM sermon WHERE sermon_id = $1', [
        '1001',
      ]);
      return Number(row?.play_count);
    };
    const before = await plays();
    await get(`/media/${key}`, { 'x-api-key': owner });
    expect(await plays()).toBe(before);
  });

  it('serves a PDF document, which is served from its original, to everyone', async () => {
    const key = '1001/original/0c9e7a1b-2d3f-4a5b-8c6d-7e8f9a0b1c2d.pdf';
    mkdirSync(path.join(t.mediaDir, '1001/original'), { recursive: true });
    writeFileSync(path.join(t.mediaDir, key), '%PDF-1.4 test');
    await t.db.query(`INSERT INTO media_item (sermon_id, media_type, storage_key) VALUES ('1001', 'pdf', $1)`, [key]);
    const res = await get(`/media/${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('the media URLs in sermon JSON resolve to the files', async () => {
    const sermon = JSON.parse((await get('/api/v2/node/sermons/1000')).body);
    const url = new URL(sermon.media.audio[0].downloadURL);
    const res = await get(url.pathname + url.search);
    expect(res.statusCode).toBe(200);
    // Saved under the sermon's date and title, not the storage name.
    const saved = decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1] ?? '');
    expect(saved).toBe(
      `${sermon.preachDate} ${sermon.displayTitle}.mp3`.replace(/[<>:"/\\|?*]/g, ' ').replace(/\s+/g, ' '),
    );
  });
});
