import type { Level } from './stream-health.ts';

/**
 * The keyframe interval's health (spec §4, §8 "keyframes"): players join and the HLS packager
 * cuts segments only at keyframes, so an encoder sending one every 10 s makes 10 s segments
 * and slow starts. The packager copies the stream (`-c copy`) and cuts at the first keyframe
 * after each segment's target length, so a segment longer than that target measures the
 * interval. Above KEYFRAME_LIMIT_SECONDS (the 4 s live platforms ask for; OBS's default is 2 s)
 * it is rated high.
 */
export const KEYFRAME_LIMIT_SECONDS = 4;
/** Segment durations are rounded, and a keyframe may land just after the target. */
const TOLERANCE_SECONDS = 0.5;
/** How many of the latest segments are looked at. */
const RECENT_SEGMENTS = 3;

/** The longest of the latest segments since the playlist's last discontinuity (seconds); null before one. */
export function recentSegmentSeconds(playlist: string): number | null {
  const lines = playlist.split('\n');
  const since = lines.findLastIndex((l) => l.startsWith('#EXT-X-DISCONTINUITY')) + 1;
  const durations = lines
    .slice(since)
    .filter((l) => l.startsWith('#EXTINF:'))
    .map((l) => Number.parseFloat(l.slice('#EXTINF:'.length)))
    .filter((d) => Number.isFinite(d))
    .slice(-RECENT_SEGMENTS);
  return durations.length ? Math.max(...durations) : null;
}

export function rateKeyframes(segmentSeconds: number, targetSeconds: number): Level {
  return segmentSeconds > Math.max(KEYFRAME_LIMIT_SECONDS, targetSeconds) + TOLERANCE_SECONDS ? 'high' : 'normal';
}
