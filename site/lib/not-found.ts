import { ApiRequestError } from '@kerygma/api/request';

/**
 * The API's answer, or undefined when it says 404 (or 400: a malformed id or name in the path
 * cannot name anything). Other failures are real errors.
 */
export async function orNotFound<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return undefined;
    throw error;
  }
}
