import Hls from 'hls.js/light';
import { LIVE_SYNC_SEGMENTS } from './live-sync.ts';

/**
 * HLS through hls.js, for browsers without native HLS. Imported on demand: only a video
 * sermon's adaptive stream in such a browser pays for it. The light build (no subtitles, no
 * DRM) is enough: captions are WebVTT <track>s on the media element.
 */
export async function attachHls(
  media: HTMLMediaElement,
  url: string,
  options: { live?: boolean } = {},
): Promise<{ destroy(): void } | null> {
  if (!Hls.isSupported()) {
    media.src = url;
    return null;
  }
  // A live webcast starts LIVE_SYNC_SEGMENTS behind its edge and stays near it (live.ts).
  const live = options.live ? { liveSyncDurationCount: LIVE_SYNC_SEGMENTS, liveMaxLatencyDurationCount: 10 } : {};
  const hls = new Hls({ capLevelToPlayerSize: true, startLevel: -1, ...live });
  const attached = new Promise<void>((resolve) => hls.once(Hls.Events.MEDIA_ATTACHED, () => resolve()));
  hls.attachMedia(media);
  await attached;
  hls.loadSource(url);
  return hls;
}
