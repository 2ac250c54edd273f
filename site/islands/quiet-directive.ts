import type { ClientDirective } from 'astro';

/**
 * `client:quiet`: hydrates an island once no sermon's first audio is on its way: as soon as a
 * player starts playing, or when the browser is idle and a moment has passed with none starting.
 * React is most of a page's JavaScript (57 KB compressed): on a slow connection, fetched while
 * the listener's first press of Play fetched the MP3, it doubled the time to the first sound
 * (bench/README.md, "time to first audio", 2026-12-02). The player's engine needs no React, so
 * Play works meanwhile; the islands on every page use this. The docked player's own interface
 * waits until the player is in use (it is hidden until then): a page nobody plays on never
 * loads it.
 */
const SETTLE_MS = 1000;
/** Hydrates anyway after this long, whatever the player does (a stream that never starts). */
const LONGEST_WAIT_MS = 15_000;
const STARTING = new Set(['loading', 'buffering']);

const players = () => Array.from(document.querySelectorAll<HTMLElement>('[data-player]'));
const starting = () => players().some((player) => STARTING.has(player.dataset.state ?? ''));
const playing = () => players().some((player) => player.dataset.state === 'playing');

/**
 * `client:quiet="session"`: the same, but only where someone may be signed in (the indicator
 * cookie the server sets with the session, islands/session/): a signed-out visitor's page keeps
 * the island's server-rendered markup and loads none of its script.
 */
const quiet: ClientDirective = (load, options, el) => {
  if (options.value === 'session' && !document.cookie.includes('kerygma_signed_in=1')) return;
  const own = el.closest<HTMLElement>('[data-player]');
  const unused = () => own?.dataset.state === 'static';
  const ready = () => playing() || (!starting() && !unused());
  let settled = false;
  let done = false;
  const watch = new MutationObserver(() => {
    if (playing() || (settled && ready())) void hydrate();
  });
  const hydrate = async () => {
    if (done) return;
    done = true;
    watch.disconnect();
    await (await load())();
  };
  for (const player of players()) watch.observe(player, { attributes: true, attributeFilter: ['data-state'] });
  if (playing()) return void hydrate();
  const settle = () =>
    setTimeout(() => {
      settled = true;
      if (ready()) void hydrate();
    }, SETTLE_MS);
  if ('requestIdleCallback' in window) requestIdleCallback(settle);
  else settle();
  setTimeout(() => {
    if (!unused()) void hydrate();
  }, LONGEST_WAIT_MS);
};

export default quiet;
