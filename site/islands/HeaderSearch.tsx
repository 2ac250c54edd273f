import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { type IslandMessages, islandTranslator } from './messages.ts';

type Props = {
  messages: IslandMessages<'nav.search' | 'nav.searchPlaceholder'>;
  /** The search page's address in the page's language. */
  action: string;
  /** The search page's query, shown in the field there. */
  query: string;
};

const FORM = 'header-search';

/**
 * The header's search form and its button on phones (layouts/Base.astro, under 768 px, where
 * the form is hidden): the button opens the form under the brand line with focus in the field;
 * the button again or Escape closes it, focus back on the button. On the server and without
 * JavaScript the button is a plain link to the search page; on wider screens the form is always
 * shown and the button not.
 */
export default function HeaderSearch({ messages, action, query }: Props) {
  const t = islandTranslator(messages);
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLAnchorElement>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => setHydrated(true), []);
  // Once the form is shown (data-open, below): a hidden field takes no focus.
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  const closeOnEscape = (e: KeyboardEvent) => {
    // On wider screens the form is always shown, its button not.
    if (e.key !== 'Escape' || e.defaultPrevented || !open || !button.current?.getClientRects().length) return;
    setOpen(false);
    button.current.focus();
  };

  return (
    <>
      <a
        ref={button}
        className="search-open"
        href={action}
        // A disclosure once hydrated, no longer a way to the search page.
        {...(hydrated && { 'aria-controls': FORM, 'aria-expanded': open })}
        onClick={(e) => {
          e.preventDefault();
          setOpen(!open);
        }}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="sr-only">{t('nav.search')}</span>
      </a>
      {/* biome-ignore lint/a11y/useSemanticElements: the form is the landmark, as the site's other search forms; a <search> around it would be a grid item of its own */}
      <form
        id={FORM}
        className="search"
        role="search"
        aria-label={t('nav.searchPlaceholder')}
        action={action}
        method="get"
        data-open={open ? '' : undefined}
        onKeyDown={closeOnEscape}
      >
        <label className="sr-only" htmlFor="site-search">
          {t('nav.searchPlaceholder')}
        </label>
        <input
          ref={field}
          id="site-search"
          type="search"
          name="q"
          defaultValue={query}
          placeholder={t('nav.searchPlaceholder')}
          minLength={3}
          required
          autoComplete="off"
        />
        <button type="submit">{t('nav.search')}</button>
      </form>
    </>
  );
}
