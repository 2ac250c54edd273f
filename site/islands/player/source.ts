import type { PlayerKind, PlayerSermon, PlayerSource } from './types.ts';

/** The file or stream to play: the MP3 for audio; for video the quality set (a height), else the first (adaptive) one. */
export function pickSource(sermon: PlayerSermon, kind: PlayerKind, quality: number): PlayerSource | null {
  if (kind === 'audio') return sermon.audio;
  const files = sermon.video.filter((v) => !v.adaptive);
  if (quality > 0)
    return (
      files.find((v) => v.height === quality) ??
      files.find((v) => (v.height ?? 0) <= quality) ??
      sermon.video[0] ??
      null
    );
  return sermon.video[0] ?? null;
}

/**
 * Puts a source on the media element. Not to play now, nothing is fetched (preload none: a
 * phone on a slow line downloads no sermon it was not asked for). HLS goes through hls.js only
 * where the browser cannot play it itself, and not before Play: attached, hls.js fetches itself
 * and the stream's first segments at once, whatever the preload.
 */
export class MediaSource {
  readonly #media: HTMLMediaElement;
  readonly #onError: () => void;
  #hls: { destroy(): void } | null = null;
  /** hls.js being fetched and attached: play() waits for it. */
  #attaching: Promise<void> | null = null;
  /** An HLS stream to attach when the sermon plays, from where the listener has moved to meanwhile. */
  #attachOnPlay: (() => Promise<void>) | null = null;
  /** Counts the sources set: an hls.js arriving for an earlier one is not attached. */
  #generation = 0;

  constructor(media: HTMLMediaElement, onError: () => void) {
    this.#media = media;
    this.#onError = onError;
  }

  set(source: PlayerSource, startAt: number, play: boolean) {
    const m = this.#media;
    this.reset();
    if (source.adaptive && !m.canPlayType('application/vnd.apple.mpegurl')) {
      m.removeAttribute('src');
      if (play) this.#attaching = this.#attach(source, startAt);
      else {
        if (startAt > 0) m.currentTime = startAt;
        this.#attachOnPlay = () => this.#attach(source, m.currentTime);
      }
    } else {
      m.src = source.url;
      if (startAt > 0) m.currentTime = startAt;
    }
  }

  /** Resolves once the media can be asked to play (hls.js attached, when it is needed). */
  async ready(): Promise<void> {
    if (this.#attachOnPlay) {
      this.#attaching = this.#attachOnPlay();
      this.#attachOnPlay = null;
    }
    await this.#attaching;
  }

  reset() {
    this.#generation += 1;
    this.#hls?.destroy();
    this.#hls = null;
    this.#attachOnPlay = null;
  }

  async #attach(source: PlayerSource, startAt: number): Promise<void> {
    const m = this.#media;
    const generation = this.#generation;
    try {
      const { attachHls } = await import('./hls.ts');
      if (generation !== this.#generation) return;
      this.#hls = await attachHls(m, source.url);
      if (startAt > 0) m.currentTime = startAt;
    } catch {
      this.#onError();
    } finally {
      this.#attaching = null;
    }
  }
}
