// @vitest-environment happy-dom
import { englishMessages, translator } from '@kerygma/i18n/t';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n.tsx';
import { ToastProvider } from '../../shell/toasts.tsx';
import { sermon } from '../sermon.fixture.ts';
import { draftKey, type EditorPickers, type SermonConfig, SermonFieldsForm } from './SermonFieldsForm.tsx';

/**
 * The sermon editor's form as a broadcaster uses it: what it refuses before anything is sent
 * (spec §5), the hashtags its keywords become, and unsaved work kept when the tab is closed.
 */
const config: SermonConfig = {
  eventTypes: [
    { description: 'Sunday Service', displayEventType: 'Sunday Service' },
    { description: 'Bible Study', displayEventType: 'Bible Study' },
  ],
  defaultEventType: 'Sunday Service',
  languages: [{ languageCode: 'en', name: 'English', localizedName: 'English' }],
  publishStates: ['draft', 'scheduled', 'published', 'unpublished'],
  limits: {},
  deletedSermonKeptDays: 30,
  timeZone: 'America/New_York',
};
const pickers: EditorPickers = {
  speakers: [
    {
      speakerID: 7,
      displayName: 'Ann Preacher',
      sortName: 'Preacher, Ann',
      bio: '',
      broadcasterLock: 'gracechurch',
      sermonCount: 1,
      editable: true,
    },
  ],
  series: [],
};

function renderForm() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <SermonFieldsForm sermon={sermon} config={config} pickers={pickers} onSaved={() => undefined} />,
      },
    ],
    { initialEntries: ['/'] },
  );
  return render(
    <I18nProvider value={{ t: translator(englishMessages), locale: 'en', lang: 'en' }}>
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the sermon editor form', () => {
  it('refuses an empty title and says why, next to the field', async () => {
    renderForm();
    type('Title', '   ');
    await save();
    expect(await screen.findByText('Enter a title.')).toBeTruthy();
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a Bible passage past the end of a book', async () => {
    renderForm();
    type('Bible passage', 'John 22:1');
    await save();
    expect(await screen.findByText(/This passage is not in the Bible/)).toBeTruthy();
  });

  it('accepts a real passage', async () => {
    renderForm();
    type('Bible passage', 'Romans 5:1-11');
    type('Title', '<b>Peace</b>');
    await save();
    expect(screen.queryByText(/This passage is not in the Bible/)).toBeNull();
    // The title is refused for its markup, not the passage.
    expect(await screen.findByText('This may not contain HTML.')).toBeTruthy();
  });

  it('shows the hashtags the keywords become', async () => {
    renderForm();
    type('Keywords', 'grace #Hope grace');
    const tags = await screen.findByRole('list', { name: 'Hashtags' });
    expect(tags.textContent).toBe('#grace#Hope');
  });

  it('keeps unsaved changes when the tab is closed and brings them back', async () => {
    const first = renderForm();
    type('Title', 'The Good Shepherd, part 2');
    expect(JSON.parse(localStorage.getItem(draftKey(sermon.sermonID)) ?? '{}').fullTitle).toBe(
      'The Good Shepherd, part 2',
    );
    first.unmount();
    renderForm();
    expect(field('Title').value).toBe('The Good Shepherd, part 2');
    expect(screen.getByText('Your unsaved changes from before were restored.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Discard them' }));
    });
    expect(field('Title').value).toBe('The Good Shepherd');
    expect(localStorage.getItem(draftKey(sermon.sermonID))).toBeNull();
  });

  it('locks the language once media are uploaded', () => {
    sermon.hasAudio = true;
    try {
      renderForm();
      expect((screen.getByLabelText('Language') as HTMLSelectElement).disabled).toBe(true);
    } finally {
      sermon.hasAudio = false;
    }
  });
});
