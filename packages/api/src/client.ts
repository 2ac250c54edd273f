import type { Contract, ContractRequest, ContractResponse } from '@kerygma/domain/contracts/contract';
import { contracts } from '@kerygma/domain/contracts/index';
import type { Query } from './request.ts';
import { type ApiClientOptions, type CallRequest, createTransport } from './transport.ts';

type Contracts = typeof contracts;

/** A function per contract; those with path parameters need them, the others may be called bare. */
export type Calls = {
  [K in keyof Contracts]: ContractRequest<Contracts[K]>['params'] extends object
    ? (request: CallRequest<Contracts[K]>) => Promise<ContractResponse<Contracts[K]>>
    : (request?: CallRequest<Contracts[K]>) => Promise<ContractResponse<Contracts[K]>>;
};

/** The typed client over the catalogue API; the site, the dashboard, e2e tests and scripts use it. */
export function createApiClient(options: ApiClientOptions) {
  const transport = createTransport(options);
  const { get } = transport;
  /** A call by its contract, answering the contract's type. */
  const call = <C extends Contract>(contract: C, request?: CallRequest<C>) => transport.call<C>(contract, request);

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
    /** The webcasts live now (spec §7 GET node/webcasts/lite) and their count; never cached long. */
    webcastsInProgress: (broadcasterID?: string) =>
      calls.webcastsInProgressLite({ query: broadcasterID ? { broadcasterID } : {}, noCache: true }),
    webcastsInProgressCount: (broadcasterID?: string) =>
      calls.webcastsInProgressCount({ query: broadcasterID ? { broadcasterID } : {}, noCache: true }),
    /** Ended webcasts with a listed replay, newest first. */
    webcastHistory: (page = 1, pageSize = 25) => calls.webcastHistory({ query: { page, pageSize } }),
    /** A broadcaster's live webcast and listed replays; live state changes fast, so never cached long. */
    broadcasterWebcasts: (broadcasterID: string, page = 1, pageSize = 25) =>
      calls.broadcasterWebcasts({ params: { broadcasterID }, query: { page, pageSize }, noCache: true }),
    /** The first `pageSize` scheduled webcasts not yet past, soonest first, of one broadcaster or all. */
    webcastsScheduled: (broadcasterID?: string, pageSize = 10) =>
      broadcasterID
        ? calls.broadcasterWebcastsScheduled({ params: { broadcasterID }, query: { pageSize }, noCache: true })
        : calls.webcastsScheduled({ query: { pageSize }, noCache: true }),
    /**
     * One webcast or its replay; `password` unlocks a protected one (on the server, `setCookie`
     * gets the media pass the answer gives the visitor's browser), as does a valid media pass sent
     * in `cookie` (`kerygma_webcast`); `preview` (with the visitor's `cookie`, on the server) shows
     * its managers one not yet public.
     */
    webcast: (
      broadcasterID: string,
      webcastID: string,
      options: { password?: string; preview?: boolean; cookie?: string; setCookie?: (value: string) => void } = {},
    ) =>
      calls.broadcasterWebcast({
        params: { broadcasterID, webcastID },
        query: {
          ...(options.password ? { password: options.password } : {}),
          ...(options.preview ? { preview: true } : {}),
        },
        noCache: true,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.setCookie ? { setCookie: options.setCookie } : {}),
      }),
    health: () => calls.health({ noCache: true }),
    /** Where an unmatched path goes (spec §7 POST map-path); any failure yields nothing (§8). */
    mapPath: (url: string) => calls.mapPath({ body: { url }, noCache: true }).catch(() => undefined),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
