import { englishMessages, translator } from '@kerygma/i18n/t';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nProvider } from '../../i18n.tsx';
import { BroadcasterProvider } from '../../shell/broadcaster.tsx';
import { ToastProvider } from '../../shell/toasts.tsx';

/** Renders an account form as the dashboard does: in English, inside a data router (the leave warning needs one). */
export function renderForm(ui: ReactElement) {
  const t = translator(englishMessages);
  const router = createMemoryRouter([{ path: '/', element: ui }]);
  return render(
    <I18nProvider value={{ t, locale: 'en', lang: 'en' }}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

/** Renders a whole screen for gracechurch's Admin: its queries, toasts and forms, its calls through `fetch`. */
export function renderScreen(ui: ReactElement) {
  return renderForm(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BroadcasterProvider value={{ broadcasterID: 'gracechurch', choices: ['gracechurch'], roles: [2] }}>
        <ToastProvider>{ui}</ToastProvider>
      </BroadcasterProvider>
    </QueryClientProvider>,
  );
}

/** A JSON answer of the API, for a test's `fetch`. */
export function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
