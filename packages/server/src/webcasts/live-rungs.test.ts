import { describe, expect, it } from 'vitest';
import { lowerRung, masterPlaylist } from './live-rungs.ts';

describe('the lower rung', () => {
  it('is 480p at the source’s shape, never upscaled, a key frame at each segment', () => {
    expect(lowerRung({ width: 1920, height: 1080 }, 2).size).toEqual({ width: 854, height: 480 });
    expect(lowerRung({ width: 1280, height: 720 }, 2).size).toEqual({ width: 854, height: 480 });
    expect(lowerRung({ width: 640, height: 360 }, 2).size).toEqual({ width: 640, height: 360 });
    const { output } = lowerRung({ width: 1280, height: 720 }, 2);
    expect(output.codecArgs.join(' ')).toContain('-vf scale=854:480');
    expect(output.codecArgs.join(' ')).toContain('-force_key_frames expr:gte(t,n_forced*2)');
    expect(output.codecArgs.join(' ')).toContain('-c:a copy');
  });

  it('is listed after the main rung in the master, with bandwidth, resolution and codecs', () => {
    expect(
      masterPlaylist([
        {
          playlist: 'index.m3u8',
          bandwidth: 2_800_000,
          width: 1280,
          height: 720,
          codecs: ['avc1.64001f', 'mp4a.40.2'],
        },
        { playlist: 'low.m3u8', bandwidth: 950_000, width: 854, height: 480, codecs: ['avc1.4d401e', 'mp4a.40.2'] },
      ]),
    ).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
        'index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=950000,RESOLUTION=854x480,CODECS="avc1.4d401e,mp4a.40.2"',
        'low.m3u8',
        '',
      ].join('\n'),
    );
  });
});
