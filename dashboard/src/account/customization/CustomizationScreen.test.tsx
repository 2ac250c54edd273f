// @vitest-environment happy-dom
import { englishMessages, translator } from '@kerygma/i18n/t';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n.tsx';
import { BroadcasterProvider } from '../../shell/broadcaster.tsx';
import { ToastProvider } from '../../shell/toasts.tsx';
import CustomizationScreen from './CustomizationScreen.tsx';

/**
 * The customization screen's banner gallery as an Admin uses it: the backgrounds the API lists,
 * the one the banner shows marked, and a press that takes another at once.
 */
const media = (name: string) => `http://kerygma.test/media/images/broadcaster_banner/stock/${name}`;
const background = (id: string, displayName: string) => ({
  backgroundID: id,
  displayName,
  imageURL: media(`${id}-0123456789ab/1280.jpg`),
  imageURLResizable: media(`${id}-0123456789ab/{size}.jpg`),
  thumbnailImageURL: media(`${id}-0123456789ab/640.jpg`),
});
const GALLERY = {
  nodeType: 'broadcaster_background',
  nodeDisplayName: 'Banner gallery',
  totalCount: 2,
  next: null,
  results: [background('harbour', 'Harbor'), background('forest', 'Forest')],
};

/** What the screen asked the API, and the banner the server holds. */
let sent: { method: string; path: string; body: unknown }[];
let banner: string;

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  sent = [];
  banner = media('harbour-0123456789ab/1280.jpg');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://kerygma.test').pathname.replace(/^.*\/api\/v2/, '');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    if (method === 'GET' && path === '/node/broadcasters/gracechurch')
      return answer({ broadcasterID: 'gracechurch', bannerImageURL: banner, imageURL: 'http://kerygma.test/p.jpg' });
    if (method === 'GET' && path === '/node/images/background/broadcaster') return answer(GALLERY);
    if (method === 'POST' && path === '/media/images/broadcaster_banner/from_gallery') {
      const chosen = GALLERY.results.find((b) => b.backgroundID === body.backgroundID);
      if (!chosen) return answer({ errors: { error: 'No such background.' }, status: 404, code: 'not_found' }, 404);
      banner = chosen.imageURL;
      return answer({ url: chosen.imageURL, resizableURL: chosen.imageURLResizable, widths: [640, 1280, 1920] });
    }
    return answer({ errors: {}, status: 404, code: 'not_found' }, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open() {
  render(
    <I18nProvider value={{ t: translator(englishMessages), locale: 'en', lang: 'en' }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <BroadcasterProvider value={{ broadcasterID: 'gracechurch', choices: ['gracechurch'], roles: [2] }}>
          <ToastProvider>
            <CustomizationScreen />
          </ToastProvider>
        </BroadcasterProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('the banner gallery on the customization screen', () => {
  it('marks the background the banner shows, and takes another at a press, with the upload’s toast', async () => {
    open();
    const gallery = await screen.findByRole('region', { name: 'Background gallery' });
    const harbour = within(gallery).getByRole('button', { name: 'Harbor' });
    const forest = within(gallery).getByRole('button', { name: 'Forest' });
    expect(harbour.getAttribute('aria-pressed')).toBe('true');
    expect(forest.getAttribute('aria-pressed')).toBe('false');
    expect([...gallery.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual(
      GALLERY.results.map((b) => b.thumbnailImageURL),
    );

    // Pressing the current one sends nothing.
    await act(async () => fireEvent.click(harbour));
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);

    await act(async () => fireEvent.click(forest));
    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/media/images/broadcaster_banner/from_gallery',
        body: { broadcasterID: 'gracechurch', backgroundID: 'forest' },
      },
    ]);
    expect(forest.getAttribute('aria-pressed')).toBe('true');
    expect(harbour.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('img', { name: 'Banner image' }).getAttribute('src')).toBe(GALLERY.results[1]?.imageURL);
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });
});
