/**
 * What the player needs to know about a sermon: a small, serialisable projection of the API's
 * sermon and its media list (spec §3 "Media item"), built once on the server for the page and
 * again in the browser for the next sermon in autoplay.
 */

/** One playable file or stream. */
export type PlayerSource = {
  url: string;
  /** Video height in pixels (1080, 720, 360), null for audio and adaptive streams. */
  height: number | null;
  /** An HLS playlist (adaptive bitrate). */
  adaptive: boolean;
};

/** A WebVTT caption track. */
/** A caption track; `automatic` when a speech-to-text engine made it (issue 26). */
export type PlayerCaption = { url: string; language: string; label: string; automatic?: boolean };

export type PlayerSermon = {
  sermonID: string;
  title: string;
  /** Language of the title (the sermon's language code); missing in positions saved before it. */
  language?: string;
  speaker: string;
  broadcaster: string;
  broadcasterID: string;
  seriesID: number | null;
  /** The sermon page, for the player's title link. */
  pageURL: string;
  /** Square album art for the lock screen (Media Session), if any. */
  artwork: string | null;
  /** The same art at 96 px, for the player's 48 px square; missing in positions saved before it. */
  thumbnail?: string | null;
  /** Video poster frame. */
  poster: string | null;
  durationSeconds: number;
  /** The highest-quality MP3 (fast first byte, no JavaScript needed to decode). */
  audio: PlayerSource | null;
  /** Video renditions, the adaptive stream first when there is one. */
  video: PlayerSource[];
  captions: PlayerCaption[];
  /** Waveform peaks JSON (BBC audiowaveform format), never decoded from audio in the browser. */
  waveformURL: string | null;
};

export type PlayerKind = 'audio' | 'video';
