import { ApiRequestError } from '@kerygma/api/request';

/**
 * The API's 400 for a page number it does not give (deeper than NUMBERED_ROWS: `errors.page`
 * says to follow `next`). A site page whose page number asks for one has no such page: it
 * answers 404, as for a page past the end of its list.
 */
export function isRefusedPage(error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return false;
  const errors = (error.body as { errors?: Record<string, unknown> } | null)?.errors;
  return errors !== undefined && 'page' in errors;
}
