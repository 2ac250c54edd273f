import WaveSurfer from 'wavesurfer.js';
import { peaksFromWaveform } from './peaks.ts';

/**
 * The waveform seek bar's picture, drawn by wavesurfer.js from the sermon's pre-computed peaks
 * (never by decoding audio in the browser). It follows the player's own media element; the
 * player handles pointer and keyboard seeking itself, so wavesurfer only draws.
 * Sizes (spec §9): height 64 for audio (120 large), 20 for video; bars 2 px with a 1 px gap,
 * divided by the pixel ratio.
 */
export async function createWaveform(
  container: HTMLElement,
  media: HTMLMediaElement,
  peaksURL: string,
  duration: number,
  height: number,
): Promise<{ destroy(): void } | null> {
  const response = await fetch(peaksURL);
  if (!response.ok) return null;
  const peaks = peaksFromWaveform(await response.json());
  if (peaks.length === 0 || !(duration > 0)) return null;
  const css = getComputedStyle(container);
  const ratio = window.devicePixelRatio || 1;
  return WaveSurfer.create({
    container,
    media,
    peaks: [peaks],
    duration,
    height,
    barWidth: 2 / ratio,
    barGap: 1 / ratio,
    normalize: false,
    interact: false,
    cursorWidth: 0,
    waveColor: css.getPropertyValue('--wave').trim() || '#b9b3c9',
    progressColor: css.getPropertyValue('--wave-progress').trim() || '#6752a2',
  });
}
