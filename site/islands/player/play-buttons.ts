import { $nowPlaying, playingNow, requestToggle } from '../../stores/now-playing.ts';
import type { PlayerKind, PlayerSermon } from './types.ts';

/**
 * Play buttons anywhere on the site (PlayerButton.astro, an embed playlist's entries) hand their
 * sermon to the page's player through the now-playing store, and show whether it is the one
 * playing there: `data-playing`, which turns their label from 'Play audio' to 'Pause audio'.
 * A playlist's entries (`data-player-entry`) also show which is the player's sermon, playing or
 * not: `aria-current`.
 * Plain markup and this one delegated listener, not an island each: a list shows dozens, and a
 * press must work as soon as this module has run (one made before is replayed: start.ts).
 */

export const PLAY_BUTTON = '[data-player-play]';

/** Asks the player to play or pause `button`'s sermon. */
export function press(button: HTMLElement) {
  if (!button.dataset.playerSermon) return;
  const sermon = JSON.parse(button.dataset.playerSermon) as PlayerSermon;
  const kind: PlayerKind = button.dataset.playerPlay === 'video' ? 'video' : 'audio';
  requestToggle({ sermon, kind, from: button });
}

function showState() {
  const np = $nowPlaying.get();
  for (const button of document.querySelectorAll<HTMLElement>(PLAY_BUTTON)) {
    const id = button.dataset.playerId;
    const kind = button.dataset.playerPlay === 'video' ? 'video' : 'audio';
    button.dataset.playing = String(id !== undefined && playingNow(np, id, kind));
    // Until the player has its sermon, the entry the server (or an early press) marked stays marked.
    if (button.dataset.playerEntry === undefined || !np.sermon) continue;
    if (np.sermon.sermonID === id) button.setAttribute('aria-current', 'true');
    else button.removeAttribute('aria-current');
  }
}

export function wirePlayButtons() {
  document.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest?.<HTMLElement>(PLAY_BUTTON);
    if (!button) return;
    e.preventDefault();
    press(button);
  });
  $nowPlaying.subscribe(showState);
  // A new page may hold play buttons of the sermon playing.
  document.addEventListener('astro:page-load', showState);
  // A video's frame says which pointer came over it last (PlayerButton.astro): hover shows its
  // label only for a mouse, as a tap leaves the frame :hover, also where a mouse is at hand.
  document.addEventListener('pointerover', (e) => {
    const frame = (e.target as Element | null)?.closest?.<HTMLElement>('[data-player-frame]');
    if (frame) frame.dataset.pointer = e.pointerType;
  });
}
