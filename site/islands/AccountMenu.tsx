import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { $user } from '../stores/session.ts';
import { type IslandMessages, islandTranslator } from './messages.ts';
import { loadSession, signOut } from './session/index.ts';

export const ACCOUNT_MENU_MESSAGES = [
  'nav.signIn',
  'nav.signOut',
  'nav.library',
  'nav.settings',
  'nav.account',
] as const;

type Props = {
  messages: IslandMessages<(typeof ACCOUNT_MENU_MESSAGES)[number]>;
  /** The sign-in page with `next` naming this page. */
  signInHref: string;
  libraryHref: string;
  settingsHref: string;
};

const personIcon = (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * The header's account menu (layouts/Base.astro): a link to sign in, rendered on the server for
 * everyone (pages are cached and shared), or, once someone is signed in, their name opening a
 * menu of Library, Settings and Sign out. Hydrated `client:quiet="session"`: only when the
 * signed-in indicator cookie is there (islands/quiet-directive.ts), so a signed-out visitor's
 * page loads none of its script. Its slot has a fixed size: nothing moves when the name replaces
 * the link.
 */
export default function AccountMenu({ messages, signInHref, libraryHref, settingsHref }: Props) {
  const t = islandTranslator(messages);
  const user = useStore($user);
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useId();
  useEffect(() => {
    setHydrated(true);
    void loadSession();
  }, []);
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('focusin', away);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('focusin', away);
    };
  }, [open]);

  // The first render matches the server's (signed out); the user comes after hydration.
  if (!hydrated || !user) {
    return (
      <div className="account">
        <a className="account-open" href={signInHref}>
          {personIcon}
          <span className="account-label">{t('nav.signIn')}</span>
        </a>
      </div>
    );
  }
  const name = user.display_name || user.username;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the menu from anywhere inside it
    <div
      className="account"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="account-open"
        aria-expanded={open}
        aria-controls={menu}
        aria-label={t('nav.account', { name })}
        onClick={() => setOpen(!open)}
      >
        {personIcon}
        <span className="account-label" data-testid="account-name">
          {name}
        </span>
      </button>
      <ul id={menu} className="account-menu" hidden={!open}>
        <li>
          <a href={libraryHref}>{t('nav.library')}</a>
        </li>
        <li>
          <a href={settingsHref}>{t('nav.settings')}</a>
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              void signOut().catch(() => undefined);
            }}
          >
            {t('nav.signOut')}
          </button>
        </li>
      </ul>
    </div>
  );
}
