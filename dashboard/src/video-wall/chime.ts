import { effectGain, type VideoWallSettings } from './settings.ts';

/** The go-live chime's own volume, within §9's 0.2 to 1. */
const CHIME_VOLUME = 0.6;
const NOTES_HZ = [660, 880];
const NOTE_SECONDS = 0.18;

let context: AudioContext | null = null;

/**
 * A short two-note chime when a webcast goes live, at sfxVolume (§9). Made with Web Audio, so
 * no sound file ships; a browser that has not let the page play sound yet stays silent.
 */
export function playGoLiveChime(settings: Pick<VideoWallSettings, 'sfxVolume'>): void {
  const gain = effectGain(settings, CHIME_VOLUME);
  if (gain <= 0 || typeof AudioContext !== 'function') return;
  context ??= new AudioContext();
  const start = context.currentTime;
  NOTES_HZ.forEach((hz, i) => {
    if (!context) return;
    const at = start + i * NOTE_SECONDS;
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.frequency.value = hz;
    volume.gain.setValueAtTime(gain, at);
    volume.gain.exponentialRampToValueAtTime(0.001, at + NOTE_SECONDS);
    tone.connect(volume).connect(context.destination);
    tone.start(at);
    tone.stop(at + NOTE_SECONDS);
  });
}
