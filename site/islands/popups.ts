/**
 * Pop-ups: native disclosures (`<details data-popup>`) whose content lies over the page, such
 * as the language menu (islands/LanguageSwitcher.tsx) and the player's settings and
 * shortcuts list (components/Player.astro). As the ARIA APG disclosure pattern has it, Escape
 * closes the innermost one holding focus and returns focus to its summary (others open close
 * too); one closes when focus moves out of it, the window loses focus, or a click lands outside.
 * Without JavaScript they still open and close with their summary.
 */
const OPEN = 'details[data-popup][open]';

const openPopups = () => document.querySelectorAll<HTMLDetailsElement>(OPEN);

document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape' || e.defaultPrevented) return;
  const holder = (e.target as Element).closest?.<HTMLDetailsElement>(OPEN);
  if (!holder) {
    for (const popup of openPopups()) popup.open = false;
    return;
  }
  holder.open = false;
  holder.querySelector<HTMLElement>(':scope > summary')?.focus();
});

document.addEventListener('focusout', () => {
  // Where focus went is known once it got there. Focus on <body> is a click on something that
  // takes no focus (text in the pop-up, or any link in Safari): clicks are handled below.
  setTimeout(() => {
    const to = document.activeElement;
    const away = !document.hasFocus();
    for (const popup of openPopups()) if (away || (to !== document.body && !popup.contains(to))) popup.open = false;
  });
});

document.addEventListener('click', (e) => {
  for (const popup of openPopups()) if (!popup.contains(e.target as Node)) popup.open = false;
});

// Nothing to import by name: the listeners above are added when the module is loaded (by
// `import('./popups.ts')` in an island once hydrated, or a page's script).
export {};
