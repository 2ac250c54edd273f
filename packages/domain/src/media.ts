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
