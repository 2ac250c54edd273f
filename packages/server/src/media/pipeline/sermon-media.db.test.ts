import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { speechLikeAudio, testPatternVideo } from '@kerygma/ffmpeg/synth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../jobs/handlers.ts';
import { enqueue } from '../../jobs/queue.ts';
import { startWorker, type Worker } from '../../jobs/worker.ts';
import { localMediaStore } from '../../storage/local-store.ts';
import { buildTestApp, getJson, type TestApp } from '../../test/test-app.ts';
import { BACKENDS } from '../../test/test-db.ts';
import { createApiKey } from '../api-keys.ts';

const work = mkdtempSync(path.join(tmpdir(), 'kerygma-sermon-media-'));
const audio6 = path.join(work, 'six.mp3');
const video3 = path.join(work, 'three.mp4');
const video4 = path.join(work, 'four.mp4');

const SRT = `1
00:00:01,000 --> 00:00:02,500
Grace to you & peace

2
00:00:03,000 --> bad time
<font color="red">from God our Father</font>
`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  await Promise.all([
    speechLikeAudio(audio6, { seconds: 6, seed: 11 }),
    testPatternVideo(video3, { seconds: 3, seed: 12, width: 320, height: 180 }),
    testPatternVideo(video4, { seconds: 4, seed: 13, width: 320, height: 180 }),
  ]);
}, 60_000);

type Sermon = {
  hasAudio: boolean;
  hasVideo: boolean;
  hasPDF: boolean;
  showCC: boolean;
  audioDurationSeconds: number;
  videoDurationSeconds: number;
  videoThumbnail: string | null;
  captionLanguages: { alpha_2: string[]; alpha_3: string[] };
  media: Record<
    'audio' | 'video' | 'text' | 'captions',
    { mediaType: string; quality: string; streamURL: string; language: string }[]
  >;
};

describe.each(BACKENDS)('sermon media calls on %s', (backend) => {
  let t: TestApp;
  let worker: Worker;
  let key: string;
  let otherKey: string;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    key = await createApiKey(t.db, 'gracechurch');
    otherKey = await createApiKey(t.db, 'radiovida');
    worker = await startWorker({
      db: t.db,
      handlers: jobHandlers({ db: t.db, media: localMediaStore(t.mediaDir) }),
      pollMs: 50,
    });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  const call = (method: 'POST' | 'PATCH', url: string, payload: object, apiKey: string | null = key) =>
    t.app.inject({ method, url: `/api/v2/${url}`, headers: apiKey ? { 'x-api-key': apiKey } : {}, payload });

  async function upload(
    sermonID: string,
    uploadType: string,
    body: Buffer | string,
    filename: string,
    language?: string,
  ) {
    const slot = JSON.parse(
      (await call('POST', 'media', { sermonID, uploadType, filenames: [filename], language })).body,
    );
    const res = await t.app.inject({ method: 'POST', url: new URL(slot.uploadURL).pathname, payload: body });
    return { guid: slot.guid as string, status: res.statusCode, body: JSON.parse(res.body) };
  }

  const sermon = async (id: string) => (await getJson<Sermon>(t.app, `/api/v2/node/sermons/${id}`)).body;
  const tracker = async (id: string) =>
    (await getJson(t.app, `/api/v2/node/sermons/${id}/media_tracker`, { 'x-api-key': key })).body;
  const fileOf = (url: string) =>
    path.join(t.mediaDir, decodeURIComponent(new URL(url).pathname.replace(/^\/media\//, '')));

  /** Waits until the tracker has recorded `state` `count` times for the sermon. */
  async function waitFor(id: string, state: string, count = 1) {
    for (let i = 0; i < 600; i++) {
      const { events } = await tracker(id);
      if (events.some((e: { state: string }) => e.state === 'pipeline-failed')) throw new Error(JSON.stringify(events));
      if (events.filter((e: { state: string }) => e.state === state).length >= count) return events;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no ${state} x${count} for ${id}`);
  }
  async function until(check: () => boolean) {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(check()).toBe(true);
  }

  it('turns an SRT upload into a WebVTT caption in its language and sets showCC', async () => {
    const up = await upload('1010', 'caption', SRT, 'sermon.srt', 'es');
    expect(up.status).toBe(201);
    const s = await sermon('1010');
    expect(s.showCC).toBe(true);
    expect(s.captionLanguages).toEqual({ alpha_2: ['es'], alpha_3: ['spa'] });
    expect(s.media.captions).toHaveLength(1);
    expect(s.media.captions[0]).toMatchObject({ mediaType: 'caption', language: 'es' });
    const vtt = (await t.app.inject(new URL(s.media.captions[0]?.streamURL as string).pathname)).body;
    // §5: SRT times to WebVTT; an unparseable time becomes 0; SRT-only markup dropped; text escaped.
    expect(vtt).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nGrace to you &amp; peace\n\n2\n00:00:03.000 --> 00:00:00.000\nfrom God our Father\n',
    );
    // A second file in the same language replaces the first; another language adds to it.
    await upload('1010', 'caption', `WEBVTT\n\n00:01.000 --> 00:02.000\nGracia\n`, 'es.vtt', 'es');
    await upload('1010', 'caption', `WEBVTT\n\n00:01.000 --> 00:02.000\nGrace\n`, 'en.vtt', 'en');
    const again = await sermon('1010');
    expect(again.media.captions.map((c) => c.language).sort()).toEqual(['en', 'es']);
    expect(again.captionLanguages.alpha_3).toEqual(['eng', 'spa']);
  });

  it('refuses a caption file that is not SRT or WebVTT, keeping the original and tracking the failure', async () => {
    const badLanguage = await call('POST', 'media', { sermonID: '1010', uploadType: 'caption', language: '../x' });
    expect(badLanguage.statusCode).toBe(400);
    expect(JSON.parse(badLanguage.body).errors.language).toBeTruthy();
    const up = await upload('1010', 'caption', 'just some words, no cues at all', 'notes.srt');
    expect(up.status).toBe(422);
    expect(up.body.errors.file).toMatch(/notes\.srt: .*not an SRT or WebVTT caption file/);
    expect((await tracker('1010')).events.at(-1)).toMatchObject({ state: 'upload-failed', stage: 'upload failed' });
    expect(existsSync(path.join(t.mediaDir, `1010/original/${up.guid}.srt`))).toBe(true);
    const binary = await upload('1010', 'caption', Buffer.from([0x31, 0x0a, 0xff, 0xfe, 0x00]), 'x.srt');
    expect(binary.body.errors.file).toMatch(/not UTF-8 text/);
  });

  it('deletes captions of one language and clears showCC with the last one', async () => {
    const noKey = await call('POST', 'jobs/delete', { sermonID: '1010', target: 'caption' }, null);
    expect(noKey.statusCode).toBe(401);
    const res = await call('POST', 'jobs/delete', { sermonID: '1010', target: 'caption', language: 'es' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ deletedMediaItems: 1, deletedUploads: 2 });
    expect((await sermon('1010')).captionLanguages.alpha_2).toEqual(['en']);
    await call('POST', 'jobs/delete', { sermonID: '1010', target: 'caption' });
    const s = await sermon('1010');
    expect(s.showCC).toBe(false);
    expect(s.media.captions).toEqual([]);
  });

  it('keeps PDF and text documents checked by content as items of the text list', async () => {
    const pdf = await upload('1011', 'pdf', PDF, 'notes.PDF');
    expect(pdf.status).toBe(201);
    const text = await upload('1011', 'text', 'Sermon notes — “Grace”\n', 'notes.txt');
    expect(text.status).toBe(201);
    const s = await sermon('1011');
    expect(s.hasPDF).toBe(true);
    expect(s.media.text.map((m) => m.mediaType).sort()).toEqual(['doc', 'pdf']);
    const pdfItem = s.media.text.find((m) => m.mediaType === 'pdf');
    expect(pdfItem?.streamURL).toContain('.pdf'); // the §3 'pdf' derivation reads the URL
    expect(readFileSync(fileOf(pdfItem?.streamURL as string))).toEqual(PDF);

    const fake = await upload('1011', 'pdf', 'not a pdf at all', 'fake.pdf');
    expect(fake.status).toBe(422);
    expect(fake.body.errors.file).toMatch(/not a PDF document/);
    const latin1 = await upload('1011', 'text', Buffer.from([0x47, 0x72, 0xe2, 0x63, 0x65]), 'latin1.txt');
    expect(latin1.status).toBe(422);

    expect((await call('POST', 'jobs/delete', { sermonID: '1011', target: 'pdf' })).statusCode).toBe(200);
    const after = await sermon('1011');
    expect(after.hasPDF).toBe(false);
    expect(after.media.text.map((m) => m.mediaType)).toEqual(['doc']);
    await until(() => !existsSync(fileOf(pdfItem?.streamURL as string)));
  });

  it('keeps a sermon’s own audio next to a video whose length differs by over 2 s: unlinked', async () => {
    const a = await upload('1012', 'original-audio', readFileSync(audio6), 'talk.mp3');
    await waitFor('1012', 'encoded-audio');
    await upload('1012', 'original-video', readFileSync(video3), 'talk.mp4');
    const events = await waitFor('1012', 'encoded-video');
    const states = events.map((e: { state: string }) => e.state);
    expect(states).not.toContain('audio-extracted');
    expect(states.at(-1)).toBe('media-unlinked');
    expect((await tracker('1012')).mediaUnlinked).toBe(true);
    const s = await sermon('1012');
    expect(s.audioDurationSeconds).toBe(6);
    expect(s.videoDurationSeconds).toBe(3);
    for (const m of s.media.audio) expect(m.streamURL).toContain(`/r/${a.guid}/`);
  }, 60_000);

  it('uses a video’s soundtrack as the audio when there is no audio upload: linked', async () => {
    const v = await upload('1013', 'original-video', readFileSync(video4), 'service.mp4');
    const events = await waitFor('1013', 'encoded-video');
    expect(events.map((e: { state: string; stage: string }) => [e.state, e.stage])).toContainEqual([
      'audio-extracted',
      'extracting audio from video',
    ]);
    expect(events.at(-1).state).toBe('media-linked');
    const tr = await tracker('1013');
    expect(tr.mediaUnlinked).toBe(false);
    const s = await sermon('1013');
    expect(s.hasAudio && s.hasVideo).toBe(true);
    for (const m of [...s.media.audio, ...s.media.video]) expect(m.streamURL).toContain(`/r/${v.guid}/`);
  }, 60_000);

  it('POST jobs/encode encodes again from the kept original into new URLs and deletes the old files', async () => {
    expect((await call('POST', 'jobs/encode', { sermonID: '1013' }, null)).statusCode).toBe(401);
    expect((await call('POST', 'jobs/encode', { sermonID: '1013' }, otherKey)).statusCode).toBe(403);
    expect((await call('POST', 'jobs/encode', { sermonID: '1014' })).statusCode).toBe(404); // no original
    expect((await call('POST', 'jobs/encode', { sermonID: '1013', target: 'mp3' })).statusCode).toBe(400);
    const before = await sermon('1013');
    const res = await call('POST', 'jobs/encode', { sermonID: '1013' });
    expect(res.statusCode).toBe(202);
    const body = JSON.parse(res.body);
    expect(body.jobs).toEqual([expect.objectContaining({ name: 'media.encode-video', uploadType: 'original-video' })]);
    await waitFor('1013', 'encoded-video', 2);
    const after = await sermon('1013');
    expect(after.media.video.length).toBe(before.media.video.length);
    expect(after.videoThumbnail).not.toBe(before.videoThumbnail);
    expect(existsSync(fileOf(after.videoThumbnail as string))).toBe(true);
    await until(() => !existsSync(fileOf(before.videoThumbnail as string)));
    await until(() => !existsSync(fileOf(before.media.audio[0]?.streamURL as string)));
  }, 60_000);

  it('PATCH encoding_options validates, saves and encodes the video again with the trim', async () => {
    const patch = (body: object, apiKey?: string) =>
      call('PATCH', 'node/sermons/1013/encoding_options', body, apiKey ?? key);
    expect((await patch({ videoTrimStart: -1 })).statusCode).toBe(400);
    expect((await patch({ videoTrimStart: 1, colour: 'red' })).statusCode).toBe(400);
    expect((await patch({})).statusCode).toBe(400);
    const tooLong = await patch({ videoTrimStart: 3.5 });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.parse(tooLong.body).errors.videoTrimStart).toMatch(/videoTrimStart/);
    expect((await patch({ videoTrimStart: 1 }, otherKey)).statusCode).toBe(403);

    const ok = await patch({ videoTrimStart: '1', videoThumbPosition: 0.5 });
    expect(ok.statusCode).toBe(200);
    const body = JSON.parse(ok.body);
    expect(body).toMatchObject({ sermonID: '1013', videoTrimStart: 1, videoThumbPosition: 0.5 });
    expect(body.encodeJobID).toEqual(expect.any(Number));
    // Unchanged options queue nothing.
    expect(JSON.parse((await patch({ videoTrimStart: 1 })).body).encodeJobID).toBeNull();
    await waitFor('1013', 'encoded-video', 3);
    const s = await sermon('1013');
    expect(s.videoDurationSeconds).toBe(3); // 4 s less the 1 s trim
    expect(s.audioDurationSeconds).toBe(3);
  }, 60_000);

  it('an encode that fails for good shows “encoding error” and keeps the original and the earlier media', async () => {
    const before = await sermon('1013');
    const [upload] = await t.db.query<{ guid: string; storage_key: string }>(
      "SELECT guid, storage_key FROM media_upload WHERE sermon_id = '1013' AND upload_type = 'original-video'",
    );
    // A trim past the end (the API refuses one; set here to make ffmpeg's work fail).
    await t.db.query("UPDATE sermon SET video_trim_start = 100 WHERE sermon_id = '1013'");
    await enqueue(
      t.db,
      'media.encode-video',
      { sermonId: '1013', uploadId: upload?.guid as string },
      { maxAttempts: 1 },
    );
    let last: { state: string; stage: string; failed: boolean; detail: string } | undefined;
    for (let i = 0; i < 400 && last?.state !== 'pipeline-failed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      last = (await tracker('1013')).events.at(-1);
    }
    expect(last).toMatchObject({ state: 'pipeline-failed', stage: 'encoding error', failed: true });
    expect(last?.detail).toMatch(/trim/);
    expect((await tracker('1013')).failed).toBe(true);
    expect(existsSync(path.join(t.mediaDir, upload?.storage_key as string))).toBe(true);
    const after = await sermon('1013');
    expect(after.media.video).toEqual(before.media.video);
    await t.db.query("UPDATE sermon SET video_trim_start = NULL WHERE sermon_id = '1013'");
  }, 60_000);

  it('POST jobs/delete removes the video with its original, keeps the audio, then removes everything', async () => {
    const before = await sermon('1012');
    const res = await call('POST', 'jobs/delete', { sermonID: '1012', target: 'video' });
    expect(JSON.parse(res.body)).toMatchObject({ target: 'video', deletedUploads: 1 });
    const s = await sermon('1012');
    expect(s.hasVideo).toBe(false);
    expect(s.videoThumbnail).toBeNull();
    expect(s.media.video).toEqual([]);
    expect(s.media.audio.length).toBe(3);
    expect((await tracker('1012')).mediaUnlinked).toBe(false);
    await until(() => !existsSync(fileOf(before.media.video[0]?.streamURL as string)));
    expect(existsSync(fileOf(s.media.audio[0]?.streamURL as string))).toBe(true);

    await call('POST', 'jobs/delete', { sermonID: '1012', target: 'all' });
    const none = await sermon('1012');
    expect(none).toMatchObject({ hasAudio: false, hasVideo: false, audioDurationSeconds: 0 });
    expect(none.media.audio).toEqual([]);
    const rows = await t.db.query("SELECT 1 FROM media_upload WHERE sermon_id = '1012'");
    expect(rows).toEqual([]);
    await until(() => !existsSync(fileOf(s.media.audio[0]?.streamURL as string)));
    expect((await tracker('1012')).events.at(-1)).toMatchObject({ state: 'media-deleted', detail: 'all' });
  }, 60_000);
});
