import { describe, expect, it } from 'vitest';
import { embedOptions, oembedDiscoveryHref, parseEmbedRoute } from './embed.ts';

describe('parseEmbedRoute', () => {
  it('reads one sermon in audio or video, and a broadcaster playlist', () => {
    expect(parseEmbedRoute(['a', '1000'])).toEqual({ kind: 'sermon', sermonID: '1000', media: 'audio' });
    expect(parseEmbedRoute(['V', '1000'])).toEqual({ kind: 'sermon', sermonID: '1000', media: 'video' });
    expect(parseEmbedRoute(['l', 'gracechurch'])).toEqual({ kind: 'broadcaster', broadcasterID: 'gracechurch' });
  });

  it('reads the filtered route: a media type, then category and filter pairs', () => {
    expect(parseEmbedRoute([])).toEqual({ kind: 'list', media: 'audio', query: {}, pairs: [] });
    expect(parseEmbedRoute(['v'])).toEqual({ kind: 'list', media: 'video', query: { requireVideo: true }, pairs: [] });
    expect(parseEmbedRoute(['a', 'speaker', '1'])).toEqual({
      kind: 'list',
      media: 'audio',
      query: { requireAudio: true },
      pairs: [['speaker', '1']],
    });
    expect(parseEmbedRoute(['pdf', 'broadcaster', 'gracechurch', 'book', 'romans'])).toEqual({
      kind: 'list',
      media: 'audio',
      query: { media: 'pdf' },
      pairs: [
        ['broadcaster', 'gracechurch'],
        ['book', 'romans'],
      ],
    });
  });

  it('refuses unknown media types and a category or filter without its value', () => {
    expect(parseEmbedRoute(['x'])).toBeUndefined();
    expect(parseEmbedRoute(['x', 'speaker', '1'])).toBeUndefined();
    // Two segments after a or v always name a sermon (an unknown id is a 404 later).
    expect(parseEmbedRoute(['a', 'speaker'])).toMatchObject({ kind: 'sermon', sermonID: 'speaker' });
    expect(parseEmbedRoute(['audio', 'speaker'])).toBeUndefined();
    expect(parseEmbedRoute(['a', 'speaker', '1', 'series'])).toBeUndefined();
    expect(parseEmbedRoute(['a', 'speaker', '1', 'series', '2', 'x'])).toBeUndefined();
  });
});

describe('embedOptions', () => {
  it('reads popout', () => {
    expect(embedOptions(new URL('http://x/e?popout=1&t=95'))).toEqual({ popout: true });
    expect(embedOptions(new URL('http://x/e?popout=yes'))).toEqual({ popout: false });
  });
});

it('oembedDiscoveryHref encodes the page URL', () => {
  expect(oembedDiscoveryHref('https://k.example', 'https://k.example/de/sermons/1?x=1&y=2')).toBe(
    'https://k.example/oembed?url=https%3A%2F%2Fk.example%2Fde%2Fsermons%2F1%3Fx%3D1%26y%3D2&format=json',
  );
});
