// @vitest-environment happy-dom
import { type FeedImport, feedImportSchema } from '@kerygma/domain/contracts/feed-import';
import { englishMessages, translator } from '@kerygma/i18n/t';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n.tsx';
import { BroadcasterProvider } from '../shell/broadcaster.tsx';
import { ToastProvider } from '../shell/toasts.tsx';
import FeedImportScreen from './FeedImportScreen.tsx';
import { POLL_MS } from './feed-import-api.ts';

/**
 * The feed import screen as a broadcaster uses it, against answers shaped by the contract (each
 * parsed with its schema, so a contract change breaks these tests): the feed read, a preacher's
 * two spellings merged, an item left out, the import started and followed to its end.
 */
const item = (guid: string, title: string, speakerName: string, extra: Partial<FeedImport['items'][number]> = {}) => ({
  guid,
  title,
  preachDate: '2026-11-01',
  description: '',
  speakerName,
  seriesTitle: 'Romans',
  bibleText: 'Romans 8:1-11',
  enclosureURL: `https://old-host.example/${guid}.mp3`,
  enclosureType: 'audio/mpeg',
  durationSeconds: 2465,
  include: true,
  alreadyImported: false,
  sermonID: null,
  mediaState: null,
  error: null,
  ...extra,
});

const PREVIEW: FeedImport = feedImportSchema.parse({
  importID: 7,
  broadcasterID: 'gracechurch',
  sourceURL: 'https://old-host.example/feed.xml',
  state: 'preview',
  channel: {
    title: 'Grace Church Sermons',
    description: 'Sunday sermons',
    author: 'Grace Church',
    imageURL: 'https://old-host.example/cover.jpg',
    languageCode: 'en',
    link: 'https://grace.example',
  },
  newFeedURL: 'http://kerygma.test/broadcasters/gracechurch/podcast.xml',
  publish: 'published',
  speakers: [
    { name: 'John Smith', sermonCount: 2, speakerID: null, mergeInto: null },
    { name: 'Jon Smith', sermonCount: 1, speakerID: null, mergeInto: null },
  ],
  series: [{ title: 'Romans', sermonCount: 3, seriesID: null }],
  items: [
    item('ep-1', 'No Condemnation', 'John Smith'),
    item('ep-2', 'Life in the Spirit', 'Jon Smith'),
    item('ep-3', 'More than Conquerors', 'John Smith'),
    item('ep-0', 'An Older Sermon', 'John Smith', { alreadyImported: true }),
  ],
  progress: { total: 0, imported: 0, mediaDone: 0, mediaFailed: 0 },
  createdAt: 1_796_000_000,
});

/** What the screen asked the API, and the import the fake server holds. */
let sent: { method: string; path: string; body: unknown }[];
let held: FeedImport;
/** What the next GET of an import under way answers. */
let nextProgress: ((current: FeedImport) => FeedImport) | null;

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const hold = (next: unknown) => {
  held = feedImportSchema.parse(next);
  return answer(held);
};

type Patch = {
  publish?: FeedImport['publish'];
  speakers?: { name: string; mergeInto: string | null }[];
  items?: { guid: string; include?: boolean; seriesTitle?: string | null }[];
};

/** The server's rules, as far as the screen sees them: a merge renames the speaker's items. */
function applyPatch(current: FeedImport, patch: Patch): FeedImport {
  const merges = new Map((patch.speakers ?? []).map((s) => [s.name, s.mergeInto]));
  const changes = new Map((patch.items ?? []).map((i) => [i.guid, i]));
  return {
    ...current,
    publish: patch.publish ?? current.publish,
    speakers: current.speakers.map((s) => (merges.has(s.name) ? { ...s, mergeInto: merges.get(s.name) ?? null } : s)),
    items: current.items.map((i) => ({
      ...i,
      speakerName: merges.get(i.speakerName) ?? i.speakerName,
      include: changes.get(i.guid)?.include ?? i.include,
      seriesTitle:
        changes.get(i.guid)?.seriesTitle !== undefined ? (changes.get(i.guid)?.seriesTitle ?? null) : i.seriesTitle,
    })),
  };
}

beforeEach(() => {
  sent = [];
  held = PREVIEW;
  nextProgress = null;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://kerygma.test').pathname.replace(/^.*\/api\/v2/, '');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    if (method === 'POST' && path === '/node/broadcasters/gracechurch/feed-imports') {
      if (body.url === 'https://old-host.example/not-a-feed')
        return answer({ errors: { url: 'This is not a podcast feed.' }, status: 422, code: 'unprocessable' }, 422);
      return hold(PREVIEW);
    }
    if (method === 'GET' && path === '/node/broadcasters/gracechurch/feed-imports') return answer({ results: [] });
    if (method === 'GET' && path === '/node/feed-imports/7') {
      if (nextProgress) held = feedImportSchema.parse(nextProgress(held));
      return answer(held);
    }
    if (method === 'PATCH' && path === '/node/feed-imports/7') return hold(applyPatch(held, body));
    if (method === 'POST' && path === '/node/feed-imports/7/start') {
      const chosen = held.items.filter((i) => i.include && !i.alreadyImported);
      return hold({
        ...held,
        state: 'importing',
        items: held.items.map((i, n) =>
          chosen.includes(i) ? { ...i, sermonID: `11260${n}`, mediaState: 'fetching' } : i,
        ),
        progress: { total: chosen.length, imported: chosen.length, mediaDone: 0, mediaFailed: 0 },
      });
    }
    return answer({ errors: {}, status: 404, code: 'not_found' }, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function open(path = '/dashboard-beta/feed-import?importID=7') {
  const router = createMemoryRouter([{ path: '/:area/feed-import', element: <FeedImportScreen /> }], {
    initialEntries: [path],
  });
  render(
    <I18nProvider value={{ t: translator(englishMessages), locale: 'en', lang: 'en' }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <BroadcasterProvider value={{ broadcasterID: 'gracechurch', choices: ['gracechurch'], roles: [3] }}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </BroadcasterProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return router;
}

const itemsTable = () => screen.getByRole('table', { name: "The feed's items. Untick an item to leave it out." });
const speakerOf = (title: string) =>
  within(within(itemsTable()).getByRole('row', { name: new RegExp(title) })).getAllByRole('cell')[2]?.textContent;
const writes = () => sent.filter((r) => r.method !== 'GET');

describe('the feed import screen', () => {
  it('reads a pasted address into the preview, and shows the server’s reason by the field when it is no feed', async () => {
    const router = open('/dashboard-beta/feed-import');
    const address = await screen.findByLabelText('Feed address');
    fireEvent.change(address, { target: { value: 'https://old-host.example/not-a-feed' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Read the feed' })));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The feed could not be read: This is not a podcast feed.',
    );
    expect(address.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(address, { target: { value: 'https://old-host.example/feed.xml' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Read the feed' })));
    expect(await screen.findByRole('heading', { name: 'Grace Church Sermons' })).toBeTruthy();
    expect(router.state.location.search).toBe('?importID=7');
    expect(writes().at(-1)).toEqual({
      method: 'POST',
      path: '/node/broadcasters/gracechurch/feed-imports',
      body: { url: 'https://old-host.example/feed.xml' },
    });
    expect(screen.getByText('By Grace Church')).toBeTruthy();
    expect(screen.getByLabelText('New feed address')).toHaveProperty('value', PREVIEW.newFeedURL);
    // The item already imported has no checkbox: it cannot be imported twice.
    const older = within(itemsTable()).getByRole('row', { name: /An Older Sermon/ });
    expect(within(older).getByText('Already imported')).toBeTruthy();
    expect(within(older).queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('3 of 3 items will be imported.')).toBeTruthy();
  });

  it('merges one spelling of a preacher into the other', async () => {
    open();
    const merge = await screen.findByRole('combobox', { name: 'Import Jon Smith as' });
    expect(
      within(merge)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Keep as is', 'John Smith']);
    expect(speakerOf('Life in the Spirit')).toBe('Jon Smith');

    await act(async () => fireEvent.change(merge, { target: { value: 'John Smith' } }));
    expect(writes()).toEqual([
      {
        method: 'PATCH',
        path: '/node/feed-imports/7',
        body: { speakers: [{ name: 'Jon Smith', mergeInto: 'John Smith' }] },
      },
    ]);
    expect(speakerOf('Life in the Spirit')).toBe('John Smith');
    expect(screen.getByRole('combobox', { name: 'Import Jon Smith as' })).toHaveProperty('value', 'John Smith');
  });

  it('takes an item out of its series', async () => {
    open();
    const series = await screen.findByRole('combobox', { name: 'Series of “Life in the Spirit”' });
    expect(series).toHaveProperty('value', 'Romans');
    await act(async () => fireEvent.change(series, { target: { value: '' } }));
    expect(writes()).toEqual([
      { method: 'PATCH', path: '/node/feed-imports/7', body: { items: [{ guid: 'ep-2', seriesTitle: null }] } },
    ]);
    expect(screen.getByRole('combobox', { name: 'Series of “Life in the Spirit”' })).toHaveProperty('value', '');
  });

  it('leaves an item out, then imports and follows the progress until it is done', async () => {
    open();
    const box = await screen.findByRole('checkbox', { name: 'Import “More than Conquerors”' });
    await act(async () => fireEvent.click(box));
    expect(writes()).toEqual([
      { method: 'PATCH', path: '/node/feed-imports/7', body: { items: [{ guid: 'ep-3', include: false }] } },
    ]);
    expect(screen.getByRole('checkbox', { name: 'Import “More than Conquerors”' })).toHaveProperty('checked', false);
    expect(screen.getByText('2 of 3 items will be imported.')).toBeTruthy();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Import' })));
    expect(writes().at(-1)).toEqual({ method: 'POST', path: '/node/feed-imports/7/start', body: undefined });
    const status = await screen.findByText(/sermons made/);
    expect(status.textContent).toBe('2 of 2 sermons made; media ready for 0, failed for 0.');
    expect(status.closest('[aria-live="polite"]')).toBeTruthy();
    const progress = screen.getByRole('table');
    expect(
      within(progress)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['TitleMedia', 'No CondemnationFetching', 'Life in the SpiritFetching']);
    expect(within(progress).getByRole('link', { name: 'No Condemnation' }).getAttribute('href')).toBe(
      '/dashboard-beta/sermons/112600',
    );

    // The media jobs finish (one fails) before the next poll.
    nextProgress = (current) => ({
      ...current,
      state: 'done',
      items: current.items.map((i) =>
        i.guid === 'ep-1'
          ? { ...i, mediaState: 'done' }
          : i.guid === 'ep-2'
            ? { ...i, mediaState: 'failed', error: 'The enclosure answered 404.' }
            : i,
      ),
      progress: { ...current.progress, mediaDone: 1, mediaFailed: 1 },
    });
    const gets = () => sent.filter((r) => r.method === 'GET' && r.path === '/node/feed-imports/7').length;
    const before = gets();
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(gets()).toBe(before + 1);
    expect(await screen.findByText('The import is finished.')).toBeTruthy();
    expect(screen.getByText('2 of 2 sermons made; media ready for 1, failed for 1.')).toBeTruthy();
    expect(
      within(screen.getByRole('row', { name: /Life in the Spirit/ })).getByText(/Failed: The enclosure/),
    ).toBeTruthy();

    // Done: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 3));
    expect(gets()).toBe(before + 1);
  });
});
