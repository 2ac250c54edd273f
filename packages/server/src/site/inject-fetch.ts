import type { ApiFetch, ApiResponse } from '@kerygma/api/transport';
import type { FastifyInstance } from 'fastify';
import lightMyRequest from 'light-my-request';
import { deepFreeze } from '../deep-freeze.ts';
import { API_BASE } from '../http/api-base.ts';
import { inProcessHeaders, inProcessPayload, siteCallHeaders } from '../http/in-process.ts';
import { stringifyJson } from '../http/json.ts';
import { apiCallTags, tagRender } from './render-tags.ts';

/**
 * Site-wide reference data that list pages fetch on every render and that changes rarely (its
 * counts come from the catalogue totals, refreshed in the background): answered from memory
 * for a minute, per interface language. Only these exact paths, without a query string.
 */
const REFERENCE_PATHS = new Set([`${API_BASE}/node/filter_options`, `${API_BASE}/node/languages`]);
const REFERENCE_TTL_MS = 60_000;

/**
 * `parsed`: the body's JSON, kept (frozen) on answers shared between renders. `object`: what
 * the route answered, handed over without JSON (http/in-process.ts), on answers not shared.
 */
type Answer = {
  status: number;
  headers: Record<string, string>;
  body: string;
  parsed?: unknown;
  object?: { value: unknown };
};

/**
 * The in-process answer as the API client reads it (ApiResponse): the body stays the string
 * Fastify wrote, parsed by json(), without a fetch Response's byte stream around it. A shared
 * answer (reference data) is parsed once and handed out frozen, so no render can change it for
 * the next (parsing the 18 KB of filter options was 5% of a sermon list page's CPU).
 */
function clientResponse(answer: Answer, shared: boolean): ApiResponse {
  return {
    ok: answer.status >= 200 && answer.status < 300,
    status: answer.status,
    headers: { get: (name) => answer.headers[name.toLowerCase()] ?? null },
    json: async () => {
      if (answer.object) return answer.object.value;
      if (!shared) return JSON.parse(answer.body) as unknown;
      answer.parsed ??= deepFreeze(JSON.parse(answer.body) as unknown);
      return answer.parsed;
    },
    text: async () => (answer.object ? stringifyJson(answer.object.value) : answer.body),
  };
}

/**
 * A fetch for server-side rendering that hands API requests straight to Fastify's router
 * (app.inject) instead of going out through a socket to ourselves.
 */
export function injectFetch(app: FastifyInstance, now: () => number = Date.now): ApiFetch {
  const reference = new Map<string, { answer: Answer; expires: number }>();

  /**
   * `asObject`: the answer is for this render only, so it comes as the route's object; answers
   * kept for other renders come as JSON, parsed into a copy of their own.
   */
  let ready: PromiseLike<unknown> | undefined;
  const inject = async (url: URL, init: RequestInit, asObject: boolean): Promise<Answer> => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    // Fastify's router itself, as app.inject calls it once the app is ready, but also while the
    // app is closing (which app.inject refuses): a page that began before SIGTERM makes its API
    // calls to the end.
    ready ??= app.ready();
    await ready;
    const res = await lightMyRequest(app.routing, {
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: { ...headers, host: url.host, ...siteCallHeaders, ...(asObject ? inProcessHeaders : {}) },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const answerHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) answerHeaders[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    const object = asObject ? inProcessPayload(res.raw.req) : undefined;
    return { status: res.statusCode, headers: answerHeaders, body: res.payload, ...(object ? { object } : {}) };
  };

  return async (input, init) => {
    const url = new URL(input);
    const shared = (init?.method ?? 'GET') === 'GET' && !url.search && REFERENCE_PATHS.has(url.pathname);
    let answer: Answer;
    if (shared) {
      const key = `${url.pathname}\n${new Headers(init?.headers).get('accept-language') ?? ''}`;
      const hit = reference.get(key);
      if (hit && hit.expires > now()) answer = hit.answer;
      else {
        answer = await inject(url, init ?? {}, false);
        if (answer.status === 200) reference.set(key, { answer, expires: now() + REFERENCE_TTL_MS });
      }
    } else answer = await inject(url, init ?? {}, true);
    // The page being rendered shows what this answer holds: the page cache drops it when that changes.
    tagRender(apiCallTags(url, answer.object?.value));
    return clientResponse(answer, shared);
  };
}
