// @vitest-environment happy-dom
import type { PodcastSettings } from '@kerygma/domain/contracts/broadcaster-account';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, renderScreen } from '../test/render.tsx';
import PodcastScreen from './PodcastScreen.tsx';

/**
 * The podcast screen as a broadcaster's Admin uses it: its own feeds' addresses to give out,
 * the podcasts it recommends, a directory's token, and leave for another host to import it.
 */
let stored: PodcastSettings;
let sent: unknown[];

beforeEach(() => {
  stored = { podroll: [], txt: [], locked: true };
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, location.origin).pathname.replace(/^.*\/api\/v2/, '');
    if (path !== '/node/broadcasters/gracechurch/podcast_settings') return answer({ status: 404 }, 404);
    if (init.method === 'PATCH') {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      stored = { ...stored, ...body };
    }
    return answer(stored);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the podcast screen', () => {
  it("shows the broadcaster's own feed addresses", async () => {
    renderScreen(<PodcastScreen />);
    expect(((await screen.findByLabelText('RSS feed')) as HTMLInputElement).value).toBe(
      `${location.origin}/feeds/broadcaster/gracechurch.rss`,
    );
    expect((screen.getByLabelText('Atom feed') as HTMLInputElement).value).toBe(
      `${location.origin}/feeds/broadcaster/gracechurch.atom`,
    );
    expect(screen.getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
  });

  it('refuses a podroll entry that is no web address; saves the podroll, a token and the lock lifted', async () => {
    renderScreen(<PodcastScreen />);
    const importable = (await screen.findByLabelText('Let other hosts import my feeds')) as HTMLInputElement;
    expect(importable.checked).toBe(false);
    expect(screen.getByText(/your feeds tell other podcast hosts not to import them/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add a podcast' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Hope Chapel sermons' } });
    fireEvent.change(screen.getByLabelText('Feed address'), { target: { value: 'feeds.example.org/hope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a token' }));
    fireEvent.change(screen.getByLabelText('Purpose (optional)'), { target: { value: 'has space' } });
    fireEvent.change(screen.getByLabelText('Token'), { target: { value: 'd1e2f3' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('Enter a full address, starting with https://')).toBeTruthy();
    expect(screen.getByText('Use letters, digits, dots, hyphens and underscores only.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('Feed address'), {
      target: { value: 'https://feeds.example.org/hope.rss' },
    });
    fireEvent.change(screen.getByLabelText('Purpose (optional)'), { target: { value: 'applepodcastsverify' } });
    fireEvent.click(importable);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      podroll: [{ title: 'Hope Chapel sermons', url: 'https://feeds.example.org/hope.rss' }],
      txt: [{ purpose: 'applepodcastsverify', value: 'd1e2f3' }],
      locked: false,
    });
    expect(await screen.findByText('Saved.')).toBeTruthy();

    // Removing the entry and saving empties the podroll.
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0] as HTMLElement);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(stored).toEqual({ podroll: [], txt: [{ purpose: 'applepodcastsverify', value: 'd1e2f3' }], locked: false });
  });
});
