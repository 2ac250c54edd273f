import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './run.ts';
import { speechLikeAudio } from './synth.ts';
import { MIN_PEAK, normalisedPeaks, peaksResolution, type WaveformPeaks, waveformPeaks } from './waveform.ts';

let dir: string;
/** 4 s of digital silence followed by 6 s of speech-like audio. */
let silenceThenSpeech: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kerygma-waveform-'));
  const speech = join(dir, 'speech.mp3');
  await speechLikeAudio(speech, { seconds: 6, seed: 11 });
  silenceThenSpeech = join(dir, 'silence-then-speech.mp3');
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-t', // anullsrc's own duration option came with ffmpeg 4.2
    '4',
    '-i',
    'anullsrc=r=44100:cl=mono',
    '-i',
    speech,
    '-filter_complex',
    '[0:a][1:a]concat=n=2:v=0:a=1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    '-y',
    silenceThenSpeech,
  ]);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('waveformPeaks', () => {
  it('returns audiowaveform-style JSON with min/max pairs in the 8-bit range', async () => {
    const peaks = await waveformPeaks(silenceThenSpeech, { pointsPerSecond: 10 });
    expect(peaks).toMatchObject({ version: 2, channels: 1, bits: 8, sample_rate: 8000 });
    // ~10 points per second of a ~10 s file at 8 kHz.
    expect(peaks.samples_per_pixel).toBeGreaterThan(780);
    expect(peaks.samples_per_pixel).toBeLessThanOrEqual(800);
    expect(peaks.length).toBeGreaterThanOrEqual(99);
    expect(peaks.length).toBeLessThanOrEqual(102);
    expect(peaks.data).toHaveLength(peaks.length * 2);
    for (let i = 0; i < peaks.length; i++) {
      const min = peaks.data[2 * i] ?? Number.NaN;
      const max = peaks.data[2 * i + 1] ?? Number.NaN;
      expect(Number.isInteger(min) && Number.isInteger(max)).toBe(true);
      expect(min).toBeGreaterThanOrEqual(-128);
      expect(max).toBeLessThanOrEqual(127);
      expect(min).toBeLessThanOrEqual(max);
    }
    // Duration implied by the JSON matches the file.
    const seconds = (peaks.length * peaks.samples_per_pixel) / peaks.sample_rate;
    expect(Math.abs(seconds - 10)).toBeLessThan(0.2);
  }, 30_000);

  it('draws silence low and speech high', async () => {
    const bars = normalisedPeaks(await waveformPeaks(silenceThenSpeech, { pointsPerSecond: 10 }));
    const silence = bars.slice(0, 38);
    const speech = bars.slice(41);
    expect(Math.max(...silence)).toBe(MIN_PEAK);
    expect(Math.max(...speech)).toBeGreaterThan(0.4);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(speech)).toBeGreaterThan(mean(silence) * 3);
  }, 30_000);

  it('honours maxPoints', async () => {
    const peaks = await waveformPeaks(silenceThenSpeech, { pointsPerSecond: 100, maxPoints: 50 });
    expect(peaks.length).toBeLessThanOrEqual(51);
    expect(peaks.length).toBeGreaterThanOrEqual(48);
  }, 30_000);
});

describe('peaksResolution', () => {
  it('caps a two-hour sermon at about 2000 points', () => {
    const { points, samplesPerPixel } = peaksResolution(2 * 3600);
    expect(points).toBeLessThanOrEqual(2000);
    expect(points).toBeGreaterThanOrEqual(1800);
    expect(samplesPerPixel).toBe(28_800);
  });

  it('uses pointsPerSecond for short clips', () => {
    expect(peaksResolution(30)).toEqual({ points: 600, samplesPerPixel: 400 });
    expect(peaksResolution(30, { pointsPerSecond: 5 }).points).toBe(150);
  });
});

describe('normalisedPeaks', () => {
  const json = (data: number[], bits: 8 | 16 = 8): WaveformPeaks => ({
    version: 2,
    channels: 1,
    sample_rate: 8000,
    samples_per_pixel: 80,
    bits,
    length: data.length / 2,
    data,
  });

  it('takes the larger magnitude per point over full scale, floored at 0.05', () => {
    expect(normalisedPeaks(json([0, 0, -64, 32, -10, 127, -128, 0]))).toEqual([MIN_PEAK, 0.5, 127 / 128, 1]);
  });

  it('handles 16-bit data', () => {
    expect(normalisedPeaks(json([-16384, 100], 16))).toEqual([0.5]);
  });

  it('rejects data shorter than length says', () => {
    expect(() => normalisedPeaks({ ...json([0, 1]), length: 2 })).toThrow(RangeError);
  });
});
