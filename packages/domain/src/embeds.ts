import type { Media } from './catalogue.ts';

/**
 * Embeddable players (spec §2 "Embeds", §9 popouts): their paths, iframe sizes and markup, shared
 * by the embed pages, the examples page and the oEmbed endpoint so that all three agree.
 */
export type EmbedMedia = 'audio' | 'video';

export const EMBED_PLAYER_BASE = '/embed/classic/player';
export const EMBED_EXAMPLES_PATH = '/embed/classic/examples';

/** Path segment of a media type in embed routes: 'a' audio, 'v' video. */
export const MEDIA_SEGMENT: Record<EmbedMedia, 'a' | 'v'> = { audio: 'a', video: 'v' };

/** The player for one sermon: /embed/classic/player/{a|v}/{sermonID}. */
export function sermonEmbedPath(sermonID: string, media: EmbedMedia): string {
  return `${EMBED_PLAYER_BASE}/${MEDIA_SEGMENT[media]}/${encodeURIComponent(sermonID)}`;
}

/** The broadcaster's latest sermons as a playlist: /embed/classic/player/l/{broadcasterID}. */
export function broadcasterEmbedPath(broadcasterID: string): string {
  return `${EMBED_PLAYER_BASE}/l/${encodeURIComponent(broadcasterID)}`;
}

/**
 * Popout window sizes (§9: 766x720 and 768x720). The spec lists the two sizes without saying
 * which is which; the narrower one is the audio player's, the wider the video player's.
 */
export const POPOUT_SIZE: Record<EmbedMedia, { width: number; height: number }> = {
  audio: { width: 766, height: 720 },
  video: { width: 768, height: 720 },
};

/** window.open features for a popout player. */
export function popoutFeatures(media: EmbedMedia): string {
  const { width, height } = POPOUT_SIZE[media];
  return `popup=yes,width=${width},height=${height}`;
}

export type EmbedKind = EmbedMedia | 'playlist';

/** Default iframe width; the players reflow to any width. */
export const EMBED_WIDTH = 640;
const MIN_WIDTH = 200;

/**
 * Height in pixels the player's title, seek bar, controls and links take at a frame width (its
 * controls wrap onto more rows when narrow), measured in Chromium; a video adds its 16:9 picture
 * on top, a playlist its list below.
 */
const CONTROLS: Record<EmbedKind, readonly (readonly [minWidth: number, height: number])[]> = {
  audio: [
    [560, 320],
    [400, 360],
    [0, 420],
  ],
  video: [
    [560, 220],
    [400, 256],
    [0, 320],
  ],
  playlist: [
    [560, 450],
    [400, 490],
    [0, 550],
  ],
};

function heightAt(kind: EmbedKind, width: number): number {
  const controls = CONTROLS[kind].find(([min]) => width >= min)?.[1] ?? 0;
  return controls + (kind === 'video' ? Math.round((width * 9) / 16) : 0);
}

/**
 * The iframe size for a kind within optional maximums (oEmbed maxwidth/maxheight): the widest
 * frame up to 640 px whose player fits the height; when none fits, the maximum height (the
 * frame scrolls).
 */
export function embedSize(kind: EmbedKind, maxwidth?: number, maxheight?: number): { width: number; height: number } {
  const widest = Math.min(EMBED_WIDTH, maxwidth ?? EMBED_WIDTH);
  if (maxheight === undefined) return { width: widest, height: heightAt(kind, widest) };
  for (let width = widest; width >= Math.min(MIN_WIDTH, widest); width--) {
    const height = heightAt(kind, width);
    if (height <= maxheight) return { width, height };
  }
  return { width: widest, height: maxheight };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The copy-paste iframe markup of an embed (oEmbed html, examples page). */
export function embedIframe(input: { src: string; width: number; height: number; title: string }): string {
  return (
    `<iframe src="${escapeAttribute(input.src)}" width="${input.width}" height="${input.height}" ` +
    `title="${escapeAttribute(input.title)}" style="border:0;max-width:100%" loading="lazy" ` +
    `allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen></iframe>`
  );
}

/**
 * Which medium a sermon's player shows: the one asked for when the sermon has it, else video
 * when there is video, else audio (the same rule as the sermon page). Undefined without media.
 */
export function embedMediaFor(
  media: { audio: readonly Pick<Media, 'streamURL'>[]; video: readonly Pick<Media, 'streamURL'>[] },
  wanted?: EmbedMedia,
): EmbedMedia | undefined {
  const has = { audio: media.audio.some((m) => m.streamURL), video: media.video.some((m) => m.streamURL) };
  if (wanted && has[wanted]) return wanted;
  if (has.video) return 'video';
  if (has.audio) return 'audio';
  return undefined;
}
