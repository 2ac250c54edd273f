import { getLocale, localizePath, pickLocale, readLocaleCookie } from '@kerygma/i18n/locales';
import { englishMessages, loadMessages, translator } from '@kerygma/i18n/t';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SignedOut } from './SignedOut.tsx';
import './styles.css';

const LOGIN_NEXT = '/dashboard';

async function start(): Promise<void> {
  const code = pickLocale({
    cookie: readLocaleCookie(document.cookie),
    acceptLanguage: navigator.languages,
  });
  const locale = getLocale(code);
  // Only the chosen catalogue is fetched; English is bundled as the fallback.
  const messages = await loadMessages(code).catch(() => englishMessages);
  const t = translator(messages);

  document.documentElement.lang = locale.lang;
  document.documentElement.dir = locale.dir;
  document.title = `${t('dashboard.title')} – ${t('site.name')}`;

  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  createRoot(root).render(
    <StrictMode>
      <SignedOut
        t={t}
        homeHref={localizePath('/', code)}
        signInHref={`${localizePath('/user/login', code)}?next=${LOGIN_NEXT}`}
      />
    </StrictMode>,
  );
}

void start();
