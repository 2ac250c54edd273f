import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotMediaError, probe } from './probe.ts';
import { speechLikeAudio, testPatternVideo } from './synth.ts';

let dir: string;
let audioFile: string;
let videoFile: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kerygma-probe-'));
  audioFile = join(dir, 'speech.mp3');
  videoFile = join(dir, 'pattern.mp4');
  await Promise.all([
    speechLikeAudio(audioFile, { seconds: 12, seed: 1 }),
    testPatternVideo(videoFile, { seconds: 4, seed: 2, title: 'Probe test' }),
  ]);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function expectNotMedia(file: string): Promise<NotMediaError> {
  const error = await probe(file).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NotMediaError);
  return error as NotMediaError;
}

describe('probe', () => {
  it('describes generated audio', async () => {
    const info = await probe(audioFile);
    expect(Math.abs(info.durationSeconds - 12)).toBeLessThan(0.2);
    expect(info).toMatchObject({
      hasAudio: true,
      hasVideo: false,
      audioCodec: 'mp3',
      videoCodec: null,
      width: null,
      height: null,
      formatName: 'mp3',
    });
    expect(info.bitrate).toBeGreaterThan(50_000);
    expect(info.sizeBytes).toBeGreaterThan(50_000);
  });

  it('describes generated video', async () => {
    const info = await probe(videoFile);
    expect(Math.abs(info.durationSeconds - 4)).toBeLessThan(0.2);
    expect(info).toMatchObject({
      hasAudio: true,
      hasVideo: true,
      audioCodec: 'aac',
      videoCodec: 'h264',
      width: 640,
      height: 360,
    });
    expect(info.formatName).toContain('mp4');
  });

  it('rejects a text file named .mp3', async () => {
    const file = join(dir, 'notes.mp3');
    await writeFile(file, 'In the beginning was the Word.\nThis is a transcript, not audio.\n');
    const error = await expectNotMedia(file);
    expect(error.message).toMatch(/notes\.mp3 is not a playable audio or video file/);
  });

  it('rejects text even where ffprobe has a text demuxer (.ans)', async () => {
    const file = join(dir, 'notes.ans');
    await writeFile(file, 'Just some words.\n');
    await expectNotMedia(file);
  });

  it('rejects random bytes', async () => {
    const file = join(dir, 'noise.mp4');
    const bytes = Buffer.alloc(64 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
    await writeFile(file, bytes);
    await expectNotMedia(file);
  });

  it('rejects an empty file', async () => {
    const file = join(dir, 'empty.mp3');
    await writeFile(file, '');
    await expectNotMedia(file);
  });

  it('rejects a truncated mp3 whose header still claims the full length', async () => {
    const bytes = await readFile(audioFile);
    const file = join(dir, 'cut.mp3');
    await writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const error = await expectNotMedia(file);
    expect(error.reason).toMatch(/truncated/);
  });

  it('rejects a truncated mp4', async () => {
    const bytes = await readFile(videoFile);
    for (const size of [2000, Math.floor(bytes.length / 2)]) {
      const file = join(dir, `cut-${size}.mp4`);
      await writeFile(file, bytes.subarray(0, size));
      await expectNotMedia(file);
    }
  });

  it('lets a missing file fail as a file-system error', async () => {
    await expect(probe(join(dir, 'missing.mp3'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
