import type { Contract, ContractRequest, ContractResponse, HttpMethod } from '@kerygma/domain/contracts/contract';
import { contracts } from '@kerygma/domain/contracts/index';
import {
  apiBase,
  buildQuery,
  type CacheHints,
  errorFromResponse,
  errorWithoutResponse,
  type Query,
  type QueryValue,
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

type Sent<C extends Contract> = ContractRequest<C>;

/**
 * A call by its contract: its path parameters (when its path has some), the query parameters
 * it takes (each value written as text), its body, and the request options.
 */
export type CallRequest<C extends Contract> = Omit<RequestOptions, 'query'> &
  (Sent<C>['params'] extends object
    ? { params: { [K in keyof Sent<C>['params']]: string | number } }
    : { params?: undefined }) & {
    query?: Sent<C>['query'] extends object ? { [K in keyof Sent<C>['query']]?: QueryValue } : undefined;
    body?: Sent<C>['body'];
  };

type Contracts = typeof contracts;

/** A function per contract; those with path parameters need them, the others may be called bare. */
export type Calls = {
  [K in keyof Contracts]: Sent<Contracts[K]>['params'] extends object
    ? (request: CallRequest<Contracts[K]>) => Promise<ContractResponse<Contracts[K]>>
    : (request?: CallRequest<Contracts[K]>) => Promise<ContractResponse<Contracts[K]>>;
};

/** `/node/sermons/:sermonID` with its parameters, each percent-encoded as one segment. */
function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

/** The typed client over the catalogue API; the site, the dashboard, e2e tests and scripts use it. */
export function createApiClient(options: ApiClientOptions) {
  const base = apiBase(options.origin, options.apibranch);
  const doFetch: ApiFetch = options.fetch ?? fetch;
  const withStatus = options.withStatus ?? ((status: number) => `The request failed with status ${status}`);

  /** A GET of a path below the API base, answering what the caller says it does (untyped). */
  async function get<T>(path: string, request: RequestOptions = {}): Promise<T> {
    return send<T>('GET', `${base}${path}`, request);
  }

  /** A call by its contract, answering the contract's type. */
  async function call<C extends Contract>(
    contract: C,
    request: CallRequest<C> = {} as CallRequest<C>,
  ): Promise<ContractResponse<C>> {
    const method = typeof contract.method === 'string' ? contract.method : (contract.method[0] as HttpMethod);
    const path = fillPath(contract.path, request.params as Record<string, string | number> | undefined);
    const url = contract.atRoot ? `${options.origin.replace(/\/$/, '')}${path}` : `${base}${path.slice(1)}`;
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

  /** Every contract as a function: `api.calls.topics()`, `api.calls.sermonDetail({ params: { sermonID } })`. */
  const calls = Object.fromEntries(
    Object.entries(contracts).map(([name, contract]) => [
      name,
      (request?: CallRequest<Contract>) => call(contract as Contract, request),
    ]),
  ) as unknown as Calls;

  return {
    get,
    call,
    calls,
    /** sermonIDs go comma-joined (spec §7); other list parameters repeat. */
    sermons: (query: Query = {}, lite = true) =>
      calls.sermonList({
        query: {
          lite,
          ...query,
          sermonIDs: Array.isArray(query.sermonIDs) ? query.sermonIDs.join(',') : query.sermonIDs,
        },
      }),
    sermon: (id: string, lite = true) => calls.sermonDetail({ params: { sermonID: id }, query: { lite } }),
    waveform: (id: string) => calls.sermonWaveform({ params: { sermonID: id } }),
    broadcasters: (query: Query = {}) => calls.broadcasterList({ query }),
    broadcaster: (id: string, lite = true) =>
      calls.broadcasterDetail({ params: { broadcasterID: id }, query: { lite } }),
    broadcasterSeries: (id: string, query: Query = {}) =>
      calls.broadcasterSeriesList({ params: { broadcasterID: id }, query }),
    speakers: (query: Query = {}) => calls.speakerList({ query }),
    speaker: (idOrName: string | number) => calls.speakerDetail({ params: { speaker: idOrName } }),
    series: (id: string | number) => calls.seriesDetail({ params: { seriesID: id } }),
    /** Search: list parameters are comma-joined, lite by default (spec §7). */
    search: (query: string, params: Query = {}) =>
      calls.search({ query: { query, lite: true, liteBroadcaster: true, ...params }, joinArrays: true }),
    health: () => calls.health({ noCache: true }),
    /** Where an unmatched path goes (spec §7 POST map-path); any failure yields nothing (§8). */
    mapPath: (url: string) => calls.mapPath({ body: { url }, noCache: true }).catch(() => undefined),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
