import { z } from 'zod';

/**
 * A route contract: what one API call takes and answers, as zod schemas. The server registers
 * and validates the route from it (packages/server/src/http/route.ts), the client is typed by it
 * (packages/api), and the OpenAPI document and the reference page are generated from it.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Statuses a route answers with the error shape, besides 400 for bad input and 500. */
export type ErrorStatus = 401 | 403 | 404 | 409 | 413 | 415 | 416 | 422 | 429 | 501 | 503;

export type Contract = {
  method: HttpMethod | readonly HttpMethod[];
  /** The Fastify path below the API base (`/api/v2`), or below the site root when `atRoot`. */
  path: string;
  /** Served at the site root rather than under the API base (oEmbed). */
  atRoot?: true;
  /** The reference page's section. */
  tag: string;
  /** A line naming what the call does. */
  summary: string;
  /** What an integrator needs to know, in plain English. */
  description: string;
  /**
   * What authorises the call: the broadcaster's API key in the `X-API-Key` header, a signed-in
   * user's session (its cookie, or `Authorization: Bearer <access token>`), or either
   * (`apiKeyOrSession`: the key, or a user with the role the call needs on the broadcaster).
   * The server's guards (packages/server/src/accounts/guards.ts) enforce it; every contract with
   * `auth` must have a row in the permission table (accounts/permissions.db.test.ts).
   */
  auth?: 'apiKey' | 'session' | 'apiKeyOrSession';
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body's fields may also come as query parameters (existing clients send them so). */
  bodyInQuery?: true;
  /** Success answers by status. */
  responses: Readonly<Partial<Record<200 | 201 | 202 | 204 | 422 | 503, z.ZodType>>>;
  /** Media type of the answers when not JSON. */
  produces?: 'text/plain' | 'text/html';
  /** Error statuses the call answers in the API's error shape (400 is implied by any input). */
  errors?: readonly ErrorStatus[];
};

/** Declares a contract, keeping its literal types (paths, statuses, schemas) for inference. */
export function contract<const C extends Contract>(c: C): C {
  return c;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler gets: params, query and body as the contract's schemas parsed them. */
export type ContractInput<C extends Contract> = {
  params: Output<C['params']>;
  query: Output<C['query']>;
  body: Output<C['body']>;
};

/** The success answers' type (the first success status's schema, or the union of all). */
export type ContractResponse<C extends Contract> = {
  [S in keyof C['responses']]: Output<C['responses'][S]>;
}[keyof C['responses']];

/** What a client sends: the schemas' input types (before defaults and coercion). */
export type ContractRequest<C extends Contract> = {
  params: Input<C['params']>;
  query: Input<C['query']>;
  body: Input<C['body']>;
};

/** The methods of a contract as a list. */
export function methodsOf(c: Pick<Contract, 'method'>): readonly HttpMethod[] {
  return typeof c.method === 'string' ? [c.method] : c.method;
}

/** The API's one error shape (spec §8): a message per field, the status and a code. */
export const apiErrorSchema = z.object({
  errors: z.record(z.string(), z.string()),
  status: z.number().int(),
  code: z.string(),
});
