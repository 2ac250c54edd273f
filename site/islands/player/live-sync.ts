/**
 * How many segments behind a live webcast's newest one the player starts and keeps to (hls.js
 * `liveSyncDurationCount`). Two, not hls.js's three: with 2 s segments a viewer sees the
 * service about 6 s after it happens instead of 8.5 s, with one whole segment still in hand
 * against a slow fetch (bench/webcasts.ts reads it to report the latency).
 */
export const LIVE_SYNC_SEGMENTS = 2;
