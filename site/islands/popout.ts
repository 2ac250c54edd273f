import { $nowPlaying } from '../stores/now-playing.ts';
import type { PlayerEngine } from './player/engine.ts';
import { $engine } from './player/view.ts';

/**
 * An embed's pop out (spec §9 sizes; layouts/Embed.astro loads it on embed pages only): its link
 * (`data-popout`, the window's features) opens the player in a window of its own, carrying on
 * from where the frame's player was (`t`, seconds; `autoplay=1` when it was playing), and the
 * frame's player pauses. On the popout's page it applies them through the player's engine.
 * Not an island: one document-wide listener and no markup of its own, and React would cost
 * an embed page that has not loaded it yet 60 KB.
 */

document.addEventListener('click', (e) => {
  const a = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-popout]');
  if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
  const engine = $engine.get();
  const { position } = $nowPlaying.get();
  const url = new URL(a.href);
  if (position > 0) url.searchParams.set('t', String(Math.floor(position)));
  if (engine?.playing) url.searchParams.set('autoplay', '1');
  if (window.open(url.href, 'kerygma-player', a.dataset.popout)) {
    e.preventDefault();
    engine?.media.pause();
  }
});

const query = new URLSearchParams(location.search);
const startAt = Number(query.get('t'));
const autoplay = query.get('autoplay') === '1';

function carryOn(engine: Readonly<PlayerEngine>) {
  if (startAt > 0) engine.seek(startAt);
  if (autoplay) void engine.play();
}

if (startAt > 0 || autoplay) {
  const engine = $engine.get();
  if (engine) carryOn(engine);
  else {
    // The engine starts in the player's own module; should it come after this one, it is awaited.
    const stop = $engine.listen((started) => {
      if (!started) return;
      stop();
      carryOn(started);
    });
  }
}
