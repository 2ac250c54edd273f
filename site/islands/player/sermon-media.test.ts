import type { Sermon } from '@kerygma/domain/catalogue';
import { describe, expect, it } from 'vitest';
import { mediaItem } from '../../lib/media.fixture.ts';
import { inLanguage, toPlayerSermon, videoHeight } from './sermon-media.ts';

const item = mediaItem;

const sermon = (media: Partial<Sermon['media']>) =>
  ({
    sermonID: '1',
    fullTitle: 'The Path',
    languageCode: 'ko',
    speaker: { displayName: 'A Speaker', albumArtURL: 'https://x.test/art.svg?size={size}' },
    broadcaster: { displayName: 'A Church', broadcasterID: 'church', albumArtURL: 'https://x.test/b.svg' },
    series: { seriesID: 7 },
    videoThumbnail: 'https://x.test/t.jpg',
    audioDurationSeconds: 3600,
    videoDurationSeconds: 0,
    waveformPeaksURL: 'https://x.test/api/v2/node/sermons/1/waveform',
    media: { audio: [], video: [], text: [], captions: [], ...media },
  }) as unknown as Sermon;

describe('toPlayerSermon', () => {
  it('starts from the high MP3, never the AAC HLS stream', () => {
    const s = toPlayerSermon(
      sermon({
        audio: [
          item({ mediaType: 'aac', adaptiveBitrate: true, streamURL: 'https://x.test/hls/audio.m3u8' }),
          item({ quality: 'low', streamURL: 'https://x.test/low.mp3' }),
          item({ quality: 'high', streamURL: 'https://x.test/high.mp3' }),
        ],
      }),
      '/sermons/1',
      'en',
    );
    expect(s.audio).toEqual({ url: 'https://x.test/high.mp3', height: null, adaptive: false });
    expect(s.artwork).toBe('https://x.test/art.svg?size=512');
    expect(s.thumbnail).toBe('https://x.test/art.svg?size=96');
    expect(s.seriesID).toBe(7);
    // The title's language, for its lang attribute in the player (WCAG 3.1.2).
    expect(s.language).toBe('ko');
    expect(s.durationSeconds).toBe(3600);
  });

  it('lists the adaptive stream first, then renditions tallest first, and captions with names', () => {
    const s = toPlayerSermon(
      sermon({
        video: [
          item({ mediaType: 'mp4', quality: '360p', streamURL: 'https://x.test/360.mp4' }),
          item({
            mediaType: 'mp4',
            quality: 'adaptive',
            adaptiveBitrate: true,
            streamURL: 'https://x.test/master.m3u8',
          }),
          item({ mediaType: 'mp4', quality: '720p', streamURL: 'https://x.test/720.mp4' }),
        ],
        captions: [item({ mediaType: 'caption', language: 'de', streamURL: 'https://x.test/de.vtt' })],
      }),
      '/sermons/1',
      'en',
    );
    expect(s.video.map((v) => [v.height, v.adaptive])).toEqual([
      [null, true],
      [720, false],
      [360, false],
    ]);
    expect(s.captions).toEqual([{ url: 'https://x.test/de.vtt', language: 'de', label: 'German' }]);
  });

  it('shows the video’s 640 WebP still as its poster, else its JPEG', () => {
    const resizable = { ...sermon({}), videoThumbnailResizable: 'https://x.test/t-{size}.webp' } as Sermon;
    expect(toPlayerSermon(resizable, '/sermons/1', 'en').poster).toBe('https://x.test/t-640.webp');
    expect(toPlayerSermon(sermon({}), '/sermons/1', 'en').poster).toBe('https://x.test/t.jpg');
    const none = { ...resizable, videoThumbnail: null, videoThumbnailResizable: null } as Sermon;
    expect(toPlayerSermon(none, '/sermons/1', 'en').poster).toBeNull();
  });

  it('derives heights from the spec §3 URL rules when the quality label is missing', () => {
    expect(videoHeight({ quality: null, streamURL: 'https://x.test/video/1080p/a.mp4' })).toBe(1080);
    expect(videoHeight({ quality: null, streamURL: 'https://x.test/video/high/a.mp4' })).toBe(720);
    expect(videoHeight({ quality: null, streamURL: 'https://x.test/video/low/a.mp4' })).toBe(360);
    expect(videoHeight({ quality: 'adaptive', streamURL: 'https://x.test/a.m3u8' })).toBeNull();
  });
});

describe('inLanguage', () => {
  it('links the page and names the caption languages in another interface language', () => {
    const en = toPlayerSermon(
      sermon({ captions: [item({ mediaType: 'caption', language: 'de', streamURL: 'https://x.test/de.vtt' })] }),
      '/sermons/1',
      'en',
    );
    expect(en.captions.map((c) => c.label)).toEqual(['German']);
    const fr = inLanguage(en, 'fr', '/fr/sermons');
    expect(fr).toEqual({ ...en, pageURL: '/fr/sermons/1', captions: [{ ...en.captions[0], label: 'allemand' }] });
    expect(inLanguage({ ...fr, sermonID: 'a/b' }, 'en', '/sermons').pageURL).toBe('/sermons/a%2Fb');
  });
});
