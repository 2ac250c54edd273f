import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { locateFfmpeg, packagedBinaries } from '@kerygma/ffmpeg/locate';
import { binaryFor, useBinaries } from '@kerygma/ffmpeg/run';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { BACKENDS, openTestDb, type TestDb } from '../test/test-db.ts';
import { enqueue, getJob } from './queue.ts';
import { NO_FFMPEG, settleTools } from './tools.ts';

const shipped = packagedBinaries();
let emptyPath: string;
beforeAll(async () => {
  emptyPath = await mkdtemp(path.join(tmpdir(), 'kerygma-no-ffmpeg-'));
});
afterAll(() => rm(emptyPath, { recursive: true, force: true }));

/** Every line logged, as [level, fields, message]. */
function recordingLog() {
  const lines: [string, object, string][] = [];
  return {
    lines,
    info: (obj: object, msg: string) => void lines.push(['info', obj, msg]),
    warn: (obj: object, msg: string) => void lines.push(['warn', obj, msg]),
  };
}

const encode = (sermonId: string) => ({ sermonId, uploadId: crypto.randomUUID() });

describe.each(BACKENDS)('start-up tools on %s', (backend) => {
  let t: TestDb;
  let db: Db;
  beforeAll(async () => {
    t = await openTestDb(backend);
    db = t.db;
  }, 60_000);
  afterAll(() => t?.drop());
  beforeEach(async () => {
    await db.query('DELETE FROM job');
  });

  it('with no ffmpeg on PATH and no npm package: one warning saying how to install it and how many jobs wait', async () => {
    await enqueue(db, 'media.encode-audio', encode('S1'));
    await enqueue(db, 'media.encode-video', encode('S2'));
    await enqueue(db, 'media.delete-files', { sermonId: 'S3', keys: ['S3/r/x'] });
    const log = recordingLog();
    const missing = await settleTools(db, log, () => locateFfmpeg({ env: { PATH: emptyPath }, packaged: () => ({}) }));
    expect(missing).toEqual(['ffmpeg']);
    expect(log.lines).toEqual([
      [
        'warn',
        {
          waiting: 2,
          problems: [
            'ffmpeg: none on PATH; npm package @ffmpeg-installer/ffmpeg not installed for this platform',
            'ffprobe: none on PATH; npm package @ffprobe-installer/ffprobe not installed for this platform',
          ],
        },
        NO_FFMPEG,
      ],
    ]);
    expect(NO_FFMPEG).toMatch(/apt-get install ffmpeg/);
  });

  it.skipIf(!shipped.ffmpeg || !shipped.ffprobe)(
    "with only the npm package's ffmpeg: makes it every media function's default and says which it is",
    async () => {
      const before = { ffmpegPath: binaryFor('ffmpeg'), ffprobePath: binaryFor('ffprobe') };
      const log = recordingLog();
      try {
        expect(await settleTools(db, log, () => locateFfmpeg({ env: { PATH: emptyPath } }))).toEqual([]);
        expect(binaryFor('ffmpeg')).toBe(shipped.ffmpeg);
        expect(binaryFor('ffprobe')).toBe(shipped.ffprobe);
      } finally {
        useBinaries(before);
      }
      expect(log.lines).toHaveLength(1);
      expect(log.lines[0]?.[0]).toBe('info');
      expect(log.lines[0]?.[2]).toMatch(/npm package's static build of 2018 \(4\.1\)/);
    },
  );

  it('migration 0036 queues again the media jobs that failed for want of ffmpeg, and only those', async () => {
    const failed = async (name: 'media.encode-audio' | 'demo.media', error: string) => {
      const payload =
        name === 'demo.media'
          ? { sermons: [{ sermonId: 'D1', video: false, title: 'Demo' }], cacheDir: '/tmp/demo-cache' }
          : encode('S1');
      const id = (await enqueue(db, name, payload as never)) as number;
      await db.query(
        `UPDATE job SET state = 'failed', attempts = 5, finished_at = now(), last_error = $2 WHERE id = $1`,
        [id, error],
      );
      return id;
    };
    const demo = await failed(
      'demo.media',
      'demo media failed for D1: ffmpeg exited with code (signal): ffmpeg not found (tried "ffmpeg"); install ffmpeg or pass ffmpegPath',
    );
    const audio = await failed(
      'media.encode-audio',
      'ffprobe exited with code (signal): ffprobe not found (tried "ffprobe"); install ffmpeg or pass ffprobePath',
    );
    const broken = await failed(
      'media.encode-audio',
      'ffmpeg exited with code 1: Invalid data found when processing input',
    );
    await db.exec(
      readFileSync(new URL('../db/migrations/0036_requeue_jobs_failed_without_ffmpeg.sql', import.meta.url), 'utf8'),
    );
    for (const id of [demo, audio]) {
      expect(await getJob(db, id)).toMatchObject({ state: 'queued', attempts: 0, finishedAt: null });
    }
    expect(await getJob(db, broken)).toMatchObject({ state: 'failed', attempts: 5 });
  });
});
