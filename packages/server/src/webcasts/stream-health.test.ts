import { describe, expect, it } from 'vitest';
import { trimToWindow } from './live-playlist.ts';
import { healthState, measure, rate } from './stream-health.ts';

describe('stream health', () => {
  it('measures an interval and rates it against the stream and real time', () => {
    const m = measure(
      { frames: 0, totalBytes: 0, outTimeSeconds: 10, atMs: 0 },
      { frames: 36, totalBytes: 375_000, outTimeSeconds: 12, atMs: 3000 },
      false,
    );
    expect(m).toEqual({ framerate: 12, bitrateKbps: 1000, speed: 2 / 3 });
    expect(rate(m as NonNullable<typeof m>, 25, false)).toEqual({ framerate: 'low', bitrate: 'normal', speed: 'low' });
    expect(rate({ framerate: null, bitrateKbps: 128, speed: 1 }, null, true)).toEqual({
      framerate: null,
      bitrate: 'normal',
      speed: 'normal',
    });
  });

  it('adds ratings up to a state', () => {
    const state = (levels: object, msSinceDisconnect: number | null = null, live = true) =>
      healthState({ live, levels, msSinceDisconnect });
    expect(state({ framerate: 'normal', bitrate: 'normal', speed: 'normal' })).toBe('healthy');
    expect(state({ bitrate: 'low' })).toBe('warning');
    expect(state({}, 60_000)).toBe('warning');
    expect(state({ bitrate: 'low', framerate: 'high' })).toBe('unhealthy');
    expect(state({ speed: 'low', framerate: 'low' })).toBe('critical');
    expect(state({}, null, false)).toBe('offline');
  });
});

describe('the live playlist window', () => {
  const playlist = (n: number) =>
    [
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:EVENT',
      ...Array.from({ length: n }, (_, i) => [
        ...(i === 2 ? ['#EXT-X-DISCONTINUITY'] : []),
        '#EXTINF:2.0,',
        `seg-${String(i).padStart(5, '0')}.ts`,
      ]).flat(),
      '',
    ].join('\n');

  it('keeps the last segments, moving the media and discontinuity sequences on', () => {
    const trimmed = trimToWindow(playlist(6), 3);
    expect(trimmed.match(/^seg-\d+\.ts$/gm)).toEqual(['seg-00003.ts', 'seg-00004.ts', 'seg-00005.ts']);
    expect(trimmed).toContain('#EXT-X-MEDIA-SEQUENCE:3');
    expect(trimmed).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1');
    expect(trimmed).not.toContain('PLAYLIST-TYPE');
    expect(trimToWindow(playlist(3), 3)).toBe(playlist(3));
  });
});
