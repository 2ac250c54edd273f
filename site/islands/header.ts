/**
 * The header on phones (layouts/Base.astro, under 768 px). Its search button opens the search
 * form under the brand line with focus in the field; the button again or Escape closes it, focus
 * back on the button. Without JavaScript the button is a plain link to the search page.
 */
const BUTTON = '.top .search-open';
const FORM = 'header-search';

function setOpen(button: Element, form: HTMLElement, open: boolean) {
  button.setAttribute('aria-expanded', String(open));
  form.toggleAttribute('data-open', open);
}

function setUp() {
  const button = document.querySelector(BUTTON);
  if (!button) return;
  // A disclosure now, no longer a way to the search page.
  button.setAttribute('aria-controls', FORM);
  button.setAttribute('aria-expanded', 'false');
}
document.addEventListener('astro:page-load', setUp);

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
