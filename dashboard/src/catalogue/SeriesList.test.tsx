// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, renderScreen } from '../account/test/render.tsx';
import { SeriesList } from './SeriesList.tsx';

/** A series' podcast links as its broadcaster edits them: asked only of a podcast, checked, sent as the API keeps them. */
const psalms = {
  seriesID: 11,
  broadcasterID: 'gracechurch',
  title: 'Psalms of Ascent',
  description: '',
  podcastEnabled: true,
  feedLinks: { tuneIn: 'https://tunein.com/podcasts/psalms' },
  sermonCount: 3,
};
let sent: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, location.origin).pathname.replace(/^.*\/api\/v2/, '');
    const method = init.method ?? 'GET';
    if (path === '/node/broadcasters/gracechurch/editable_series') return answer({ results: [psalms] });
    const body = JSON.parse(String(init.body));
    sent.push({ method, path, body });
    // The server makes a new series as no podcast (migration 0001's default).
    if (method === 'POST') return answer({ ...psalms, seriesID: 12, podcastEnabled: false, feedLinks: {} }, 201);
    return answer({ ...psalms, ...body });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a series' podcast links", () => {
  it('are asked for a podcast only, refuse what is no web address, and leave out the empty ones', async () => {
    renderScreen(<SeriesList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('TuneIn address') as HTMLInputElement).value).toBe(psalms.feedLinks.tuneIn);
    fireEvent.click(screen.getByLabelText('Offer this series as a podcast'));
    expect(screen.queryByLabelText('Apple Podcasts address')).toBeNull();
    fireEvent.click(screen.getByLabelText('Offer this series as a podcast'));

    fireEvent.change(screen.getByLabelText('Apple Podcasts address'), { target: { value: 'podcasts.apple.com/x' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('Enter a full address, starting with https://')).toBeTruthy();
    expect(sent).toEqual([]);

    const apple = 'https://podcasts.apple.com/us/podcast/id123';
    fireEvent.change(screen.getByLabelText('Apple Podcasts address'), { target: { value: apple } });
    fireEvent.change(screen.getByLabelText('TuneIn address'), { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PATCH', path: '/node/series/11', body: { podcastEnabled: true } });
    expect(sent.map((r) => (r.body as { feedLinks: object }).feedLinks)).toEqual([{ apple }]);
  });

  it('are kept for a new series, made a podcast as its box says', async () => {
    renderScreen(<SeriesList />);
    fireEvent.click(await screen.findByRole('button', { name: 'New series' }));
    fireEvent.change(screen.getByLabelText('Series title'), { target: { value: 'Ruth' } });
    const spotify = 'https://open.spotify.com/show/ruth';
    fireEvent.change(screen.getByLabelText('Spotify address'), { target: { value: spotify } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/node/broadcasters/gracechurch/series',
        body: { series_name: 'Ruth', description: '' },
      },
      { method: 'PATCH', path: '/node/series/12', body: { podcastEnabled: true, feedLinks: { spotify } } },
    ]);
  });
});
