import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { speechLikeAudio } from '@kerygma/ffmpeg/synth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { BACKENDS } from '../../test/test-db.ts';
import { createApiKey } from '../api-keys.ts';

const work = mkdtempSync(path.join(tmpdir(), 'kerygma-upload-'));
const audioFile = path.join(work, 'sermon.mp3');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(() => speechLikeAudio(audioFile, { seconds: 4, seed: 3 }), 30_000);

describe.each(BACKENDS)('media uploads on %s', (backend) => {
  let t: TestApp;
  let graceKey: string;
  let otherKey: string;
  let origin: string;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    graceKey = await createApiKey(t.db, 'gracechurch', 'test');
    otherKey = await createApiKey(t.db, 'radiovida', 'test');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => t?.close());

  const start = async (uploadType: string, filename: string, key = graceKey) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/media',
      headers: { 'x-api-key': key },
      payload: { sermonID: '1001', uploadType, filenames: [filename] },
    });
  const tracker = async () =>
    JSON.parse(
      (
        await t.app.inject({
          url: '/api/v2/node/sermons/1001/media_tracker',
          headers: { 'x-api-key': graceKey },
        })
      ).body,
    );
  const pathOf = (uploadURL: string) => new URL(uploadURL).pathname;

  it('needs the broadcaster’s API key', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/v2/media', payload: { sermonID: '1001' } });
    expect(none.statusCode).toBe(401);
    expect(JSON.parse(none.body).code).toBe('unauthorized');
    expect((await start('original-audio', 'a.mp3', otherKey)).statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v2/media',
      headers: { 'x-api-key': graceKey },
      payload: { sermonID: '1001', uploadType: 'movie' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).errors.uploadType).toBeTruthy();
  });

  it('takes a whole file as one body, checks it by content and tracks it', async () => {
    const res = await start('original-audio', 'sunday.mp3');
    expect(res.statusCode).toBe(201);
    const slot = JSON.parse(res.body);
    expect(slot).toMatchObject({ mediaType: 'original-audio' });
    expect(slot.uploadURL).toBe(`http://kerygma.test/api/v2/uploads/${slot.guid}`);
    const up = await t.app.inject({ method: 'POST', url: pathOf(slot.uploadURL), payload: readFileSync(audioFile) });
    expect(up.statusCode).toBe(201);
    expect(JSON.parse(up.body).state).toBe('received');
    const stored = path.join(t.mediaDir, `1001/original/${slot.guid}.mp3`);
    expect(sha(readFileSync(stored))).toBe(sha(readFileSync(audioFile)));
    const states = (await tracker()).events.map((e: { state: string }) => e.state);
    expect(states.slice(-2)).toEqual(['upload-received', 'original-analyzed']);
    // The same slot cannot be filled twice.
    const again = await t.app.inject({ method: 'POST', url: pathOf(slot.uploadURL), payload: readFileSync(audioFile) });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a file that is not media, whatever its name, and keeps it', async () => {
    const slot = JSON.parse((await start('original-audio', 'fake.mp3')).body);
    const up = await t.app.inject({
      method: 'POST',
      url: pathOf(slot.uploadURL),
      payload: 'this is a text file, not audio',
    });
    expect(up.statusCode).toBe(422);
    expect(JSON.parse(up.body).errors.file).toMatch(/fake\.mp3/);
    const last = (await tracker()).events.at(-1);
    expect(last).toMatchObject({ state: 'upload-failed', stage: 'upload failed', failed: true });
    expect(existsSync(path.join(t.mediaDir, `1001/original/${slot.guid}.mp3`))).toBe(true);
  });

  it('refuses audio sent as a video upload', async () => {
    const slot = JSON.parse((await start('original-video', 'talk.mp4')).body);
    const up = await t.app.inject({ method: 'POST', url: pathOf(slot.uploadURL), payload: readFileSync(audioFile) });
    expect(up.statusCode).toBe(422);
    expect(JSON.parse(up.body).errors.file).toMatch(/no video/);
  });

  it('resumes a tus upload cut off part-way from where it stopped', async () => {
    const bytes = readFileSync(audioFile);
    const slot = JSON.parse((await start('original-audio', 'resumed.mp3')).body);
    const url = `${origin}${pathOf(slot.uploadURL)}`;
    const tusHeaders = { 'tus-resumable': '1.0.0' };
    const created = await fetch(url, {
      method: 'POST',
      headers: { ...tusHeaders, 'upload-length': String(bytes.length) },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') as string;
    expect(new URL(location).pathname).toBe(pathOf(slot.uploadURL));

    // Send 60% of the file, then drop the connection.
    const cut = Math.floor(bytes.length * 0.6);
    await new Promise<void>((resolve) => {
      const req = http.request(url, {
        method: 'PATCH',
        headers: {
          ...tusHeaders,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      req.on('error', () => resolve());
      req.write(bytes.subarray(0, cut), () => setTimeout(() => req.destroy(), 300));
      req.on('close', () => resolve());
    });
    await new Promise((r) => setTimeout(r, 300));
    const head = await fetch(url, { method: 'HEAD', headers: tusHeaders });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(cut);

    const rest = await fetch(url, {
      method: 'PATCH',
      headers: { ...tusHeaders, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: bytes.subarray(offset),
    });
    expect(rest.status).toBe(204);
    const stored = path.join(t.mediaDir, `1001/original/${slot.guid}.mp3`);
    expect(sha(readFileSync(stored))).toBe(sha(bytes));
    const events = (await tracker()).events.filter((e: { guid: string }) => e.guid === slot.guid);
    expect(events.map((e: { state: string }) => e.state)).toEqual(['upload-received', 'original-analyzed']);
  });

  it('answers tus errors in the API’s JSON shape with their status, in the asker’s language', async () => {
    const tusHeaders = { 'tus-resumable': '1.0.0' };
    const unknown = await fetch(`${origin}/api/v2/uploads/0b5f8a1e-3c1d-4e55-9a53-1d2c3b4a5f60`, {
      method: 'POST',
      headers: { ...tusHeaders, 'upload-length': '10', 'accept-language': 'de' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await unknown.json()).toEqual({
      errors: { error: 'Upload nicht gefunden' },
      status: 404,
      code: 'not_found',
    });

    // A slot created by tus but not yet sent: a PATCH at the wrong offset is a conflict.
    const slot = JSON.parse((await start('original-audio', 'offset.mp3')).body);
    const url = `${origin}${pathOf(slot.uploadURL)}`;
    expect((await fetch(url, { method: 'POST', headers: { ...tusHeaders, 'upload-length': '10' } })).status).toBe(201);
    const wrongOffset = await fetch(url, {
      method: 'PATCH',
      headers: { ...tusHeaders, 'upload-offset': '5', 'content-type': 'application/offset+octet-stream' },
      body: 'abcde',
    });
    expect(wrongOffset.status).toBe(409);
    expect(await wrongOffset.json()).toMatchObject({
      status: 409,
      code: 'conflict',
      errors: { upload: expect.any(String) },
    });

    // A slot that already received its bytes (as one body) cannot be created again over tus.
    const filled = JSON.parse((await start('original-audio', 'filled.mp3')).body);
    await t.app.inject({ method: 'POST', url: pathOf(filled.uploadURL), payload: readFileSync(audioFile) });
    const again = await fetch(`${origin}${pathOf(filled.uploadURL)}`, {
      method: 'POST',
      headers: { ...tusHeaders, 'upload-length': '10' },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      errors: { error: 'This upload has already been received' },
      status: 409,
      code: 'conflict',
    });
    // A slot that never started a tus upload has no offset to resume from.
    const fresh = JSON.parse((await start('original-audio', 'fresh.mp3')).body);
    const head = await fetch(`${origin}${pathOf(fresh.uploadURL)}`, { method: 'HEAD', headers: tusHeaders });
    expect(head.status).toBe(404);
  });

  it('holds a two-step upload until it is continued', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/media',
      headers: { 'x-api-key': graceKey },
      payload: { sermonID: '1001', uploadType: 'original-audio', twoStep: 'true', filenames: 'two.mp3' },
    });
    const slot = JSON.parse(res.body);
    await t.app.inject({ method: 'POST', url: pathOf(slot.uploadURL), payload: readFileSync(audioFile) });
    expect((await tracker()).events.at(-2)).toMatchObject({
      state: 'two-step-received',
      stage: 'waiting for advanced settings',
    });
    const cont = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/media/${slot.guid}/continue`,
      headers: { 'x-api-key': graceKey },
    });
    expect(cont.statusCode).toBe(200);
    expect((await tracker()).events.at(-1)).toMatchObject({ state: 'two-step-continued' });
  });
});
