import { useEffect, useRef } from 'react';
import { useI18n } from '../i18n.tsx';
import type { WallWebcast } from './rotation.ts';

type Props = {
  webcast: WallWebcast;
  /** Heard (the one picked) at this volume, percent; else muted, as every preview starts. */
  volume: number | null;
  onPick: () => void;
};

/**
 * One live webcast's preview: its live playlist (`hlsURL` from the webcast API) played muted,
 * through hls.js where the browser has no HLS of its own (loaded with the first preview).
 */
export function LivePreview({ webcast, volume, onPick }: Props) {
  const { t } = useI18n();
  const video = useRef<HTMLVideoElement>(null);
  const url = webcast.hlsURL;

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
  }, [url]);

  useEffect(() => {
    const media = video.current;
    if (!media) return;
    media.muted = volume === null;
    if (volume !== null) media.volume = Math.min(1, Math.max(0, volume / 100));
  }, [volume]);

  const label = t('videoWall.wall.preview', { title: webcast.title || webcast.displayName, name: webcast.displayName });
  return (
    <figure className="video-wall-preview" data-webcast-id={webcast.webcastID}>
      <video ref={video} muted autoPlay playsInline aria-label={label} />
      <figcaption>
        <button type="button" className="video-wall-hear" aria-pressed={volume !== null} onClick={onPick}>
          {volume === null ? t('videoWall.wall.listen') : t('videoWall.wall.mute')}
        </button>
        <strong>{webcast.displayName}</strong>
        {webcast.title && <span>{webcast.title}</span>}
      </figcaption>
    </figure>
  );
}
