import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { loadFixture } from '../test/fixture.ts';
import { BACKENDS, openTestDb, type TestDb } from '../test/test-db.ts';
import {
  IllegalMediaTransition,
  recordPipelineStage,
  trackerEvents,
  UPLOAD_TRANSITIONS,
  uploadContinued,
  uploadFailed,
  uploadReceived,
} from './media-state.ts';
import { insertUpload, type UploadType, uploadByGuid } from './uploads/uploads.queries.ts';

const SERMON = '1001';
const received = { sizeBytes: 10, storageKey: `${SERMON}/original/x.mp3`, durationSeconds: 4, detail: '4.0 s' };

describe.each(BACKENDS)('media state on %s', (backend) => {
  let t: TestDb;
  let db: Db;
  beforeAll(async () => {
    t = await openTestDb(backend);
    db = t.db;
    await loadFixture(db);
  }, 60_000);
  afterAll(() => t?.drop());

  const newUpload = async (uploadType: UploadType, twoStep = false) => {
    const row = await insertUpload(db, { sermonId: SERMON, uploadType, languageCode: null, filename: null, twoStep });
    return { sermonId: SERMON, guid: row.guid, twoStep, attachment: !uploadType.startsWith('original') };
  };
  const stagesOf = async (guid: string) =>
    (await trackerEvents(db, SERMON)).filter((e) => e.guid === guid).map((e) => e.state);
  const stateOf = async (guid: string) => (await uploadByGuid(db, guid))?.state;

  it('ends an upload only in received or failed, and continues only a received one', () => {
    expect(UPLOAD_TRANSITIONS).toEqual({
      created: ['received', 'failed'],
      received: ['continued'],
      continued: [],
      failed: [],
    });
  });

  it('refuses to encode an upload whose bytes have not arrived, and writes nothing', async () => {
    const u = await newUpload('original-audio');
    await expect(db.transaction((tx) => recordPipelineStage(tx, u, 'encoding'))).rejects.toThrow(
      IllegalMediaTransition,
    );
    expect(await stagesOf(u.guid)).toEqual([]);
    await expect(db.transaction((tx) => uploadContinued(tx, u))).rejects.toThrow(IllegalMediaTransition);
    expect(await stateOf(u.guid)).toBe('created');
  });

  it('holds a two-step upload until it is continued, then lets it be encoded', async () => {
    const u = await newUpload('original-video', true);
    await db.transaction((tx) => uploadReceived(tx, u, received));
    await expect(db.transaction((tx) => recordPipelineStage(tx, u, 'encoding'))).rejects.toThrow(
      IllegalMediaTransition,
    );
    await db.transaction((tx) => uploadContinued(tx, u));
    await db.transaction((tx) => recordPipelineStage(tx, u, 'encoding'));
    expect(await stagesOf(u.guid)).toEqual([
      'two-step-received',
      'original-analyzed',
      'two-step-continued',
      'encoding',
    ]);
    // Continued once only; and a received upload never fails or arrives again.
    await expect(db.transaction((tx) => uploadContinued(tx, u))).rejects.toThrow(IllegalMediaTransition);
    await expect(
      db.transaction((tx) => uploadFailed(tx, u, { sizeBytes: 1, storageKey: 'k', error: 'late' })),
    ).rejects.toThrow(IllegalMediaTransition);
    await expect(db.transaction((tx) => uploadReceived(tx, u, received))).rejects.toThrow(IllegalMediaTransition);
    expect(await stateOf(u.guid)).toBe('continued');
  });

  it('never encodes a failed upload or a document, and rolls back the transaction that tried', async () => {
    const failed = await newUpload('original-audio');
    await db.transaction((tx) => uploadFailed(tx, failed, { sizeBytes: 3, storageKey: 'k', error: 'not audio' }));
    await expect(db.transaction((tx) => recordPipelineStage(tx, failed, 'encoded-audio'))).rejects.toThrow(
      IllegalMediaTransition,
    );
    expect(await stagesOf(failed.guid)).toEqual(['upload-failed']);

    const pdf = await newUpload('pdf');
    await expect(
      db.transaction(async (tx) => {
        await uploadReceived(tx, pdf, received);
        await recordPipelineStage(tx, pdf, 'encoding');
      }),
    ).rejects.toThrow(IllegalMediaTransition);
    expect(await stateOf(pdf.guid)).toBe('created');
    expect(await stagesOf(pdf.guid)).toEqual([]);
  });

  it('labels each stage for the tracker', async () => {
    const u = await newUpload('original-audio');
    await db.transaction((tx) => uploadReceived(tx, u, received));
    await db.transaction((tx) => recordPipelineStage(tx, u, 'pipeline-failed', 'ffmpeg exited with 1'));
    const last = (await trackerEvents(db, SERMON)).at(-1);
    expect(last).toMatchObject({ state: 'pipeline-failed', stage: 'encoding error', failed: true });
  });
});
