/** Minimum bar height (spec §9 "minimum peak 0.05"), so silence still draws a line. */
export const MIN_PEAK = 0.05;

type Audiowaveform = { bits?: number; channels?: number; data?: unknown };

/**
 * Turns BBC audiowaveform JSON (min, max pairs in the signed range of `bits`) into one
 * channel of peaks from 0 to 1 for wavesurfer.js. Returns [] for anything unreadable.
 */
export function peaksFromWaveform(json: unknown): number[] {
  const w = (json ?? {}) as Audiowaveform;
  if (!Array.isArray(w.data)) return [];
  const scale = 2 ** ((w.bits === 16 ? 16 : 8) - 1);
  const channels = Math.max(1, w.channels ?? 1);
  const stride = 2 * channels;
  const peaks: number[] = [];
  for (let i = 0; i + 1 < w.data.length; i += stride) {
    const min = Number(w.data[i]);
    const max = Number(w.data[i + 1]);
    const peak = Math.max(Math.abs(min), Math.abs(max)) / scale;
    peaks.push(Number.isFinite(peak) ? Math.min(1, Math.max(MIN_PEAK, peak)) : MIN_PEAK);
  }
  return peaks;
}
