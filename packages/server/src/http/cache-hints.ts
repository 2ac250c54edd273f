import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * The clients' cache hints (spec §7): the web app adds `cacheMax` (with `cacheLanguage` and
 * `cacheDomain`, which only make its cache keys distinct) to every request unless the call says
 * noCache, and asks for the waveform with `cacheTTL`. Each is the longest, in seconds, the client
 * wants the answer kept. A hint only shortens the lifetime an answer would have: the server's
 * lifetime is what it knows to be safe. A hint that is not a whole number of seconds is no hint.
 */
const seconds = z.coerce.number().int().min(0).max(31_536_000);
const hintsQuery = z.object({
  cacheMax: seconds.optional().catch(undefined),
  cacheTTL: seconds.optional().catch(undefined),
});

/** The shortest lifetime the request's hints ask for, in seconds, or undefined without one. */
export function requestedLifetime(req: FastifyRequest): number | undefined {
  const query = req.query && typeof req.query === 'object' ? req.query : {};
  const { cacheMax, cacheTTL } = hintsQuery.parse(query);
  const asked = [cacheMax, cacheTTL].filter((v) => v !== undefined);
  return asked.length ? Math.min(...asked) : undefined;
}

/** `cacheControl` with its max-age no longer than `limit` seconds. */
export function capMaxAge(cacheControl: string, limit: number): string {
  return cacheControl.replace(/\bmax-age=(\d+)/i, (whole, age: string) =>
    Number(age) > limit ? `max-age=${limit}` : whole,
  );
}
