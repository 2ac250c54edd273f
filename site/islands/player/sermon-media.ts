import type { Media, Sermon } from '@kerygma/domain/catalogue';
import { sizedImage } from '../../lib/images.ts';
import type { PlayerCaption, PlayerSermon, PlayerSource } from './types.ts';

/** Video height of a rendition: its quality label ('720p') or the spec §3 URL rules. */
export function videoHeight(m: Pick<Media, 'quality' | 'streamURL'>): number | null {
  const label = /^(\d{3,4})p$/.exec(m.quality ?? '');
  if (label) return Number(label[1]);
  const url = m.streamURL ?? '';
  if (url.includes('video/1080p')) return 1080;
  if (url.includes('video/high')) return 720;
  if (url.includes('video/low')) return 360;
  return null;
}

const isAdaptive = (m: Media) => m.adaptiveBitrate || /\.m3u8(\?|$)/i.test(m.streamURL ?? '');

/** The MP3 the player starts from: 'high' when there are several (spec §3 "high audio"). */
function pickAudio(items: Media[]): PlayerSource | null {
  const playable = items.filter((m) => m.streamURL && !isAdaptive(m));
  const mp3 = playable.filter((m) => m.mediaType === 'mp3');
  const best = mp3.find((m) => m.quality === 'high') ?? mp3[0] ?? playable[0];
  return best?.streamURL ? { url: best.streamURL, height: null, adaptive: false } : null;
}

function videoSources(items: Media[]): PlayerSource[] {
  const sources = items
    .filter((m) => m.streamURL && m.mediaType === 'mp4')
    .map((m) => ({ url: m.streamURL ?? '', height: isAdaptive(m) ? null : videoHeight(m), adaptive: isAdaptive(m) }));
  // Adaptive first, then the tallest rendition first.
  return sources.sort((a, b) => Number(b.adaptive) - Number(a.adaptive) || (b.height ?? 0) - (a.height ?? 0));
}

/** Names caption languages in the interface language ('de' in English: 'German'). */
export function captionLabeller(uiLanguage: string): (language: string) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([uiLanguage], { type: 'language' });
  } catch {
    names = undefined;
  }
  return (language) => {
    try {
      return names?.of(language) ?? language;
    } catch {
      // Not a valid language tag: show it as it is.
      return language;
    }
  };
}

function captionTracks(items: Media[], uiLanguage: string): PlayerCaption[] {
  const label = captionLabeller(uiLanguage);
  return items
    .filter((m) => m.streamURL ?? m.downloadURL)
    .map((m) => {
      const language = m.language ?? 'und';
      return { url: m.streamURL ?? m.downloadURL ?? '', language, label: label(language) };
    });
}

/**
 * The same sermon for another interface language: its page link in that language (`sermons`:
 * the language's '/sermons' path, '/fr/sermons') and its caption languages named in it.
 */
export function inLanguage(sermon: PlayerSermon, uiLanguage: string, sermons: string): PlayerSermon {
  const label = captionLabeller(uiLanguage);
  return {
    ...sermon,
    pageURL: `${sermons}/${encodeURIComponent(sermon.sermonID)}`,
    captions: sermon.captions.map((c) => ({ ...c, label: label(c.language) })),
  };
}

/** Album art URLs carry a `{size}` placeholder (spec §3); the lock screen wants a large square. */
const sized = (url: string | null | undefined, size: number) => (url ? sizedImage(url, size) : null);
/** The player shows the art 48 px square: 96 px covers screens of two device pixels per px. */
const THUMBNAIL_SIZE = 96;
/** The video's poster: its 640 WebP still, the one the sermon page's play button shows on wide screens. */
const POSTER_WIDTH = 640;

/** Projects a full sermon (with media) onto what the player plays. */
export function toPlayerSermon(sermon: Sermon, pageURL: string, uiLanguage: string): PlayerSermon {
  return {
    sermonID: sermon.sermonID,
    title: sermon.fullTitle,
    language: sermon.languageCode,
    speaker: sermon.speaker.displayName,
    broadcaster: sermon.broadcaster.displayName,
    broadcasterID: sermon.broadcaster.broadcasterID,
    seriesID: sermon.series?.seriesID ?? null,
    pageURL,
    artwork: sized(sermon.speaker.albumArtURL, 512) ?? sized(sermon.broadcaster.albumArtURL, 512),
    thumbnail:
      sized(sermon.speaker.albumArtURL, THUMBNAIL_SIZE) ?? sized(sermon.broadcaster.albumArtURL, THUMBNAIL_SIZE),
    poster: sermon.videoThumbnail && (sized(sermon.videoThumbnailResizable, POSTER_WIDTH) ?? sermon.videoThumbnail),
    durationSeconds: sermon.audioDurationSeconds || sermon.videoDurationSeconds,
    audio: pickAudio(sermon.media.audio),
    video: videoSources(sermon.media.video),
    captions: captionTracks(sermon.media.captions, uiLanguage),
    waveformURL: sermon.waveformPeaksURL,
  };
}
