import { useEffect, useState } from 'react';
import { type IslandMessages, islandTranslator } from './messages.ts';

type Props = { messages: IslandMessages<'hymnal.fillScreen' | 'hymnal.exitFillScreen'> };

/**
 * Full screen for projected words (components/SongFullscreen.astro): a button that says what it
 * does, and once the screen is filled, that it leaves it. Hidden where the browser cannot.
 */
export default function FillScreenButton({ messages }: Props) {
  const t = islandTranslator(messages);
  const [available, setAvailable] = useState(false);
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    if (!document.fullscreenEnabled) return;
    setAvailable(true);
    // Also when the browser leaves full screen by itself (Esc).
    const change = () => setFilled(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', change);
    return () => document.removeEventListener('fullscreenchange', change);
  }, []);
  return (
    <button
      type="button"
      hidden={!available}
      onClick={() => {
        if (document.fullscreenElement) void document.exitFullscreen();
        else document.documentElement.requestFullscreen().catch(() => {});
      }}
    >
      {filled ? t('hymnal.exitFillScreen') : t('hymnal.fillScreen')}
    </button>
  );
}
