import { SIGNED_IN_COOKIE } from '@kerygma/domain/account-values';
import { answerRequests } from '../../stores/now-playing.ts';
import { dock } from './dock.ts';
import { PlayerEngine } from './engine.ts';
import { listenForShortcuts } from './keyboard.ts';
import { PLAY_BUTTON, press, wirePlayButtons } from './play-buttons.ts';
import { $engine } from './view.ts';

/**
 * The player's engine, loaded at once on every page with a player (Player.astro): it starts
 * the page's player, takes play presses and answers the now-playing requests, without waiting
 * for the React interface (Controls.tsx, hydrated when the page is idle). Runs once per visit:
 * the docked player is kept across client-side navigations.
 */

/** Set by Player.astro's inline script: presses made before this module ran. */
type Early = { kgPlayerQueue?: HTMLElement[]; kgPlayerReady?: boolean };

/** The player's own Play while its interface is not hydrated yet (an embed's, shown from the first paint). */
const OWN_PLAY = '[data-player] astro-island[ssr] [data-act="toggle"]';

const root = document.querySelector<HTMLElement>('[data-player]');
if (root) {
  const engine = new PlayerEngine(root);
  if (engine.mode === 'page') dock(engine);
  listenForShortcuts(engine);
  wirePlayButtons();
  document.addEventListener('click', (e) => {
    if ((e.target as Element | null)?.closest?.(OWN_PLAY)) engine.toggle();
  });
  const early = window as Early;
  early.kgPlayerReady = true;
  // Only the last press counts; it is still within the click's user activation, so it may play.
  const pressed = early.kgPlayerQueue?.at(-1);
  early.kgPlayerQueue = [];
  const ownPlay = pressed?.matches(OWN_PLAY) === true;
  engine.start(ownPlay);
  answerRequests({ play: (r) => engine.playRequest(r), toggle: (r) => engine.toggleRequest(r) });
  $engine.set(engine);
  // Play positions on the listener's account (position-sync.ts), fetched only for someone signed
  // in: the server's indicator cookie says so before the session is loaded. Checked again after
  // each navigation, as the player outlives them and a sign-in is one.
  const startSync = () => {
    if (!document.cookie.split(/;\s*/).includes(`${SIGNED_IN_COOKIE}=1`)) return;
    document.removeEventListener('astro:page-load', startSync);
    void import('./position-sync.ts').then(({ startPositionSync }) => startPositionSync(engine));
  };
  document.addEventListener('astro:page-load', startSync);
  startSync();
  if (pressed?.isConnected && pressed.matches(PLAY_BUTTON)) press(pressed);
}
