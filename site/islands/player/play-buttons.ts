import { $nowPlaying, playingNow, requestPlay, requestToggle } from '../../stores/now-playing.ts';
import type { PlayerKind, PlayerSermon } from './types.ts';

/**
 * Play buttons anywhere on the site (PlayerButton.astro, an embed playlist's entries) hand their
 * sermon to the page's player through the now-playing store, and show whether it is the one
 * playing there: `data-playing`, which turns their label from 'Play audio' to 'Pause audio'.
 * A playlist's entries (`data-player-entry`) also show which is the player's sermon, playing or
 * not: `aria-current`. A button with `data-player-start` (a sermon page's `?t=`, PlayerButton.astro)
 * plays from that second at its first press, and is a plain play button after.
 * Plain markup and this one delegated listener, not an island each: a list shows dozens, and a
 * press must work as soon as this module has run (one made before is replayed: start.ts).
 */

export const PLAY_BUTTON = '[data-player-play]';

/** Asks the player to play or pause `button`'s sermon. */
export function press(button: HTMLElement) {
  if (!button.dataset.playerSermon) return;
  const sermon = JSON.parse(button.dataset.playerSermon) as PlayerSermon;
  const kind: PlayerKind = button.dataset.playerPlay === 'video' ? 'video' : 'audio';
  const startAt = Number(button.dataset.playerStart);
  if (startAt > 0) playAt(button, sermon, kind, startAt);
  else requestToggle({ sermon, kind, from: button });
}

/** Plays from `seconds`; the page's 'Play from 12:34' buttons (audio and video) are plain play buttons after. */
function playAt(button: HTMLElement, sermon: PlayerSermon, kind: PlayerKind, seconds: number) {
  for (const b of document.querySelectorAll<HTMLElement>('[data-player-start]')) delete b.dataset.playerStart;
  requestPlay({ sermon, kind, from: button, startAt: seconds });
}

/**
 * Plays the page's sermon `sermonID` from `seconds` (a transcript's line), in the kind its first
 * play button plays; false when the page has no play button for it.
 */
export function playPageSermonAt(sermonID: string, seconds: number): boolean {
  const button = document.querySelector<HTMLElement>(`${PLAY_BUTTON}[data-player-id="${CSS.escape(sermonID)}"]`);
  if (!button?.dataset.playerSermon) return false;
  const sermon = JSON.parse(button.dataset.playerSermon) as PlayerSermon;
  playAt(button, sermon, button.dataset.playerPlay === 'video' ? 'video' : 'audio', seconds);
  return true;
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
