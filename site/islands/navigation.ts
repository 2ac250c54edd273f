/**
 * What navigating does on every page of the site's layout (layouts/Base.astro), whatever the
 * page holds: the progress bar, the scroll position kept across client-side navigations, forms
 * that send only their filled fields, and the language cookie set when a language is chosen. Document-wide listeners on links, forms and the
 * router's events, with no markup of their own to render: a plain module, not an island.
 */
import { keepsScroll } from './scroll-rules.ts';

// ---- A language chosen in the language menu is remembered at once (the next page may come from
// the browser's cache), also when it is chosen before the menu's island has hydrated.

document.addEventListener('click', (e) => {
  const a = (e.target as Element).closest?.<HTMLAnchorElement>('a[data-locale-cookie]');
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie, set as the server sets it
  if (a?.dataset.localeCookie) document.cookie = a.dataset.localeCookie;
});

// ---- Progress bar (spec §4): shows 200 ms after a navigation starts, runs 5 s, hides 500 ms after.

const bar = () => document.getElementById('progress');
let timer: ReturnType<typeof setTimeout> | undefined;

function start() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const progress = bar();
    if (progress) progress.className = 'run';
  }, 200);
}

function done() {
  clearTimeout(timer);
  const progress = bar();
  if (progress?.className !== 'run') return;
  progress.className = 'run done';
  timer = setTimeout(() => {
    progress.className = '';
  }, 500);
}

document.addEventListener('click', (e) => {
  const a = (e.target as Element).closest?.<HTMLAnchorElement>('a[href]');
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download') || a.origin !== location.origin) return;
  if (a.pathname === location.pathname && a.search === location.search) return;
  start();
});
document.addEventListener('submit', (e) => {
  if (!e.defaultPrevented) start();
});
document.addEventListener('astro:before-preparation', start);
addEventListener('pageshow', done);
document.addEventListener('astro:page-load', done);

// ---- Scroll position (spec §2, scroll-rules.ts): the router starts each new page at the
// top; where the position is kept, it is put back before the new page is painted. Back and
// forward, and #targets, are the router's own.

let kept: { left: number; top: number } | undefined;
document.addEventListener('astro:before-preparation', (event) => {
  const keep = event.navigationType !== 'traverse' && !event.to.hash;
  kept = keep && keepsScroll(event.from, event.to) ? { left: scrollX, top: scrollY } : undefined;
});
document.addEventListener('astro:after-swap', () => {
  if (kept) scrollTo({ ...kept, behavior: 'instant' });
  kept = undefined;
});

// ---- Forms marked data-drop-empty send only the fields that have a value ('?languageCode=en',
// not '?languageCode=en&eventType=&year='): formdata fires for a plain submission and for the
// router's alike.

document.addEventListener('formdata', (e) => {
  if (!(e.target as Element).hasAttribute('data-drop-empty')) return;
  const empty = [...e.formData].filter(([, value]) => value === '').map(([name]) => name);
  for (const name of empty) e.formData.delete(name);
});
