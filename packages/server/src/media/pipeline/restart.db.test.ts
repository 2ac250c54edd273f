import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { speechLikeAudio } from '@kerygma/ffmpeg/synth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { migrate } from '../../db/migrate.ts';
import { openPglite } from '../../db/pglite.ts';
import { openPostgres } from '../../db/postgres.ts';
import { jobHandlers } from '../../jobs/handlers.ts';
import { enqueue, getJob } from '../../jobs/queue.ts';
import { startWorker } from '../../jobs/worker.ts';
import { localMediaStore } from '../../storage/local-store.ts';
import { loadFixture } from '../../test/fixture.ts';
import { BACKENDS, openTestDb, type TestDb } from '../../test/test-db.ts';

const work = mkdtempSync(path.join(tmpdir(), 'kerygma-restart-'));
const audio = path.join(work, 'long.mp3');
const child = fileURLToPath(new URL('./encode-worker.child.ts', import.meta.url));

beforeAll(() => speechLikeAudio(audio, { seconds: 90, seed: 21 }), 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function until<T>(check: () => Promise<T | undefined | null | false>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(BACKENDS)('an encode survives its worker being killed on %s', (backend) => {
  let pg: TestDb | undefined;
  afterAll(() => pg?.drop());

  it('kill -9 mid-encode, start a new worker: the job runs again and the renditions appear', async () => {
    const mediaDir = path.join(work, `media-${backend}`);
    const dbDir = path.join(work, `db-${backend}`);
    // PGlite: a data folder that one process at a time opens; PostgreSQL: a database of its own.
    let database: string;
    let open: () => Promise<Db>;
    if (backend === 'pglite') {
      database = dbDir;
      open = () => openPglite(dbDir);
    } else {
      pg = await openTestDb('postgres');
      const [row] = await pg.db.query<{ name: string }>('SELECT current_database() AS name');
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${row?.name}`;
      database = url.toString();
      open = async () => openPostgres(database, 2);
    }
    let db = await open();
    if (backend === 'pglite') await migrate(db); // openTestDb migrated the PostgreSQL one
    await loadFixture(db);
    const guid = '6f1c8e0e-2f55-4a53-9d0c-0d2f8d7e9a11';
    const storageKey = `1005/original/${guid}.mp3`;
    mkdirSync(path.join(mediaDir, '1005/original'), { recursive: true });
    copyFileSync(audio, path.join(mediaDir, storageKey));
    const jobId = await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO media_upload (guid, sermon_id, upload_type, filename, state, storage_key)
         VALUES ($1, '1005', 'original-audio', 'long.mp3', 'received', $2)`,
        [guid, storageKey],
      );
      return (await enqueue(tx, 'media.encode-audio', { sermonId: '1005', uploadId: guid })) as number;
    });
    if (backend === 'pglite') await db.close(); // the worker process opens the folder

    const worker = spawn(process.execPath, [child, database, mediaDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => worker.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      worker.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('encoding') && resolve());
      worker.on('exit', (code) => reject(new Error(`worker exited early (${code})`)));
    });
    worker.kill('SIGKILL');
    await exited;

    if (backend === 'pglite') db = await open();
    try {
      const left = await getJob(db, jobId);
      expect(left?.state).toBe('running'); // claimed by the dead worker (on a busy machine, maybe twice)
      const claims = left?.attempts ?? 0;
      // No rendition was saved: at most the upload's own stream, copied before the encode began.
      const items = await db.query<{ storage_key: string }>(
        "SELECT storage_key FROM media_item WHERE sermon_id = '1005'",
      );
      expect(items.length).toBeLessThanOrEqual(1);
      for (const item of items) expect(item.storage_key).toMatch(/-copy\/audio\/original\.mp3$/);

      const second = await startWorker({
        db,
        pollMs: 50,
        leaseMs: 5_000,
        handlers: jobHandlers({ db, media: localMediaStore(mediaDir) }),
      });
      try {
        await until(async () => (await getJob(db, jobId))?.state === 'done', 60_000);
      } finally {
        await second.stop();
      }
      expect((await getJob(db, jobId))?.attempts).toBe(claims + 1);
      const media = await db.query<{ media_type: string; storage_key: string }>(
        "SELECT media_type, storage_key FROM media_item WHERE sermon_id = '1005' ORDER BY media_type, quality",
      );
      expect(media.map((m) => m.media_type)).toEqual(['aac', 'mp3', 'mp3']);
      for (const m of media) expect(existsSync(path.join(mediaDir, m.storage_key))).toBe(true);
      const events = await db.query<{ stage: string }>(
        "SELECT stage FROM media_event WHERE sermon_id = '1005' ORDER BY event_id",
      );
      expect(events.map((e) => e.stage).slice(-4)).toEqual([
        'encoding',
        'waveform',
        'encoding-syncing',
        'encoded-audio',
      ]);
      expect(events.filter((e) => e.stage === 'encoded-audio')).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 120_000);
});
