import Hls from 'hls.js/light';

/**
 * HLS through hls.js, for browsers without native HLS. Imported on demand: only a video
 * sermon's adaptive stream in such a browser pays for it. The light build (no subtitles, no
 * DRM) is enough: captions are WebVTT <track>s on the media element.
 */
export async function attachHls(media: HTMLMediaElement, url: string): Promise<{ destroy(): void } | null> {
  if (!Hls.isSupported()) {
    media.src = url;
    return null;
  }
  const hls = new Hls({ capLevelToPlayerSize: true, startLevel: -1 });
  const attached = new Promise<void>((resolve) => hls.once(Hls.Events.MEDIA_ATTACHED, () => resolve()));
  hls.attachMedia(media);
  await attached;
  hls.loadSource(url);
  return hls;
}
