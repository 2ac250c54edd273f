import { ApiRequestError } from '@kerygma/api/request';
import { QueryClient } from '@tanstack/react-query';

/** Server state (TanStack Query): a failed read is retried only when the server failed (5xx, no answer). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          count < 2 && (!(error instanceof ApiRequestError) || error.status >= 500 || error.status === 405),
      },
    },
  });
}

/** Whether an error is the API's 404 (a route entry check's "nothing returned", spec §2). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 404;

/** The message to show for a failed call: the API's own (in the asker's language), else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.message) return error.message;
  return fallback;
}
