import type { Contract, ContractRequest, ContractResponse, HttpMethod } from '@kerygma/domain/contracts/contract';
import {
  apiBase,
  buildQuery,
  type CacheHints,
  errorFromResponse,
  errorWithoutResponse,
  type Query,
  type QueryValue,
} from './request.ts';

/**
 * Sending API calls: what a call takes, how it becomes a request, and how its answer or error
 * comes back. It needs only a contract's route (method and path), not its schemas, so the
 * site's islands use it in the browser without shipping zod (client.ts adds a function per
 * contract for the server and the dashboard).
 */

/** What the client reads of a response: a fetch Response has it, and so does an in-process answer. */
export type ApiResponse = {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
  text(): Promise<string>;
};
/** What a call gives fetch; `cache` is the browser's (Node's types leave it out). */
export type ApiFetchInit = RequestInit & { cache?: 'no-cache' };
/** The fetch the client calls: the global fetch, or the server's in-process one for its own pages. */
export type ApiFetch = (url: string, init?: ApiFetchInit) => Promise<ApiResponse>;

export type ApiClientOptions = {
  /** Origin of the API, e.g. 'https://kerygma.example' (the base path is added). */
  origin: string;
  /** Page parameter `apibranch` (selects another API base on the same origin). */
  apibranch?: string | null;
  /** Locale of the interface, sent as Accept-Language. */
  language: string;
  apiKey?: string;
  /** Cache hints added to every request unless it says noCache (spec §7). */
  cache?: CacheHints;
  /** Same-host requests send credentials (cookies); set by the browser build. */
  sameHost?: boolean;
  /** Server-side: the Origin header to send (spec §7: "on the server an Origin header from host"). */
  serverOrigin?: string;
  fetch?: ApiFetch;
  /** Localised 'error.withStatus' text. */
  withStatus?: (status: number) => string;
};

export type RequestOptions = {
  query?: Query;
  /**
   * Fresh: no cache hints, and a browser checks its stored copy with the server before using it
   * (what a manager just changed must show at once; an unchanged answer is a 304).
   */
  noCache?: boolean;
  joinArrays?: boolean;
  signal?: AbortSignal;
  /** Server-side: the Cookie header for the one call that answers the visitor alone (a preview, a webcast's media pass). */
  cookie?: string;
  /** Server-side: given the cookie the answer sets for the visitor (a webcast's media pass), for the page to pass on. */
  setCookie?: (value: string) => void;
};

/**
 * A call by its contract: its path parameters (when its path has some), the query parameters
 * it takes (each value written as text), its body, and the request options.
 */
export type CallRequest<C extends Contract> = Omit<RequestOptions, 'query'> &
  (ContractRequest<C>['params'] extends object
    ? { params: { [K in keyof ContractRequest<C>['params']]: string | number } }
    : { params?: undefined }) & {
    query?: ContractRequest<C>['query'] extends object
      ? { [K in keyof ContractRequest<C>['query']]?: QueryValue }
      : undefined;
    body?: ContractRequest<C>['body'];
  };

/** The part of a contract a request needs: a browser island declares it, checked against the contract. */
export type Route = Pick<Contract, 'method' | 'path' | 'atRoot'>;

/** `/node/sermons/:sermonID` with its parameters, each percent-encoded as one segment. */
function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

/** Sends calls to the API at `options.origin` (its base path added). */
export function createTransport(options: ApiClientOptions) {
  const base = apiBase(options.origin, options.apibranch);
  const doFetch: ApiFetch = options.fetch ?? fetch;
  const withStatus = options.withStatus ?? ((status: number) => `The request failed with status ${status}`);

  /** A GET of a path below the API base, answering what the caller says it does (untyped). */
  async function get<T>(path: string, request: RequestOptions = {}): Promise<T> {
    return send<T>('GET', `${base}${path}`, request);
  }

  /** A call to `route`, typed by its contract `C` (the caller names it: the route alone does not carry the schemas). */
  async function call<C extends Contract>(
    route: Route,
    request: CallRequest<C> = {} as CallRequest<C>,
  ): Promise<ContractResponse<C>> {
    const method = typeof route.method === 'string' ? route.method : (route.method[0] as HttpMethod);
    const path = fillPath(route.path, request.params as Record<string, string | number> | undefined);
    const url = route.atRoot ? `${options.origin.replace(/\/$/, '')}${path}` : `${base}${path.slice(1)}`;
    return send(method, url, { ...request, query: request.query as Query | undefined }, request.body);
  }

  async function send<T>(method: HttpMethod, path: string, request: RequestOptions, json?: unknown): Promise<T> {
    const query: Query = { ...request.query };
    if (!request.noCache && options.cache) Object.assign(query, options.cache);
    const qs = buildQuery(query, request.joinArrays).toString();
    const url = `${path}${qs ? `?${qs}` : ''}`;
    const headers: Record<string, string> = { 'accept-language': options.language, accept: 'application/json' };
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    if (options.serverOrigin) headers.origin = options.serverOrigin;
    if (request.cookie) headers.cookie = request.cookie;
    let response: ApiResponse;
    try {
      if (json !== undefined) headers['content-type'] = 'application/json';
      response = await doFetch(url, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        credentials: options.sameHost ? 'include' : 'omit',
        ...(request.noCache && options.sameHost ? { cache: 'no-cache' as const } : {}),
        signal: request.signal,
      });
    } catch (error) {
      throw errorWithoutResponse(error);
    }
    const type = response.headers.get('content-type') ?? '';
    const body: unknown = type.includes('json') ? await response.json().catch(() => null) : await response.text();
    if (!response.ok) throw errorFromResponse(response.status, body, withStatus);
    const cookie = request.setCookie && response.headers.get('set-cookie');
    if (cookie) request.setCookie?.(cookie);
    return body as T;
  }

  return { get, call };
}
