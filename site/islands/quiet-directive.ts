import type { ClientDirective } from 'astro';

/**
 * `client:quiet`: hydrates an island once the browser is idle, a moment has passed, and no
 * sermon's first audio is on its way. React is most of a page's JavaScript (57 KB compressed):
 * on a slow connection, fetched while the listener's first press of Play fetches the MP3, it
 * doubled the time to the first sound (bench/README.md, "time to first audio", 2026-12-02).
 * The player's engine needs no React, so Play works meanwhile; islands on every page use this.
 */
const SETTLE_MS = 1000;
/** Hydrates anyway after this long, whatever the player does (a stream that never starts). */
const LONGEST_WAIT_MS = 15_000;
const STARTING = new Set(['loading', 'buffering']);

const players = () => Array.from(document.querySelectorAll<HTMLElement>('[data-player]'));
const starting = () => players().some((player) => STARTING.has(player.dataset.state ?? ''));

const quiet: ClientDirective = (load) => {
  let done = false;
  const hydrate = async () => {
    if (done) return;
    done = true;
    await (await load())();
  };
  const whenStarted = () => {
    if (!starting()) return void hydrate();
    const watch = new MutationObserver(() => {
      if (starting()) return;
      watch.disconnect();
      void hydrate();
    });
    for (const player of players()) watch.observe(player, { attributes: true, attributeFilter: ['data-state'] });
    setTimeout(() => {
      watch.disconnect();
      void hydrate();
    }, LONGEST_WAIT_MS);
  };
  const settle = () => setTimeout(whenStarted, SETTLE_MS);
  if ('requestIdleCallback' in window) requestIdleCallback(settle);
  else settle();
};

export default quiet;
