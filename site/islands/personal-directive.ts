import { SIGNED_IN_COOKIE } from '@kerygma/domain/account-values';
import type { ClientDirective } from 'astro';

/**
 * `client:personal`: for islands whose HTML is the same for everyone and only a signed-in
 * listener's state changes them (the follow and bookmark buttons). Someone signed in (the
 * server's `kerygma_signed_in` indicator cookie, set beside the httpOnly session cookies) gets
 * them hydrated once in view, as `client:visible`; anyone else only when they reach for one (a
 * pointer over it, focus, a touch), so a signed-out visitor's sermon page loads none of their
 * JavaScript before any interaction and stays within its 80 KB (bench/README.md). A click that
 * comes before hydration is done is given again once it is.
 */
const SIGNED_IN = `${SIGNED_IN_COOKIE}=1`;
const REACHING = ['pointerover', 'focusin', 'touchstart'] as const;

const personal: ClientDirective = (load, _options, el) => {
  let state: 'waiting' | 'loading' | 'done' = 'waiting';
  let clicked: HTMLElement | null = null;
  const hydrate = async () => {
    if (state !== 'waiting') return;
    state = 'loading';
    for (const type of REACHING) el.removeEventListener(type, hydrate);
    await (await load())();
    state = 'done';
    el.removeEventListener('click', early, true);
    const again = clicked;
    clicked = null;
    // After React has taken the markup over (its hydration finishes in a later task).
    if (again) setTimeout(() => again.isConnected && again.click(), 0);
  };
  const early = (event: Event) => {
    if (state === 'done') return;
    event.preventDefault();
    event.stopPropagation();
    clicked = (event.target as Element | null)?.closest<HTMLElement>('button, a') ?? null;
    void hydrate();
  };
  el.addEventListener('click', early, true);
  if (document.cookie.split(/;\s*/).includes(SIGNED_IN)) {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      void hydrate();
    });
    for (const child of Array.from(el.children)) seen.observe(child);
    if (el.children.length === 0) void hydrate();
  }
  for (const type of REACHING) el.addEventListener(type, hydrate, { passive: true });
};

export default personal;
