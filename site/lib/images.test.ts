import { describe, expect, it } from 'vitest';
import { isSizedImage, sizedImage, sizedSrcset } from './images.ts';

const template = 'https://x.test/media/1/video/thumbnail-{size}.webp';

describe('sized images', () => {
  it('fill every {size} placeholder', () => {
    expect(sizedImage('https://x.test/art.svg?size={size}', 512)).toBe('https://x.test/art.svg?size=512');
    expect(sizedImage(template, 360)).toBe('https://x.test/media/1/video/thumbnail-360.webp');
  });

  it('make a srcset with w descriptors', () => {
    expect(sizedSrcset(template, [360, 640])).toBe(
      'https://x.test/media/1/video/thumbnail-360.webp 360w, https://x.test/media/1/video/thumbnail-640.webp 640w',
    );
  });

  it('tell a fixed URL from a template', () => {
    expect(isSizedImage(template)).toBe(true);
    expect(isSizedImage('https://x.test/media/1/still.jpg')).toBe(false);
  });
});
