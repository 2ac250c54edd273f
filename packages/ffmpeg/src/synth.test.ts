import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from './probe.ts';
import { speechGraph, speechLikeAudio, testPatternVideo, wrapTitle } from './synth.ts';
import { normalisedPeaks, waveformPeaks } from './waveform.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kerygma-synth-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('speechLikeAudio', () => {
  it('is deterministic: same seed gives the same bytes, another seed differs', async () => {
    const [a, b, c] = ['a', 'b', 'c'].map((name) => join(dir, `${name}.mp3`)) as [string, string, string];
    await Promise.all([
      speechLikeAudio(a, { seconds: 8, seed: 42 }),
      speechLikeAudio(b, { seconds: 8, seed: 42 }),
      speechLikeAudio(c, { seconds: 8, seed: 43 }),
    ]);
    const [bytesA, bytesB, bytesC] = await Promise.all([a, b, c].map((f) => readFile(f)));
    expect(bytesA?.equals(bytesB ?? Buffer.alloc(0))).toBe(true);
    expect(bytesA?.equals(bytesC ?? Buffer.alloc(0))).toBe(false);
  }, 30_000);

  it('writes mono 44.1 kHz mp3 that has speech-like loud and quiet stretches', async () => {
    const file = join(dir, 'speech.mp3');
    await speechLikeAudio(file, { seconds: 20, seed: 7, voice: 'high' });
    const info = await probe(file);
    expect(info.audioCodec).toBe('mp3');
    expect(Math.abs(info.durationSeconds - 20)).toBeLessThan(0.2);

    // 10 points per second: phrase pauses give near-silent points, syllables loud ones.
    const peaks = normalisedPeaks(await waveformPeaks(file, { pointsPerSecond: 10 }));
    const quiet = peaks.filter((p) => p <= 0.06).length / peaks.length;
    const loud = peaks.filter((p) => p >= 0.15).length / peaks.length;
    expect(quiet).toBeGreaterThan(0.1);
    expect(quiet).toBeLessThan(0.5);
    expect(loud).toBeGreaterThan(0.4);
    expect(Math.max(...peaks)).toBeLessThan(1);
  }, 30_000);

  it('prints how long 5 minutes of audio takes to generate', async () => {
    const file = join(dir, 'five-minutes.mp3');
    const started = performance.now();
    await speechLikeAudio(file, { seconds: 300, seed: 1 });
    const generated = performance.now() - started;
    const info = await probe(file);
    const peaksStarted = performance.now();
    const peaks = await waveformPeaks(file, { durationSeconds: info.durationSeconds });
    const peaksTook = performance.now() - peaksStarted;
    console.log(
      `[synth] 300 s speech-like mp3 in ${generated.toFixed(0)} ms (${(info.sizeBytes / 1e6).toFixed(1)} MB); ` +
        `waveform (${peaks.length} points) in ${peaksTook.toFixed(0)} ms`,
    );
    expect(Math.abs(info.durationSeconds - 300)).toBeLessThan(0.2);
  }, 60_000);

  it('builds a graph whose labels can be prefixed for embedding', () => {
    const { graph, label } = speechGraph({ seconds: 5, seed: 3 }, 'voice');
    expect(label).toBe('voiceout');
    expect(graph).toContain(`[${label}]`);
    expect(graph).not.toMatch(/\[sp/);
  });

  it('rejects a non-positive duration', async () => {
    await expect(speechLikeAudio(join(dir, 'x.mp3'), { seconds: 0, seed: 1 })).rejects.toThrow(RangeError);
  });
});

describe('testPatternVideo', () => {
  it('writes H.264/AAC mp4 with the requested size and the same duration per seed', async () => {
    const a = join(dir, 'a.mp4');
    const b = join(dir, 'b.mp4');
    const title = "The Word: 'Grace' [Rom 5:1-5], 100% \\ test; ok";
    await Promise.all([
      testPatternVideo(a, { seconds: 3, seed: 5, title, width: 320, height: 180 }),
      testPatternVideo(b, { seconds: 3, seed: 5, title, width: 320, height: 180 }),
    ]);
    const [infoA, infoB] = await Promise.all([probe(a), probe(b)]);
    expect(infoA).toMatchObject({
      hasVideo: true,
      hasAudio: true,
      videoCodec: 'h264',
      audioCodec: 'aac',
      width: 320,
      height: 180,
    });
    expect(Math.abs(infoA.durationSeconds - 3)).toBeLessThan(0.2);
    expect(infoB.durationSeconds).toBe(infoA.durationSeconds);
    // faststart: the moov atom precedes the media data.
    const head = (await readFile(a)).subarray(0, 4096).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'));
  }, 60_000);

  it('rejects odd dimensions', async () => {
    await expect(testPatternVideo(join(dir, 'odd.mp4'), { seconds: 1, seed: 1, width: 321 })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('wrapTitle', () => {
  it('wraps on words and ellipsises what does not fit', () => {
    expect(wrapTitle('Grace upon grace', 40)).toEqual(['Grace upon grace']);
    expect(wrapTitle('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapTitle('a b c d e f g h', 3, 2)).toEqual(['a b', 'c…']);
    expect(wrapTitle('ab cdefgh ij', 6, 1)).toEqual(['ab…']);
    expect(wrapTitle('Supercalifragilistic', 8)).toEqual(['Superca…']);
  });
});
