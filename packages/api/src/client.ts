import type {
  Broadcaster,
  ListResponse,
  LiteBroadcaster,
  LiteSermon,
  Series,
  Sermon,
  Speaker,
} from '@kerygma/domain/catalogue';
import {
  apiBase,
  buildQuery,
  type CacheHints,
  errorFromResponse,
  errorWithoutResponse,
  type Query,
} from './request.ts';

/** What the client reads of a response: a fetch Response has it, and so does an in-process answer. */
export type ApiResponse = {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
  text(): Promise<string>;
};
/** The fetch the client calls: the global fetch, or the server's in-process one for its own pages. */
export type ApiFetch = (url: string, init?: RequestInit) => Promise<ApiResponse>;

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

export type RequestOptions = { query?: Query; noCache?: boolean; joinArrays?: boolean; signal?: AbortSignal };

/** The typed client over the catalogue API; the site, the dashboard, e2e tests and scripts use it. */
export function createApiClient(options: ApiClientOptions) {
  const base = apiBase(options.origin, options.apibranch);
  const doFetch: ApiFetch = options.fetch ?? fetch;
  const withStatus = options.withStatus ?? ((status: number) => `The request failed with status ${status}`);

  async function get<T>(path: string, request: RequestOptions = {}): Promise<T> {
    return send<T>('GET', path, request);
  }

  async function post<T>(path: string, body: unknown, request: RequestOptions = {}): Promise<T> {
    return send<T>('POST', path, request, body);
  }

  async function send<T>(method: 'GET' | 'POST', path: string, request: RequestOptions, json?: unknown): Promise<T> {
    const query: Query = { ...request.query };
    if (!request.noCache && options.cache) Object.assign(query, options.cache);
    const qs = buildQuery(query, request.joinArrays).toString();
    const url = `${base}${path}${qs ? `?${qs}` : ''}`;
    const headers: Record<string, string> = { 'accept-language': options.language, accept: 'application/json' };
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    if (options.serverOrigin) headers.origin = options.serverOrigin;
    let response: ApiResponse;
    try {
      if (json !== undefined) headers['content-type'] = 'application/json';
      response = await doFetch(url, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        credentials: options.sameHost ? 'include' : 'omit',
        signal: request.signal,
      });
    } catch (error) {
      throw errorWithoutResponse(error);
    }
    const type = response.headers.get('content-type') ?? '';
    const body: unknown = type.includes('json') ? await response.json().catch(() => null) : await response.text();
    if (!response.ok) throw errorFromResponse(response.status, body, withStatus);
    return body as T;
  }

  const seg = encodeURIComponent;

  return {
    get,
    post,
    /** sermonIDs go comma-joined (spec §7); other list parameters repeat. */
    sermons: (query: Query = {}, lite = true) =>
      get<ListResponse<LiteSermon | Sermon>>('node/sermons', {
        query: {
          lite,
          ...query,
          sermonIDs: Array.isArray(query.sermonIDs) ? query.sermonIDs.join(',') : query.sermonIDs,
        },
      }),
    sermon: (id: string, lite = true) => get<Sermon | LiteSermon>(`node/sermons/${seg(id)}`, { query: { lite } }),
    waveform: (id: string) => get<{ data: number[] }>(`node/sermons/${seg(id)}/waveform`),
    broadcasters: (query: Query = {}) =>
      get<ListResponse<Broadcaster | LiteBroadcaster>>('node/broadcasters', { query }),
    broadcaster: (id: string, lite = true) =>
      get<Broadcaster | LiteBroadcaster>(`node/broadcasters/${seg(id)}`, { query: { lite } }),
    broadcasterSeries: (id: string, query: Query = {}) =>
      get<ListResponse<Series>>(`node/broadcasters/${seg(id)}/series`, { query }),
    speakers: (query: Query = {}) => get<ListResponse<Speaker>>('node/speakers', { query }),
    speaker: (idOrName: string | number) => get<Speaker>(`node/speakers/${seg(String(idOrName))}`),
    series: (id: string | number) => get<Series>(`node/series/${seg(String(id))}`),
    /** Search: list parameters are comma-joined, lite by default (spec §7). */
    search: (query: string, params: Query = {}) =>
      get<Record<string, unknown>>('node/search', {
        query: { query, lite: true, liteBroadcaster: true, ...params },
        joinArrays: true,
      }),
    health: () => get<{ status: string }>('healthz', { noCache: true }),
    /** Where an unmatched path goes (spec §7 POST map-path); any failure yields nothing (§8). */
    mapPath: (url: string) =>
      post<{ status: number; url: string; internal: boolean }>('map-path', { url }, { noCache: true }).catch(
        () => undefined,
      ),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
