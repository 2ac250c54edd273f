/**
 * The header on phones (layouts/Base.astro, under 768 px). Its search button opens the search
 * form under the brand line with focus in the field; the button again or Escape closes it, focus
 * back on the button. Without JavaScript the button is a plain link to the search page. The
 * current section, and a section reached with Tab, are brought fully into view in the row of
 * sections, which scrolls sideways where the four do not fit (the layout's CSS).
 */
const BUTTON = '.top .search-open';
const FORM = 'header-search';
/** Pixels scrolled past a section, clear of the shadow at the row's edge. */
const SLACK = 16;

function setOpen(button: Element, form: HTMLElement, open: boolean) {
  button.setAttribute('aria-expanded', String(open));
  form.toggleAttribute('data-open', open);
}

/** Brings a section fully into view in its row, when that row scrolls sideways. */
function reveal(link: Element) {
  const row = link.closest('.main-nav');
  if (!row || row.scrollWidth <= row.clientWidth) return;
  const box = row.getBoundingClientRect();
  const { left, right } = link.getBoundingClientRect();
  // Scrolls the row alone (scrollIntoView could scroll the page too); physical offsets, so the
  // same in right-to-left pages.
  if (right > box.right) row.scrollLeft += right - box.right + SLACK;
  else if (left < box.left) row.scrollLeft -= box.left - left + SLACK;
}

function setUp() {
  const button = document.querySelector(BUTTON);
  if (button) {
    // A disclosure now, no longer a way to the search page.
    button.setAttribute('aria-controls', FORM);
    button.setAttribute('aria-expanded', 'false');
  }
  const current = document.querySelector('.top .main-nav [aria-current]');
  if (current) reveal(current);
}
document.addEventListener('astro:page-load', setUp);
// The browser scrolls a focused section only as far as to show part of it. Keyboard focus
// only: a tapped link must not move away between press and release.
document.addEventListener('focusin', (e) => {
  const link = (e.target as Element).closest?.('.top .main-nav a');
  if (link?.matches(':focus-visible')) reveal(link);
});

// On the way down (capture), before the router and the progress bar take the click for a link.
document.addEventListener(
  'click',
  (e) => {
    const button = (e.target as Element).closest?.(BUTTON);
    const form = document.getElementById(FORM);
    if (!button || !form) return;
    e.preventDefault();
    const open = button.getAttribute('aria-expanded') !== 'true';
    setOpen(button, form, open);
    if (open) form.querySelector('input')?.focus();
  },
  true,
);

document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape' || e.defaultPrevented) return;
  const form = (e.target as Element).closest?.<HTMLElement>(`#${FORM}[data-open]`);
  const button = document.querySelector<HTMLElement>(BUTTON);
  // On wider screens the form is always shown, its button not.
  if (!form || !button || button.getClientRects().length === 0) return;
  setOpen(button, form, false);
  button.focus();
});
