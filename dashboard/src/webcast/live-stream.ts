import { type RefObject, useEffect } from 'react';

/**
 * Plays a live HLS playlist (`hlsURL` from the webcast API) in a video element, muted as it
 * starts, through hls.js where the browser has no HLS of its own (loaded with the first stream):
 * the webcast screen's live preview and the video wall's previews.
 */
export function useLiveStream(video: RefObject<HTMLVideoElement | null>, url: string | null | undefined) {
  useEffect(() => {
    const media = video.current;
    if (!media || !url) return;
    let stopped = false;
    let hls: { destroy(): void } | null = null;
    const play = () => void media.play().catch(() => undefined);
    if (media.canPlayType('application/vnd.apple.mpegurl')) {
      media.src = url;
      play();
    } else {
      void import('hls.js/light').then(({ default: Hls }) => {
        if (stopped || !Hls.isSupported()) return;
        const player = new Hls({ capLevelToPlayerSize: true, liveDurationInfinity: true });
        player.on(Hls.Events.MANIFEST_PARSED, play);
        // A live stream that stalls (a publisher's dropped connection) is asked for again.
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) player.startLoad();
        });
        player.attachMedia(media);
        player.loadSource(url);
        hls = player;
      });
    }
    return () => {
      stopped = true;
      hls?.destroy();
      media.removeAttribute('src');
      media.load();
    };
  }, [video, url]);
}
