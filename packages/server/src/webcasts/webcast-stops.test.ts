import { describe, expect, it } from 'vitest';
import { rateKeyframes, recentSegmentSeconds } from './keyframe-health.ts';
import { pauseInForce, pauseUntil, stopReason } from './webcast-stops.ts';

const HOUR = 3_600_000;
const limits = { overlongMs: 6 * HOUR, unattendedMs: 2 * HOUR, cooldownMs: HOUR / 2 };

describe('the server stops (spec §8)', () => {
  const facts = { canWebcast: true, startedMs: 0, publishedMs: 0, attendedMs: null };
  it('lets a watched webcast run until it is overlong', () => {
    expect(stopReason({ ...facts, attendedMs: 5 * HOUR }, limits, 6 * HOUR)).toBeNull();
    expect(stopReason({ ...facts, attendedMs: 6 * HOUR }, limits, 6 * HOUR + 1)).toBe('overlong');
  });
  it('stops one nobody watched for two hours, counted from its publisher connecting', () => {
    expect(stopReason(facts, limits, 2 * HOUR)).toBeNull();
    expect(stopReason(facts, limits, 2 * HOUR + 1)).toBe('unattended');
    expect(stopReason({ ...facts, publishedMs: HOUR }, limits, 2 * HOUR + 1)).toBeNull();
    expect(stopReason({ ...facts, attendedMs: HOUR }, limits, 3 * HOUR + 1)).toBe('unattended');
  });
  it('stops at once when webcasting is disabled', () => {
    expect(stopReason({ ...facts, canWebcast: false }, limits, 1)).toBe('disabled');
  });
  it('pauses the stream key for the cooldown after an overlong or unattended stop, not after disabling', () => {
    expect(pauseUntil('overlong', limits, 10 * HOUR)).toBe(10.5 * HOUR);
    expect(pauseUntil('unattended', limits, 10 * HOUR)).toBe(10.5 * HOUR);
    expect(pauseUntil('disabled', limits, 10 * HOUR)).toBeNull();
    expect(pauseUntil('overlong', { ...limits, cooldownMs: 0 }, 10 * HOUR)).toBeNull();
    const pause = { paused_until: 10.5 * HOUR, paused_reason: 'overlong' as const };
    expect(pauseInForce(pause, 10.5 * HOUR - 1)).toEqual({ until: 10.5 * HOUR, reason: 'overlong' });
    expect(pauseInForce(pause, 10.5 * HOUR)).toBeNull();
    expect(pauseInForce({ paused_until: null, paused_reason: null }, 0)).toBeNull();
  });
});

describe('the keyframe interval', () => {
  const playlist = (...durations: number[]) =>
    `#EXTM3U\n${durations.map((d, i) => `#EXTINF:${d.toFixed(6)},\nseg-${String(i).padStart(5, '0')}.ts`).join('\n')}\n`;
  it('is read from the latest segments since the last discontinuity', () => {
    expect(recentSegmentSeconds('#EXTM3U\n')).toBeNull();
    expect(recentSegmentSeconds(playlist(8, 2, 2, 2))).toBe(2);
    expect(recentSegmentSeconds(playlist(2, 8, 2))).toBe(8);
    expect(recentSegmentSeconds(`${playlist(8)}#EXT-X-DISCONTINUITY\n#EXTINF:2.0,\nseg-00009.ts\n`)).toBe(2);
  });
  it('is high above 4 s, or above the segment length when that is longer', () => {
    expect(rateKeyframes(2.0, 2)).toBe('normal');
    expect(rateKeyframes(4.2, 2)).toBe('normal');
    expect(rateKeyframes(8.0, 2)).toBe('high');
    expect(rateKeyframes(6.2, 6)).toBe('normal');
    expect(rateKeyframes(10, 6)).toBe('high');
  });
});
