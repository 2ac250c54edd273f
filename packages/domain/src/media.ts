import { z } from 'zod';

/** Media rules of the spec that the server, the site and the player share. */

/** Spec §3/§9: audio and video whose durations differ by more than this are unlinked. */
export const AUDIO_VIDEO_MISMATCH_SECONDS = 2;

/**
 * Unlinked media (spec §3): a sermon with both audio and video whose durations differ by more
 * than 2 seconds. The audio is then not the video's soundtrack, so a player switching between
 * them cannot keep the listener's position.
 */
export function isMediaUnlinked(m: {
  hasAudio: boolean;
  hasVideo: boolean;
  audioDurationSeconds: number;
  videoDurationSeconds: number;
}): boolean {
  return (
    m.hasAudio && m.hasVideo && Math.abs(m.audioDurationSeconds - m.videoDurationSeconds) > AUDIO_VIDEO_MISMATCH_SECONDS
  );
}

/** A media item's language (captions are stored per language): ISO 639-1 or -3, with an optional region. */
export const mediaLanguage = z.string().regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/);

/**
 * Widths of a video's WebP thumbnails: the §9 thumbnail sizes 96 and 360, and 640 for the
 * sermon page's poster on wide screens and 2× phones. The media route makes no other size.
 */
export const VIDEO_THUMBNAIL_WIDTHS = [96, 360, 640] as const;

/** Spec §9: a video thumbnail is 0.5625 (9/16) as high as it is wide. */
export const videoThumbnailHeight = (width: number) => Math.round(width * 0.5625);
