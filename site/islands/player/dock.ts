import type { PlayerEngine } from './engine.ts';

/** Astro's `astro:before-swap` event: the page to come, before it replaces this one. */
type BeforeSwap = Event & { newDocument: Document };

/**
 * The docked player across the site's client-side navigations (it is kept: transition:persist).
 *
 * It covers the bottom of the window: the page keeps focused elements above it
 * (`scroll-padding-bottom: var(--player-height)` in layouts/Base.astro). A navigation replaces
 * <html>'s attributes, so the height is set again once the new page is in.
 *
 * A page in another language: the player plays on, in the words of that page's copy of it (its
 * region's name, and its interface's props, which Astro's island renders again).
 */
export function dock(engine: PlayerEngine) {
  const root = engine.root;
  const setHeight = () => {
    if (root.isConnected) document.documentElement.style.setProperty('--player-height', `${root.offsetHeight}px`);
  };
  new ResizeObserver(setHeight).observe(root);
  document.addEventListener('astro:page-load', setHeight);

  let next: HTMLElement | null = null;
  document.addEventListener('astro:before-swap', (e) => {
    next = (e as BeforeSwap).newDocument.querySelector<HTMLElement>('[data-player][data-mode="page"]');
    if (next?.dataset.locale === root.dataset.locale) next = null;
  });
  // The video and its captions in their place for the new page, or for full screen.
  const place = () => {
    engine.placeScreen();
    engine.showCaptions();
  };
  document.addEventListener('astro:after-swap', () => {
    if (next) speakAs(root, next);
    if (next) engine.relabel();
    next = null;
    // Within the task that swapped the pages: a video out of the document until the task ends pauses.
    place();
  });
  document.addEventListener('fullscreenchange', place);
}

/** Takes the words of `copy`, the same player rendered for a page in another language. */
function speakAs(root: HTMLElement, copy: HTMLElement) {
  for (const name of ['locale', 'sermons'] as const) {
    const value = copy.dataset[name];
    if (value !== undefined) root.dataset[name] = value;
  }
  const region = root.querySelector('section');
  const label = copy.querySelector('section')?.getAttribute('aria-label');
  if (region && label) region.setAttribute('aria-label', label);
  // astro-island renders its component again when its props change (as Astro does for a
  // persisted island: marked `ssr` first, which its React renderer asks for).
  const island = root.querySelector('astro-island');
  const props = copy.querySelector('astro-island')?.getAttribute('props');
  if (island && props) {
    island.setAttribute('ssr', '');
    island.setAttribute('props', props);
  }
}
