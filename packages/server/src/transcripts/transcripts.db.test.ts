import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Sermon } from '@kerygma/domain/catalogue';
import { run } from '@kerygma/ffmpeg/run';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../jobs/handlers.ts';
import type { JobContext } from '../jobs/job-types.ts';
import { listJobs } from '../jobs/queue.ts';
import { startWorker, type Worker } from '../jobs/worker.ts';
import { createApiKey } from '../media/api-keys.ts';
import { localMediaStore } from '../storage/local-store.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { testUser } from '../test/users.ts';
import type { SpeechEngine } from './engine.ts';
import { pocketsphinxEngine } from './pocketsphinx.ts';
import { backfillJob, startBackfill, transcribeJob } from './transcripts.jobs.ts';
import { saveTranscriptRow } from './transcripts.queries.ts';
import { queueTranscription, TRANSCRIBE_PRIORITY } from './transcripts.ts';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const sphinx = await pocketsphinxEngine();
const withSphinx = sphinx !== null && existsSync(LIBRIVOX);
if (!withSphinx)
  console.warn('transcription tests skipped: install pocketsphinx, pocketsphinx-en-us, pocketsphinx-testdata');

/** Three LibriVox clips (15 s of speech) played one after another, as a church's WAV upload. */
const recording = path.join(mkdtempSync(path.join(tmpdir(), 'kerygma-transcripts-')), 'sermon.wav');
beforeAll(async () => {
  if (!withSphinx) return;
  const clips = ['0870', '0880', '0890'].map((n) => `${LIBRIVOX}/sense_and_sensibility_01_austen_64kb-${n}.wav`);
  await run('ffmpeg', [
    ...clips.flatMap((c) => ['-i', c]),
    '-filter_complex',
    '[0][1][2]concat=n=3:v=0:a=1',
    recording,
  ]);
}, 60_000);

describe.each(BACKENDS)('automatic transcripts on %s', (backend) => {
  let t: TestApp;
  let worker: Worker;
  let key: string;
  let otherKey: string;
  let admin: Record<string, string>;
  let listener: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp(backend, { speech: sphinx });
    key = await createApiKey(t.db, 'gracechurch');
    otherKey = await createApiKey(t.db, 'radiovida');
    admin = (await testUser(t.db, 'admin', { broadcaster: [['gracechurch', 'admin']], verified: true })).headers;
    listener = (await testUser(t.db, 'listener', { verified: true })).headers;
    worker = await startWorker({
      db: t.db,
      handlers: jobHandlers({ db: t.db, media: localMediaStore(t.mediaDir), changes: t.changes, speech: sphinx }),
      pollMs: 50,
    });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  const api = (
    method: 'GET' | 'PUT' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: `/api/v2/${url}`, headers, ...(payload ? { payload } : {}) });
  const sermon = async (id: string) => (await getJson<Sermon>(t.app, `/api/v2/node/sermons/${id}`)).body;
  const transcript = async (id: string, headers = admin) => {
    const res = await api('GET', `node/sermons/${id}/transcript`, headers);
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };

  async function upload(
    sermonID: string,
    uploadType: string,
    body: Buffer | string,
    filename: string,
    language?: string,
  ) {
    const slot = JSON.parse(
      (await api('POST', 'media', { 'x-api-key': key }, { sermonID, uploadType, filenames: [filename], language }))
        .body,
    );
    const res = await t.app.inject({ method: 'POST', url: new URL(slot.uploadURL).pathname, payload: body });
    expect(res.statusCode).toBe(201);
  }

  describe.skipIf(!withSphinx)('with PocketSphinx', () => {
    it('transcribes an uploaded recording once it is encoded: a draft its managers see and listeners do not', async () => {
      await upload('1002', 'original-audio', readFileSync(recording), 'sermon.wav');
      await expect.poll(async () => (await transcript('1002')).status, { timeout: 180_000, interval: 250 }).toBe(200);
      const { body } = await transcript('1002');
      expect(body).toMatchObject({
        sermonID: '1002',
        languageCode: 'en',
        source: 'pocketsphinx',
        captionState: 'draft',
      });
      const text = body.segments.map((s: { text: string }) => s.text).join(' ');
      expect(text).toMatch(/cold hearted and rather selfish/);
      expect(body.segments.at(-1).end).toBeLessThanOrEqual(16);
      // Run by priority 10: after the encodes.
      const [job] = await listJobs(t.db, { sermonId: '1002', name: 'transcripts.transcribe', limit: 1 });
      expect(job).toMatchObject({ state: 'done' });
      // Searched at once, but not offered to listeners until published.
      expect((await sermon('1002')).hasTranscript).toBe(false);
      expect((await transcript('1002', listener)).status).toBe(404);
      expect((await sermon('1002')).media.captions).toEqual([]);
      // The broadcaster's key reads the draft it may correct; another broadcaster's key does not.
      expect((await transcript('1002', { 'x-api-key': key })).body).toMatchObject({ captionState: 'draft' });
      expect((await transcript('1002', { 'x-api-key': otherKey })).status).toBe(404);
    }, 240_000);

    it('publishing the draft puts it in the caption menu, marked automatic, and its text for signed-in users', async () => {
      const res = await api('POST', 'node/sermons/1002/transcript/publish', admin);
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.body).captionState).toBe('published');
      const s = await sermon('1002');
      expect(s.showCC).toBe(true);
      expect(s.media.captions).toEqual([expect.objectContaining({ language: 'en', autoGenerated: true })]);
      const file = s.media.text.find((m) => m.mediaType === 'transcript');
      expect(file?.autoGenerated).toBe(true);
      const url = new URL(file?.rawURL as string).pathname;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const signedIn = await t.app.inject({ method: 'GET', url, headers: listener });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body).toMatch(/rather selfish/);
      expect((await transcript('1002', listener)).status).toBe(200);
      expect(s.hasTranscript).toBe(true);
      // Published once: a second publish is refused.
      expect((await api('POST', 'node/sermons/1002/transcript/publish', admin)).statusCode).toBe(409);
    });

    it('a correction changes what search finds and the caption track', async () => {
      const segments = [{ start: 0, end: 3, text: 'Zacchaeus climbed up into a sycamore tree' }];
      const res = await api('PUT', 'node/sermons/1002/transcript', { 'x-api-key': key }, { segments });
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ segments, captionState: 'published' });
      const [row] = await t.db.query<{ found: boolean; body: string }>(
        `SELECT search_vector @@ to_tsquery('english', 'sycamore') AS found, body FROM sermon_transcript WHERE sermon_id = '1002'`,
      );
      expect(row).toEqual({ found: true, body: 'Zacchaeus climbed up into a sycamore tree' });
      const caption = (await sermon('1002')).media.captions[0];
      const vtt = readFileSync(
        path.join(t.mediaDir, new URL(caption?.rawURL as string).pathname.slice('/media/'.length)),
      );
      expect(vtt.toString()).toMatch(/00:00:00\.000 --> 00:00:03\.000\nZacchaeus climbed up into a sycamore tree/);
    });

    it("an uploaded caption in the sermon's language replaces the automatic one and becomes the transcript", async () => {
      await upload('1002', 'caption', 'WEBVTT\n\n00:01.000 --> 00:04.000\nGrace and peace to you\n', 'en.vtt', 'en');
      const { body } = await transcript('1002', listener);
      expect(body).toMatchObject({
        source: 'caption',
        captionState: 'none',
        segments: [{ start: 1, end: 4, text: 'Grace and peace to you' }],
      });
      const s = await sermon('1002');
      expect(s.media.captions).toEqual([expect.objectContaining({ language: 'en', autoGenerated: false })]);
      expect(s.media.text.filter((m) => m.mediaType === 'transcript')).toEqual([]);
      // Its own captions are its transcript: nothing to transcribe.
      expect((await api('POST', 'node/sermons/1002/transcript/transcribe', admin)).statusCode).toBe(409);
    });

    it('a transcript goes with what it came from: the caption file, then the audio', async () => {
      const remove = (target: string) =>
        api('POST', 'jobs/delete', { 'x-api-key': key }, { sermonID: '1002', target, language: 'en' });
      expect((await remove('caption')).statusCode).toBe(200);
      expect((await transcript('1002')).status).toBe(404);
      expect((await sermon('1002')).hasTranscript).toBe(false);
      // An engine's transcript of the audio that is left, as the transcription writes it.
      const segments = [{ start: 0, end: 3, text: 'He was not an ill disposed young man' }];
      await saveTranscriptRow(t.db, {
        sermonId: '1002',
        languageCode: 'en',
        source: 'pocketsphinx',
        captionState: 'published',
        segments,
      });
      expect((await sermon('1002')).hasTranscript).toBe(true);
      expect((await remove('audio')).statusCode).toBe(200);
      expect((await transcript('1002')).status).toBe(404);
      expect((await sermon('1002')).hasTranscript).toBe(false);
      const [left] = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM sermon_transcript WHERE sermon_id = '1002'",
      );
      expect(left?.n).toBe(0);
    });

    it('a manager writes a transcript by hand where there is none: a draft, then captions not marked automatic', async () => {
      const segments = [
        { start: 0, end: 4, text: 'Grace to you and peace' },
        { start: 4, end: 9, text: 'from God our Father' },
      ];
      const written = await api('PUT', 'node/sermons/1002/transcript', admin, { segments });
      expect(written.statusCode).toBe(200);
      expect(JSON.parse(written.body)).toMatchObject({
        source: 'manual',
        captionState: 'draft',
        languageCode: 'en',
        segments,
      });
      expect((await transcript('1002', listener)).status).toBe(404);
      expect((await api('POST', 'node/sermons/1002/transcript/publish', admin)).statusCode).toBe(200);
      const s = await sermon('1002');
      expect(s.hasTranscript).toBe(true);
      expect(s.media.captions).toEqual([expect.objectContaining({ language: 'en', autoGenerated: false })]);
      // Not replaced unasked: new audio queues no transcription over it.
      expect(await t.db.transaction((tx) => queueTranscription(tx, sphinx, '1002'))).toBe(false);
    });
  });

  describe('what is transcribed', () => {
    // These look at jobs while they wait: the worker would claim them (and run the engine below).
    beforeAll(() => worker.stop());
    /** An English-only engine that is never run here. */
    const english: SpeechEngine = {
      name: 'pocketsphinx',
      languages: new Set(['en']),
      transcribe: () => Promise.reject(new Error('not run')),
    };
    const queued = async (sermonId: string) =>
      (await listJobs(t.db, { sermonId, name: 'transcripts.transcribe', limit: 5 })).filter(
        (j) => j.state === 'queued',
      );

    it('a sermon whose broadcaster turned automatic transcripts off, or in a language the engine lacks, is not queued', async () => {
      const off = await api('PATCH', 'node/broadcasters/gracechurch', admin, { autoTranscripts: false });
      expect(off.statusCode).toBe(200);
      expect(JSON.parse(off.body).autoTranscripts).toBe(false);
      expect(await t.db.transaction((tx) => queueTranscription(tx, english, '1010'))).toBe(false);
      expect(await queued('1010')).toEqual([]);
      await api('PATCH', 'node/broadcasters/gracechurch', admin, { autoTranscripts: true });
      expect(await t.db.transaction((tx) => queueTranscription(tx, english, '1055'))).toBe(false); // Spanish
      expect(await t.db.transaction((tx) => queueTranscription(tx, null, '1010'))).toBe(false); // no engine
      expect(await t.db.transaction((tx) => queueTranscription(tx, english, '1010'))).toBe(true);
      const rows = await t.db.query<{ priority: number }>(
        `SELECT priority FROM job WHERE name = 'transcripts.transcribe' AND payload ->> 'sermonId' = '1010'`,
      );
      expect(rows).toEqual([{ priority: TRANSCRIBE_PRIORITY }]);
    });

    it('the backfill queues sermons with audio and no transcript a few at a time, and stops when turned off', async () => {
      await t.db.exec(`DELETE FROM job WHERE name LIKE 'transcripts.%'`);
      const ctx = {
        id: 0,
        name: 'transcripts.backfill',
        attempt: 1,
        maxAttempts: 5,
        signal: new AbortController().signal,
        checkpoint: null,
        saveCheckpoint: async () => {},
        log: { info() {} },
      } satisfies JobContext<'transcripts.backfill'>;
      const deps = { db: t.db, media: localMediaStore(t.mediaDir), speech: english };
      await backfillJob({ ...deps, backfill: false })({ after: '' }, ctx);
      expect(await listJobs(t.db, { name: 'transcripts.transcribe', limit: 10 })).toEqual([]);

      await backfillJob(deps)({ after: '' }, ctx);
      const first = await listJobs(t.db, { name: 'transcripts.transcribe', limit: 10 });
      // Four waiting at most, English sermons with audio in id order (1002 has its transcript).
      expect(first.map((j) => (j.payload as { sermonId: string }).sermonId).sort()).toEqual([
        '1000',
        '1001',
        '1003',
        '1004',
      ]);
      const next = await listJobs(t.db, { name: 'transcripts.backfill', limit: 5 });
      expect(next).toEqual([expect.objectContaining({ state: 'queued', payload: { after: '1004' } })]);
      // While four wait, the next run queues none and looks again later.
      await backfillJob(deps)({ after: '1004' }, ctx);
      expect(await listJobs(t.db, { name: 'transcripts.transcribe', limit: 10 })).toHaveLength(4);
      // A start while a backfill is under way does not begin another.
      await startBackfill(t.db, english, true);
      expect(await listJobs(t.db, { name: 'transcripts.backfill', limit: 5 })).toHaveLength(2);
    });

    it('a transcript written by hand is kept from an automatic job queued before it, and replaced when a manager asks', async () => {
      await t.db.exec(`DELETE FROM job WHERE name LIKE 'transcripts.%'`);
      expect(await t.db.transaction((tx) => queueTranscription(tx, english, '1000'))).toBe(true);
      const segments = [{ start: 0, end: 5, text: 'Written by the pastor' }];
      expect((await api('PUT', 'node/sermons/1000/transcript', admin, { segments })).statusCode).toBe(200);
      const ctx = {
        id: 0,
        name: 'transcripts.transcribe',
        attempt: 1,
        maxAttempts: 5,
        signal: new AbortController().signal,
        checkpoint: null,
        saveCheckpoint: async () => {},
        log: { info() {} },
      } satisfies JobContext<'transcripts.transcribe'>;
      const [job] = await queued('1000');
      // The engine would reject if it were run: the job leaves the hand-written transcript alone.
      await transcribeJob({ db: t.db, media: localMediaStore(t.mediaDir), speech: english })(
        job?.payload as { sermonId: string },
        ctx,
      );
      expect((await transcript('1000')).body).toMatchObject({ source: 'manual', segments });

      // Asked for by a manager: the waiting job becomes one that may replace it.
      const asked = await api('POST', 'node/sermons/1000/transcript/transcribe', admin);
      expect(asked.statusCode).toBe(202);
      expect((await queued('1000')).map((j) => j.payload)).toEqual([{ sermonId: '1000', asked: true }]);
    });
  });
});
