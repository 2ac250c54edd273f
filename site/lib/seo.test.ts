import type { Media } from '@kerygma/domain/catalogue';
import { LOCALE_CODES } from '@kerygma/i18n/locales';
import { describe, expect, it } from 'vitest';
import { mediaItem } from './media.fixture.ts';
import { alternateLinksHtml, mediaFile, mediaMimeType, OG_LOCALES, shareImage, shareTagsHtml } from './seo.ts';

const media = (fields: Partial<Media>): Media => mediaItem({ mediaType: 'mp4', language: null, ...fields });

describe('share cards and structured data', () => {
  it('names a media file, never an adaptive stream playlist', () => {
    const hls = media({ mediaType: 'hls', adaptiveBitrate: true, streamURL: 'https://x/master.m3u8' });
    const mp4 = media({ streamURL: 'https://x/video/low.mp4' });
    expect(mediaFile([hls, mp4])).toBe(mp4);
    expect(mediaFile([hls])).toBeUndefined();
    expect(mediaMimeType(mp4, 'video')).toBe('video/mp4');
    expect(mediaMimeType(media({ mediaType: 'mp3' }), 'audio')).toBe('audio/mpeg');
  });

  it('shows only raster images on cards: SVG placeholders are skipped', () => {
    expect(shareImage('https://x/images/speaker.svg', null, 'https://x/p.webp')).toBe('https://x/p.webp');
    expect(shareImage('https://x/images/speaker.svg?v=2')).toBeUndefined();
    expect(shareImage(undefined, 'https://x/thumb.jpg')).toBe('https://x/thumb.jpg');
  });

  it('gives every site language an og:locale of the form language_TERRITORY', () => {
    for (const code of LOCALE_CODES) expect(OG_LOCALES[code], code).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
  });

  it('writes the card tags escaped, leaving out what the page has not', () => {
    const html = shareTagsHtml({ title: 'Grace & "Truth"', description: '<b>', url: 'https://x/sermons/1' });
    expect(html).toContain('<meta property="og:title" content="Grace &amp; &quot;Truth&quot;">');
    expect(html).toContain('<meta property="og:description" content="&lt;b&gt;">');
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('og:image');
    const card = shareTagsHtml({ title: 't', description: 'd', url: 'u', image: 'https://x/p.jpg', imageAlt: 'P' });
    expect(card).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(card).toContain('<meta property="og:image:alt" content="P">');
  });

  it('names the page in every language and x-default (English), with its query', () => {
    const html = alternateLinksHtml('https://x.org', '/sermons', '?page=2');
    expect(html.match(/<link rel="alternate"/g)).toHaveLength(14);
    expect(html).toMatch(/^<link rel="alternate" hreflang="en" href="https:\/\/x\.org\/sermons\?page=2">/);
    expect(html).toContain('<link rel="alternate" hreflang="en-GB" href="https://x.org/gb/sermons?page=2">');
    expect(html).toContain('<link rel="alternate" hreflang="zh-Hans" href="https://x.org/zh/sermons?page=2">');
    expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="https:\/\/x\.org\/sermons\?page=2">$/);
    expect(alternateLinksHtml('https://x.org', '/', '')).toContain('hreflang="de" href="https://x.org/de">');
    expect(alternateLinksHtml('https://x.org', '/speakers/a&b', '')).toContain(
      'href="https://x.org/it/speakers/a&amp;b"',
    );
  });
});
