import type { Logger } from 'pino';
import type { Db } from '../db/db.ts';
import { type StopReason, type StreamKeyPause, stopFacts } from './webcasts.queries.ts';

/**
 * The server's stops (spec §8, "webcasting disabled or killed after an unattended or overlong
 * webcast"): a live webcast is stopped when its broadcaster may no longer webcast (disabled),
 * when it has run longer than `overlongMs` since it started (overlong, 6 hours by default), or
 * when nobody has watched it, neither a viewer nor a manager, for `unattendedMs` of its
 * publisher's connection (unattended, 2 hours by default; an encoder left running after the
 * service). The ingest then drops the publisher and ends the webcast at once (live-ingest.ts).
 *
 * An encoder such as OBS reconnects by itself within seconds, which would begin a new webcast at
 * once: after an overlong or unattended stop the broadcaster's stream key refuses publishes for
 * `cooldownMs` (30 minutes by default; 0: none), unless a manager lifts the pause from the
 * dashboard or makes a new stream key. A disabled broadcaster is refused anyway.
 */
export type StopLimits = { overlongMs: number; unattendedMs: number; cooldownMs: number };

export type StopFacts = {
  canWebcast: boolean;
  /** When the webcast first went live. */
  startedMs: number;
  /** When its current publisher connected. */
  publishedMs: number;
  /** When someone last watched it (attendance.ts); null: nobody yet. */
  attendedMs: number | null;
};

export function stopReason(f: StopFacts, limits: StopLimits, nowMs: number): StopReason | null {
  if (!f.canWebcast) return 'disabled';
  if (nowMs - f.startedMs > limits.overlongMs) return 'overlong';
  if (nowMs - Math.max(f.publishedMs, f.attendedMs ?? 0) > limits.unattendedMs) return 'unattended';
  return null;
}

/** Until when (epoch ms) a stop pauses its broadcaster's stream key; null: no pause. */
export function pauseUntil(reason: StopReason, limits: StopLimits, nowMs: number): number | null {
  return reason === 'disabled' || limits.cooldownMs <= 0 ? null : nowMs + limits.cooldownMs;
}

/** The pause that refuses a publish now, or null once it is over (or was lifted). */
export function pauseInForce(p: StreamKeyPause, nowMs: number) {
  return p.paused_until !== null && p.paused_reason !== null && p.paused_until > nowMs
    ? { until: p.paused_until, reason: p.paused_reason }
    : null;
}

/** How often the live webcasts are checked: a quarter of the shorter limit, between 100 ms and a minute. */
export const checkEveryMs = (limits: StopLimits) =>
  Math.max(100, Math.min(60_000, Math.min(limits.overlongMs, limits.unattendedMs) / 4));

/** Attendance is saved at most this often (attendance.ts): well within the unattended limit. */
export const attendanceEveryMs = (limits: StopLimits) => Math.max(100, Math.min(30_000, limits.unattendedMs / 4));

/** Checks the live webcasts on a timer and stops those `stopReason` names. */
export function watchStops(deps: {
  db: Db;
  limits: StopLimits;
  log: Logger;
  now: () => number;
  live(): { webcastId: string; broadcasterId: string; publishedMs: number }[];
  stop(broadcasterId: string, reason: StopReason): Promise<void>;
}): { stop(): void } {
  const check = async () => {
    const live = deps.live();
    if (!live.length) return;
    const facts = new Map(
      (
        await stopFacts(
          deps.db,
          live.map((l) => l.webcastId),
        )
      ).map((f) => [f.webcast_id, f]),
    );
    for (const l of live) {
      const f = facts.get(l.webcastId);
      if (!f) continue;
      const reason = stopReason(
        { canWebcast: f.can_webcast, startedMs: f.started, publishedMs: l.publishedMs, attendedMs: f.attended },
        deps.limits,
        deps.now(),
      );
      if (!reason) continue;
      deps.log.info({ webcastId: l.webcastId, reason }, 'stopping the webcast');
      await deps.stop(l.broadcasterId, reason);
    }
  };
  const timer = setInterval(
    () => void check().catch((err) => deps.log.warn({ err }, 'could not check the webcasts for stops')),
    checkEveryMs(deps.limits),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
