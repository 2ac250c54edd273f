import type { PlayerKind, PlayerSermon } from './types.ts';

/**
 * What the player shows of a loaded sermon, in one place for the server and the browser
 * (Player.astro and Controls.tsx, rendered on both), so taking over an embed changes nothing
 * visible. Free of the DOM.
 */

/** 75 → '1:15', 3723 → '1:02:03' (same rule as site/lib/format.ts formatDuration). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/**
 * The kind the player plays when asked for `kind`: video only when the sermon has one, and
 * video anyway when it has no audio. Undefined when there is nothing to play.
 */
export function playableKind(sermon: PlayerSermon, kind: PlayerKind): PlayerKind | undefined {
  const asked: PlayerKind = kind === 'video' && sermon.video.length > 0 ? 'video' : 'audio';
  if (asked === 'audio' && !sermon.audio && sermon.video.length === 0) return undefined;
  return sermon.audio || asked === 'video' ? asked : 'video';
}

export type PlayerMeta = {
  /** The title, linked to the sermon's page, in the sermon's language when known. */
  title: string;
  href: string;
  lang: string | undefined;
  byline: string;
  /** Album art (shown 48 px square: the 96 px size when known), null for none. */
  artwork: string | null;
  /** The 16:9 screen (and the fullscreen button) are shown: a video. */
  video: boolean;
  /** The video's poster frame ('' for audio or none). */
  poster: string;
};

export function playerMeta(s: PlayerSermon, kind: PlayerKind): PlayerMeta {
  const video = kind === 'video';
  return {
    title: s.title,
    href: s.pageURL,
    lang: s.language || undefined,
    byline: `${s.speaker} · ${s.broadcaster}`,
    artwork: s.thumbnail || s.artwork || null,
    video,
    poster: video ? (s.poster ?? '') : '',
  };
}
