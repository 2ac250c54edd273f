import { describe, expect, it } from 'vitest';
import { embedIframe, embedMediaFor, embedSize, popoutFeatures, sermonEmbedPath } from './embeds.ts';

describe('embedSize', () => {
  it('is 640 wide by default with room for the controls (and the 16:9 picture of a video)', () => {
    expect(embedSize('audio')).toEqual({ width: 640, height: 320 });
    expect(embedSize('video')).toEqual({ width: 640, height: 360 + 220 });
    expect(embedSize('playlist')).toEqual({ width: 640, height: 450 });
  });

  it('gets taller when narrower (the controls wrap) and finds the widest frame within a height', () => {
    expect(embedSize('audio', 480)).toEqual({ width: 480, height: 360 });
    expect(embedSize('video', 320)).toEqual({ width: 320, height: 180 + 320 });
    const fitted = embedSize('video', 1000, 500);
    expect(fitted.height).toBeLessThanOrEqual(500);
    expect(embedSize('video', fitted.width + 1, 500).width).toBe(fitted.width);
    expect(embedSize('video', undefined, 600)).toEqual({ width: 640, height: 580 });
  });

  it('takes the maximum height when no width fits (the frame scrolls)', () => {
    expect(embedSize('audio', 300, 120)).toEqual({ width: 300, height: 120 });
  });
});

it('embedIframe escapes its attributes', () => {
  expect(embedIframe({ src: 'https://k.example/e?a=1&b="2"', width: 1, height: 2, title: 'A <b> & "c"' })).toBe(
    '<iframe src="https://k.example/e?a=1&amp;b=&quot;2&quot;" width="1" height="2" ' +
      'title="A &lt;b&gt; &amp; &quot;c&quot;" style="border:0;max-width:100%" loading="lazy" ' +
      'allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen></iframe>',
  );
});

it('embedMediaFor plays what is asked when there is one, else video, else audio', () => {
  const file = { streamURL: 'x' };
  const none = { streamURL: null };
  expect(embedMediaFor({ audio: [file], video: [file] }, 'audio')).toBe('audio');
  expect(embedMediaFor({ audio: [file], video: [file] })).toBe('video');
  expect(embedMediaFor({ audio: [file], video: [none] }, 'video')).toBe('audio');
  expect(embedMediaFor({ audio: [], video: [] })).toBeUndefined();
});

it('paths and popout features follow the spec', () => {
  expect(sermonEmbedPath('12 3', 'video')).toBe('/embed/classic/player/v/12%203');
  expect(popoutFeatures('audio')).toBe('popup=yes,width=766,height=720');
  expect(popoutFeatures('video')).toBe('popup=yes,width=768,height=720');
});
