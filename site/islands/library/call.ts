import { createTransport, type RequestOptions, type Route } from '@kerygma/api/transport';
import { signedOut } from '../../stores/session.ts';

/**
 * A signed-in call from an island: cookies sent (same host), and on a 401 the session is renewed
 * once (`POST site/users/refresh`) and the call tried again; a second 401 means signed out.
 */
export type CallInput = Omit<RequestOptions, 'query'> & {
  params?: Record<string, string | number>;
  query?: RequestOptions['query'];
  body?: unknown;
};

const REFRESH: Route = { method: 'POST', path: '/site/users/refresh' };

const transport = () =>
  createTransport({ origin: location.origin, language: document.documentElement.lang || 'en', sameHost: true });

const status = (error: unknown) => (error as { status?: number } | null)?.status;

export async function userCall<T>(route: Route, input: CallInput = {}): Promise<T> {
  // The transport is typed by contract; these routes carry their own answer types (routes.ts).
  const send = () => transport().call(route, input as never) as Promise<T>;
  try {
    return await send();
  } catch (error) {
    if (status(error) !== 401) throw error;
    try {
      await transport().call(REFRESH, {} as never);
    } catch {
      signedOut();
      throw error;
    }
    try {
      return await send();
    } catch (again) {
      if (status(again) === 401) signedOut();
      throw again;
    }
  }
}
