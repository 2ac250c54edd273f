import { useEffect } from 'react';
import type { LanguageLink } from '../lib/language-links.ts';
import { type IslandMessages, islandTranslator } from './messages.ts';

type Props = {
  messages: IslandMessages<'nav.languageCurrent'>;
  /** The page in each language (lib/language-links.ts). */
  links: LanguageLink[];
};

/**
 * The language picker: plain links to the same page in each language inside a native
 * disclosure, which works without JavaScript. Once hydrated, Escape, a click elsewhere or focus
 * moving on closes it (popups.ts). A choice is remembered in the language cookie by the layout's
 * navigation module (its link carries the cookie), hydrated or not.
 */
export default function LanguageSwitcher({ messages, links }: Props) {
  const t = islandTranslator(messages);
  useEffect(() => {
    // Document listeners, shared with the player's pop-ups: loaded in the browser only.
    void import('./popups.ts');
  }, []);
  const name = links.find((l) => l.current)?.name ?? '';
  return (
    <details className="lang" data-popup="">
      <summary>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path
            d="M2.5 12h19M12 2.5c2.6 2.8 3.9 6 3.9 9.5s-1.3 6.7-3.9 9.5c-2.6-2.8-3.9-6-3.9-9.5s1.3-6.7 3.9-9.5z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
        </svg>
        <span className="name" aria-hidden="true">
          {name}
        </span>
        <span className="sr-only">{t('nav.languageCurrent', { language: name })}</span>
      </summary>
      <ul>
        {links.map((l) => (
          <li key={l.code}>
            <a
              href={l.href}
              hrefLang={l.lang}
              lang={l.lang}
              aria-current={l.current ? 'true' : undefined}
              data-locale-cookie={l.cookie}
            >
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
