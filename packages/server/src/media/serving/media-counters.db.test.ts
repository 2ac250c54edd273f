import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { BACKENDS } from '../../test/test-db.ts';

describe.each(BACKENDS)('download and play counts on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  const counts = async () =>
    (
      await t.db.query<{ download_count: number; play_count: number; audio_play_count: number }>(
        "SELECT download_count, play_count, audio_play_count FROM sermon WHERE sermon_id = '1000'",
      )
    )[0];

  it('counts downloads and plays (not seeks) once flushed, without holding up the response', async () => {
    const before = await counts();
    const url = '/media/1000/audio-high.mp3';
    expect((await t.app.inject(`${url}?download=1`)).statusCode).toBe(200);
    expect((await t.app.inject(`${url}?download=1`)).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: { range: 'bytes=0-' } })).statusCode).toBe(206);
    expect((await t.app.inject({ url, headers: { range: 'bytes=100-199' } })).statusCode).toBe(206);
    expect(await counts()).toEqual(before); // nothing written yet: the tally is in memory
    await t.counters.flush();
    const after = await counts();
    expect(after?.download_count).toBe((before?.download_count ?? 0) + 2);
    expect(after?.play_count).toBe((before?.play_count ?? 0) + 1);
    expect(after?.audio_play_count).toBe((before?.audio_play_count ?? 0) + 1);
  });
});
