import {
  STREAM_HEALTH_METRICS,
  type StreamHealthMetric,
  type StreamHealthState,
} from '@kerygma/domain/contracts/webcasts';
import type { ProgressReport } from './hls-packager.ts';

/**
 * Stream health (spec §4): measurements of a live stream, each rated low, normal or high, the
 * events a change of rating makes, and the health state they add up to. Pure functions; the
 * live ingest (live-ingest.ts) feeds them and stores the events.
 */

export type Level = 'low' | 'normal' | 'high';

/** Measurements over the last interval between two progress reports; null when not measurable. */
export type Measurement = { framerate: number | null; bitrateKbps: number; speed: number };

export function measure(prev: ProgressReport, next: ProgressReport, audioOnly: boolean): Measurement | undefined {
  const seconds = (next.atMs - prev.atMs) / 1000;
  if (seconds <= 0) return undefined;
  return {
    framerate: audioOnly ? null : (next.frames - prev.frames) / seconds,
    bitrateKbps: ((next.totalBytes - prev.totalBytes) * 8) / 1000 / seconds,
    speed: (next.outTimeSeconds - prev.outTimeSeconds) / seconds,
  };
}

/**
 * Thresholds: the framerate against the stream's own (80 %–120 %); the bitrate against what a
 * watchable stream needs (video 250 kbit/s to 12 Mbit/s, audio 32 to 512 kbit/s); the speed
 * (media seconds received per second) against real time, 0.9 to 1.5. Measured over a few
 * seconds, so one slow second does not raise an event.
 */
export function rate(
  m: Measurement,
  nominalFramerate: number | null,
  audioOnly: boolean,
): Record<Exclude<StreamHealthMetric, 'keyframes'>, Level | null> {
  const band = (v: number, low: number, high: number): Level => (v < low ? 'low' : v > high ? 'high' : 'normal');
  return {
    framerate:
      m.framerate === null || !nominalFramerate
        ? null
        : band(m.framerate, nominalFramerate * 0.8, nominalFramerate * 1.2),
    bitrate: audioOnly ? band(m.bitrateKbps, 32, 512) : band(m.bitrateKbps, 250, 12_000),
    speed: band(m.speed, 0.9, 1.5),
  };
}

/**
 * The health state from each metric's latest rating: all normal is healthy, one out of range
 * a warning, two unhealthy, three (or a stream that has stopped arriving) critical. A
 * disconnection within the last `recentDisconnectMs` is at least a warning. Not live: offline.
 */
export function healthState(input: {
  live: boolean;
  levels: Partial<Record<StreamHealthMetric, Level>>;
  msSinceDisconnect: number | null;
  recentDisconnectMs?: number;
}): StreamHealthState {
  if (!input.live) return 'offline';
  const off = STREAM_HEALTH_METRICS.filter((m) => input.levels[m] && input.levels[m] !== 'normal').length;
  if (off >= 3 || (input.levels.speed === 'low' && input.levels.framerate === 'low')) return 'critical';
  if (off === 2) return 'unhealthy';
  const recent = input.msSinceDisconnect !== null && input.msSinceDisconnect < (input.recentDisconnectMs ?? 600_000);
  return off === 1 || recent ? 'warning' : 'healthy';
}
