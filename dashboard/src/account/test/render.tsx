import { englishMessages, translator } from '@kerygma/i18n/t';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nProvider } from '../../i18n.tsx';

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
