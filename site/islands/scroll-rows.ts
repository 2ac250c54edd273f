/**
 * Rows of links that scroll sideways on phones (`.scroll-row`, layouts/Base.astro: the header's
 * sections, the sermon lists): the current link is brought fully into view when a page shows,
 * where the browser has not already (scroll-initial-target there), and so is each link reached
 * with Tab (the browser scrolls a focused link only as far as to show part of it). Keyboard
 * focus only: a tapped link must not move away between press and release.
 */

/** Pixels scrolled past a link, clear of the shadow at the row's edge. */
const SLACK = 16;

/** Brings a link fully into view in its row, when that row scrolls sideways. */
function reveal(link: Element) {
  const row = link.closest('.scroll-row');
  if (!row || row.scrollWidth <= row.clientWidth) return;
  const box = row.getBoundingClientRect();
  const { left, right } = link.getBoundingClientRect();
  // Scrolls the row alone (scrollIntoView could scroll the page too); physical offsets, so the
  // same in right-to-left pages.
  if (right > box.right) row.scrollLeft += right - box.right + SLACK;
  else if (left < box.left) row.scrollLeft -= box.left - left + SLACK;
}

document.addEventListener('astro:page-load', () => {
  for (const current of document.querySelectorAll('.scroll-row [aria-current]')) reveal(current);
});
document.addEventListener('focusin', (e) => {
  const link = (e.target as Element).closest?.('.scroll-row a');
  if (link?.matches(':focus-visible')) reveal(link);
});
