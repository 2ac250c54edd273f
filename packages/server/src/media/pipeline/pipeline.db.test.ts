import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { speechLikeAudio, testPatternVideo } from '@kerygma/ffmpeg/synth';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueChange, catalogueChanges } from '../../catalogue/catalogue-changes.ts';
import { jobHandlers } from '../../jobs/handlers.ts';
import { startWorker, type Worker } from '../../jobs/worker.ts';
import { createMailer } from '../../mail/mailer.ts';
import { localMediaStore } from '../../storage/local-store.ts';
import { startSmtpServer } from '../../test/smtp-server.ts';
import { buildTestApp, getJson, type TestApp } from '../../test/test-app.ts';
import { BACKENDS } from '../../test/test-db.ts';
import { testUser } from '../../test/users.ts';
import { createApiKey } from '../api-keys.ts';

const work = mkdtempSync(path.join(tmpdir(), 'kerygma-pipeline-'));
const audioFile = path.join(work, 'sermon.mp3');
const videoFile = path.join(work, 'sermon.mp4');

beforeAll(async () => {
  await Promise.all([
    speechLikeAudio(audioFile, { seconds: 6, seed: 5 }),
    testPatternVideo(videoFile, { seconds: 4, seed: 6, width: 640, height: 360 }),
  ]);
}, 60_000);

describe.each(BACKENDS)('upload → encode → media list on %s', (backend) => {
  let t: TestApp;
  let worker: Worker;
  let key: string;
  const changes = catalogueChanges();
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(backend);
    key = await createApiKey(t.db, 'gracechurch');
    // A manager of the broadcaster, told by e-mail when media are ready (e-mail settings: on by default).
    await testUser(t.db, 'uploader', { broadcaster: [['gracechurch', 'uploader']], verified: true });
    const mail = createMailer({ smtpUrl: smtp.url, from: 'Kerygma <no-reply@kerygma.test>', outboxDir: '' }, pino());
    worker = await startWorker({
      db: t.db,
      handlers: jobHandlers({
        db: t.db,
        media: localMediaStore(t.mediaDir),
        changes,
        managerMail: { mail, origin: 'https://kerygma.test' },
      }),
      pollMs: 100,
    });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await smtp?.close();
  });

  async function upload(sermonId: string, uploadType: string, file: string) {
    const slot = JSON.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/media',
          headers: { 'x-api-key': key },
          payload: { sermonID: sermonId, uploadType, filenames: [path.basename(file)] },
        })
      ).body,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(slot.uploadURL).pathname,
      payload: readFileSync(file),
    });
    expect(res.statusCode).toBe(201);
  }

  async function waitFor(sermonId: string, state: string) {
    for (let i = 0; i < 300; i++) {
      const { body } = await getJson(t.app, `/api/v2/node/sermons/${sermonId}/media_tracker`, { 'x-api-key': key });
      const states = body.events.map((e: { state: string }) => e.state);
      if (states.includes(state)) return states;
      if (states.includes('pipeline-failed')) throw new Error(JSON.stringify(body.events));
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${state} for ${sermonId}`);
  }

  it('turns an uploaded audio file into MP3s, an AAC HLS stream and a waveform', async () => {
    // What the sermon's page would show at each change announced (the request starts at once:
    // the renditions take longer than the answer).
    const seen: { change: CatalogueChange; sermon: Promise<{ body: Record<string, unknown> }> }[] = [];
    const stop = changes.subscribe((change) =>
      seen.push({ change, sermon: getJson(t.app, '/api/v2/node/sermons/1002') }),
    );
    await upload('1002', 'original-audio', audioFile);
    const states = await waitFor('1002', 'encoded-audio');
    // (Announced once the saving transaction has committed: a moment after the tracker says so.)
    await expect.poll(() => seen.length).toBe(2);
    stop();
    expect(seen.map((s) => s.change)).toEqual([
      { sermonIds: ['1002'], broadcasterIds: ['gracechurch'], speakerIds: [1], seriesIds: [10] },
      { sermonIds: ['1002'], broadcasterIds: ['gracechurch'], speakerIds: [1], seriesIds: [10] },
    ]);
    // First the MP3 upload's own stream, copied: it plays before the renditions are made.
    const early = (await seen[0]?.sermon)?.body as {
      hasAudio: boolean;
      waveformPeaksURL: string | null;
      media: { audio: { mediaType: string; quality: string; streamURL: string }[] };
    };
    expect(early.hasAudio).toBe(true);
    expect(early.waveformPeaksURL).toBeNull();
    expect(early.media.audio.map((m) => `${m.mediaType}:${m.quality}`)).toEqual(['mp3:high']);
    const copied = new URL(early.media.audio[0]?.streamURL ?? '').pathname;
    expect(copied).toMatch(/-copy\/audio\/original\.mp3$/);
    expect(states).toEqual([
      'upload-received',
      'original-analyzed',
      'encoding',
      'waveform',
      'encoding-syncing',
      'encoded-audio',
    ]);
    const tracker = await getJson(t.app, '/api/v2/node/sermons/1002/media_tracker', { 'x-api-key': key });
    expect(tracker.body.events.map((e: { stage: string }) => e.stage)).toEqual([
      'upload received',
      null,
      'encoding',
      'waveform',
      'encoding syncing',
      null,
    ]);
    const { body: sermon } = await getJson(t.app, '/api/v2/node/sermons/1002');
    expect(sermon.hasAudio).toBe(true);
    expect(sermon.audioDurationSeconds).toBeGreaterThanOrEqual(5);
    const audio = sermon.media.audio.map((m: { mediaType: string; quality: string }) => `${m.mediaType}:${m.quality}`);
    // §3: the high MP3 first and the low one last (the adaptive stream between).
    expect(audio).toEqual(['mp3:high', 'aac:null', 'mp3:low']);
    const high = sermon.media.audio.find((m: { quality: string }) => m.quality === 'high');
    expect(high.duration).toBeGreaterThanOrEqual(5);
    expect((await t.app.inject(new URL(high.streamURL).pathname)).statusCode).toBe(200);
    const waveform = await getJson(t.app, '/api/v2/node/sermons/1002/waveform');
    expect(waveform.body.data.length).toBeGreaterThan(10);
    // The broadcaster's manager is told once, when every rendition is made.
    const told = await smtp.next('uploader@example.org');
    expect(told.subject).toBe(`“${sermon.fullTitle}” is ready to play`);
    expect(told.text).toContain('https://kerygma.test/sermons/1002');
    expect(told.text).toContain('https://kerygma.test/dashboard/sermons/1002?broadcasterID=gracechurch');
    // The copy's folder goes once the renditions replace it.
    const copyFolder = path.join(
      t.mediaDir,
      path.dirname(path.dirname(decodeURIComponent(copied).replace(/^\/media\//, ''))),
    );
    await expect.poll(() => existsSync(copyFolder), { timeout: 20_000 }).toBe(false);
  }, 60_000);

  it('turns an uploaded video into the ladder rungs it can fill, a thumbnail and its audio', async () => {
    await upload('1003', 'original-video', videoFile);
    const states = await waitFor('1003', 'encoded-video');
    expect(states.slice(2)).toEqual([
      'encoding',
      'thumbnail',
      'waveform',
      'encoding-syncing',
      'audio-extracted',
      'encoded-video',
      'media-linked',
    ]);
    const { body: sermon } = await getJson(t.app, '/api/v2/node/sermons/1003');
    expect(sermon.hasVideo).toBe(true);
    expect(sermon.hasAudio).toBe(true);
    const video = sermon.media.video.map((m: { quality: string }) => m.quality);
    // A 360p source is never upscaled: the 360p rung ('low') and the adaptive playlist only.
    expect(video.sort()).toEqual(['adaptive', 'low']);
    expect(sermon.media.video.find((m: { quality: string }) => m.quality === 'low').streamURL).toContain(
      'video/low.mp4',
    );
    expect(sermon.videoThumbnail).toMatch(/thumbnail\.jpg$/);
    // The encode writes the WebP sizes beside the JPEG (none is left to make on request).
    expect(sermon.videoThumbnailResizable).toBe(sermon.videoThumbnail.replace(/\.jpg$/, '-{size}.webp'));
    const folder = path.dirname(decodeURIComponent(new URL(sermon.videoThumbnail).pathname).replace(/^\/media\//, ''));
    expect(
      readdirSync(path.join(t.mediaDir, folder))
        .filter((f) => f.startsWith('thumbnail'))
        .sort(),
    ).toEqual(['thumbnail-360.webp', 'thumbnail-640.webp', 'thumbnail-96.webp', 'thumbnail.jpg']);
    const poster = await t.app.inject(new URL(sermon.videoThumbnailResizable.replace('{size}', '640')).pathname);
    expect([poster.statusCode, poster.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(sermon.media.audio.length).toBe(3);
  }, 90_000);
});
