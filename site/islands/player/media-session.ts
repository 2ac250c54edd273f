import type { PlayerSermon } from './types.ts';

/** The lock screen's and the headset's controls (Media Session API), where the browser has them. */

export type SessionControls = {
  play(): void;
  pause(): void;
  skip(seconds: number): void;
  seek(seconds: number): void;
  next(direction: 'forward' | 'reverse'): void;
};

const session = (): MediaSession | undefined => ('mediaSession' in navigator ? navigator.mediaSession : undefined);

/** Shows `sermon` (null: nothing) on the lock screen, its buttons answered by `controls`. */
export function showInSession(sermon: PlayerSermon | null, controls: SessionControls) {
  const s = session();
  if (!s) return;
  if (!sermon) {
    s.metadata = null;
    return;
  }
  s.metadata = new MediaMetadata({
    title: sermon.title,
    artist: sermon.speaker,
    album: sermon.broadcaster,
    artwork: sermon.artwork
      ? [{ src: sermon.artwork, sizes: '512x512' }]
      : sermon.poster
        ? [{ src: sermon.poster }]
        : [],
  });
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => controls.play()],
    ['pause', () => controls.pause()],
    ['seekbackward', (d) => controls.skip(-(d.seekOffset ?? 15))],
    ['seekforward', (d) => controls.skip(d.seekOffset ?? 30)],
    ['seekto', (d) => d.seekTime !== undefined && controls.seek(d.seekTime)],
    ['previoustrack', () => controls.next('reverse')],
    ['nexttrack', () => controls.next('forward')],
  ];
  for (const [action, handler] of handlers) {
    try {
      s.setActionHandler(action, handler);
    } catch {
      // Action not supported by this browser.
    }
  }
}

export function sessionPlaying(state: 'playing' | 'paused' | 'none') {
  const s = session();
  if (s) s.playbackState = state;
}

export function sessionPosition(media: HTMLMediaElement, duration: number) {
  const s = session();
  if (!s || !(duration > 0)) return;
  try {
    s.setPositionState({
      duration,
      position: Math.min(duration, media.currentTime),
      playbackRate: media.playbackRate || 1,
    });
  } catch {
    // Position out of range while a new source loads.
  }
}
