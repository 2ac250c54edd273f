import type { RequestOptions, Route } from '@kerygma/api/transport';
import { sessionCall } from '../session/index.ts';

/**
 * A call for the signed-in listener from a library island: the session client's `sessionCall`
 * (cookies sent; a 401 renews the session once and sends the call again), typed by the answer
 * the caller names (routes.ts takes the types from the library contracts).
 */
export type CallInput = Omit<RequestOptions, 'query'> & {
  params?: Record<string, string | number>;
  query?: RequestOptions['query'];
  body?: unknown;
};

export function userCall<T>(route: Route, input: CallInput = {}): Promise<T> {
  return sessionCall(route, input as never) as Promise<T>;
}
