/**
 * Typed domain errors. Services throw these; one Fastify error handler turns them into the
 * spec's error shape: `{ errors: { <key>: <message> }, status, code }` (§8), always JSON.
 * Messages are locale-message keys with parameters, translated for the request's language.
 */
export type MessageRef = { key: string; params?: Record<string, string | number> };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, MessageRef | string>;
  /** Headers the answer carries, e.g. Retry-After with a 429. */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    fields: Record<string, MessageRef | string>,
    headers: Record<string, string> = {},
  ) {
    super(code);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }
}

export const notFound = (key: string, params?: MessageRef['params']) =>
  new ApiError(404, 'not_found', { error: { key, params } });

/** Bad input: field → plain-English detail from validation, or a message key. */
export const invalid = (fields: Record<string, MessageRef | string>) => new ApiError(400, 'invalid_request', fields);

export const forbidden = () => new ApiError(403, 'forbidden', { error: { key: 'error.unavailablePermissions' } });
