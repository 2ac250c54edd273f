import { useEffect, useRef } from 'react';
import { useI18n } from '../i18n.tsx';
import { useLiveStream } from '../webcast/live-stream.ts';
import type { WallWebcast } from './rotation.ts';

type Props = {
  webcast: WallWebcast;
  /** Heard (the one picked) at this volume, percent; else muted, as every preview starts. */
  volume: number | null;
  onPick: () => void;
};

/** One live webcast's preview, muted until picked. */
export function LivePreview({ webcast, volume, onPick }: Props) {
  const { t } = useI18n();
  const video = useRef<HTMLVideoElement>(null);

  useLiveStream(video, webcast.hlsURL);

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
