/**
 * Request building and error text for the Kerygma API (spec §7 request rules, §8 errors).
 * Pure functions, shared by the client, the site and the dashboard.
 */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export type CacheHints = { cacheLanguage: string; cacheMax: number; cacheDomain: string };

/**
 * Query string: arrays repeat their key (`a=1&a=2`) unless `joinArrays` (search joins them
 * with commas); undefined and null are left out; booleans are 'true'/'false'.
 */
export function buildQuery(query: Query, joinArrays = false): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (joinArrays) params.set(key, value.join(','));
      else for (const item of value) params.append(key, String(item));
    } else params.set(key, String(value));
  }
  return params;
}

/** A branch name from the `apibranch` page parameter selects `/api/<branch>/` on the same origin. */
export function apiBase(origin: string, apibranch?: string | null): string {
  const branch = apibranch && /^[a-z0-9][a-z0-9-]{0,39}$/.test(apibranch) ? apibranch : 'v2';
  return `${origin.replace(/\/$/, '')}/api/${branch}/`;
}

export type ApiErrorBody = { errors?: Record<string, unknown>; code?: string; status?: number };

/** An API failure with the spec's assembled message and a status (500 when none is known). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(message: string, status: number, code?: string, body?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/**
 * §8: a response's errors object becomes 'key: value' pairs joined by commas, followed by the
 * HTTP status and the API code; without an errors object the message is `withStatus(status)`.
 */
export function errorFromResponse(
  status: number,
  body: unknown,
  withStatus: (status: number) => string,
): ApiRequestError {
  const parsed = (body && typeof body === 'object' ? body : {}) as ApiErrorBody;
  const entries = parsed.errors && typeof parsed.errors === 'object' ? Object.entries(parsed.errors) : [];
  const effective = status || 500; // the message names the same status the error carries
  if (entries.length === 0) return new ApiRequestError(withStatus(effective), effective, parsed.code, body);
  const pairs = entries.map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', ');
  const suffix = [`(${effective})`, parsed.code].filter(Boolean).join(' ');
  return new ApiRequestError(`${pairs} ${suffix}`, effective, parsed.code, body);
}

/** §8: an error that never got a response (network failure) keeps its text, with status 405. */
export function errorWithoutResponse(error: unknown): ApiRequestError {
  return new ApiRequestError(error instanceof Error ? error.message : String(error), 405);
}
