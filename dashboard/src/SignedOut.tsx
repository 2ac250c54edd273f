import type { Translate } from '@kerygma/i18n/t';

export type SignedOutProps = {
  t: Translate;
  homeHref: string;
  signInHref: string;
};

/** The dashboard shell for a visitor who is not signed in. */
export function SignedOut({ t, homeHref, signInHref }: SignedOutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <header className="top">
        <a className="brand" href={homeHref} aria-label={t('site.logoAlt')}>
          {t('site.name')}
        </a>
      </header>
      <main id="main" className="card" tabIndex={-1} aria-labelledby="dashboard-title">
        <h1 id="dashboard-title">{t('dashboard.title')}</h1>
        <p className="status">{t('dashboard.signedOut')}</p>
        <p>{t('dashboard.signInPrompt')}</p>
        <a className="button" href={signInHref}>
          {t('dashboard.signIn')}
        </a>
      </main>
      <footer className="foot">
        <p>{t('site.footer')}</p>
      </footer>
    </>
  );
}
