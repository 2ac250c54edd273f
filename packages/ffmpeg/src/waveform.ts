import { probe } from './probe.ts';
import { run, type ToolOptions } from './run.ts';

/**
 * Peaks in BBC audiowaveform's JSON format, which wavesurfer.js loads as
 * pre-computed peaks: `data` alternates min, max for each of `length` points
 * (per channel), in the signed range of `bits`.
 */
export type WaveformPeaks = {
  version: 2;
  channels: number;
  sample_rate: number;
  samples_per_pixel: number;
  bits: 8 | 16;
  length: number;
  data: number[];
};

export type WaveformOptions = ToolOptions & {
  /** Resolution for short files (default 20 points per second). */
  pointsPerSecond?: number;
  /** Cap for long files (default 2000, enough for a full-width player). */
  maxPoints?: number;
  /** Skip the ffprobe call when the caller already knows the duration. */
  durationSeconds?: number;
};

// Peaks only need the envelope, so decode at a low rate: a 2-hour sermon is
// 57.6 M samples (115 MB of s16le) streamed through, never held in memory.
export const WAVEFORM_SAMPLE_RATE = 8000;
const DEFAULT_POINTS_PER_SECOND = 20;
const DEFAULT_MAX_POINTS = 2000;
/** The peaks spec's minimum bar height, so silence still draws a line. */
export const MIN_PEAK = 0.05;

/** Picks samples per point so a file of `durationSeconds` gets at most `maxPoints` points. */
export function peaksResolution(
  durationSeconds: number,
  options: { pointsPerSecond?: number; maxPoints?: number } = {},
): { samplesPerPixel: number; points: number } {
  const pointsPerSecond = options.pointsPerSecond ?? DEFAULT_POINTS_PER_SECOND;
  const maxPoints = options.maxPoints ?? DEFAULT_MAX_POINTS;
  if (!(pointsPerSecond > 0) || !(maxPoints >= 1))
    throw new RangeError('pointsPerSecond and maxPoints must be positive');
  const target = Math.min(maxPoints, Math.max(1, Math.ceil(durationSeconds * pointsPerSecond)));
  const samplesPerPixel = Math.max(1, Math.ceil((durationSeconds * WAVEFORM_SAMPLE_RATE) / target));
  return {
    samplesPerPixel,
    points: Math.max(1, Math.ceil((durationSeconds * WAVEFORM_SAMPLE_RATE) / samplesPerPixel)),
  };
}

/** Accumulates a stream of s16le mono samples at WAVEFORM_SAMPLE_RATE into peaks. */
export type PeaksCollector = {
  /** Feed raw s16le bytes; chunks may split a sample. */
  push(chunk: Buffer): void;
  /** Flushes the last partial point and returns the peaks. */
  finish(): WaveformPeaks;
};

/**
 * A streaming min/max peak computer, for any decode that can emit
 * `-ac 1 -ar 8000 -f s16le` (waveformPeaks, or a branch of a larger ffmpeg graph).
 */
export function peaksCollector(samplesPerPixel: number): PeaksCollector {
  if (!(Number.isInteger(samplesPerPixel) && samplesPerPixel >= 1))
    throw new RangeError('samplesPerPixel must be a positive integer');
  const data: number[] = [];
  let min = 0;
  let max = 0;
  let count = 0;
  let carry = -1; // low byte of a sample split across chunks

  const flush = () => {
    // 16 → 8 bit the way audiowaveform does it (integer division by 256).
    data.push(Math.trunc(min / 256) + 0, Math.trunc(max / 256) + 0); // + 0 turns -0 into 0
    count = 0;
  };
  const pushSample = (sample: number) => {
    if (count === 0) {
      min = sample;
      max = sample;
    } else if (sample < min) min = sample;
    else if (sample > max) max = sample;
    if (++count === samplesPerPixel) flush();
  };

  return {
    push(chunk) {
      let i = 0;
      if (carry >= 0 && chunk.length > 0) {
        pushSample(((((chunk[0] ?? 0) << 8) | carry) << 16) >> 16);
        carry = -1;
        i = 1;
      }
      const end = chunk.length - 1;
      for (; i < end; i += 2) {
        // Little-endian int16, sign-extended via the shifts.
        pushSample(((((chunk[i + 1] ?? 0) << 8) | (chunk[i] ?? 0)) << 16) >> 16);
      }
      if (i === end) carry = chunk[i] ?? 0;
    },
    finish() {
      if (count > 0) flush();
      return {
        version: 2,
        channels: 1,
        sample_rate: WAVEFORM_SAMPLE_RATE,
        samples_per_pixel: samplesPerPixel,
        bits: 8,
        length: data.length / 2,
        data,
      };
    },
  };
}

/** Computes 8-bit mono peaks of `file`'s first audio stream, streaming the decode. */
export async function waveformPeaks(file: string, options: WaveformOptions = {}): Promise<WaveformPeaks> {
  let duration = options.durationSeconds;
  if (duration === undefined) {
    const info = await probe(file, options);
    if (!info.hasAudio) throw new Error(`${file} has no audio stream to draw`);
    duration = info.durationSeconds;
  }
  const collector = peaksCollector(peaksResolution(duration, options).samplesPerPixel);
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-i',
      file,
      '-map',
      '0:a:0',
      '-ac',
      '1',
      '-ar',
      String(WAVEFORM_SAMPLE_RATE),
      '-f',
      's16le',
      '-acodec',
      'pcm_s16le',
      'pipe:1',
    ],
    { ...options, onStdout: (chunk) => collector.push(chunk) },
  );
  return collector.finish();
}

/**
 * One bar height per point in 0..1 (largest |min|/|max| over channels, divided
 * by the format's full scale), never below MIN_PEAK.
 */
export function normalisedPeaks(peaks: WaveformPeaks): number[] {
  const channels = Math.max(1, peaks.channels);
  const fullScale = peaks.bits === 16 ? 32768 : 128;
  const values = 2 * channels;
  if (peaks.data.length < peaks.length * values)
    throw new RangeError(`peaks data has ${peaks.data.length} values, expected ${peaks.length * values}`);
  const result = new Array<number>(peaks.length);
  for (let point = 0; point < peaks.length; point++) {
    let peak = 0;
    for (let v = point * values; v < (point + 1) * values; v++) {
      peak = Math.max(peak, Math.abs(peaks.data[v] ?? 0));
    }
    result[point] = Math.min(1, Math.max(MIN_PEAK, peak / fullScale));
  }
  return result;
}
