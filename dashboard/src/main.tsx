import { getLocale, localeFromPath, localizePath } from '@kerygma/i18n/locales';
import { englishMessages, loadMessages, translator } from '@kerygma/i18n/t';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { loadDateLocale } from './dates.ts';
import { I18nProvider } from './i18n.tsx';
import { routes } from './routes.tsx';
import { canonicalDashboardPath, newDashboardFlag } from './shell/area.ts';
import { createQueryClient } from './shell/query.ts';
import { ToastProvider } from './shell/toasts.tsx';
import './styles.css';

async function start(): Promise<void> {
  // The language is the path's prefix, as on every page of the site (spec §2).
  const { locale: code, rest } = localeFromPath(location.pathname);
  const canonical = canonicalDashboardPath(rest, newDashboardFlag(document.cookie));
  if (canonical)
    history.replaceState(history.state, '', `${localizePath(canonical, code)}${location.search}${location.hash}`);

  const locale = getLocale(code);
  const [messages] = await Promise.all([loadMessages(code).catch(() => englishMessages), loadDateLocale(code)]);
  const t = translator(messages, englishMessages, locale.lang);
  document.documentElement.lang = locale.lang;
  document.documentElement.dir = locale.dir;
  document.title = `${t('dashboard.title')} – ${t('site.name')}`;

  const router = createBrowserRouter(routes, { basename: locale.prefix || '/' });
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  createRoot(root).render(
    <StrictMode>
      <I18nProvider value={{ t, locale: code, lang: locale.lang }}>
        <QueryClientProvider client={createQueryClient()}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
