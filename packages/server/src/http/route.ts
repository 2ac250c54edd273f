import {
  type Contract,
  type ContractInput,
  type ContractResponse,
  methodsOf,
} from '@kerygma/domain/contracts/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from './parse.ts';

/**
 * What a route's handler gets: its params, query and body as the contract parsed them, and
 * what `authorize` answered. It answers the contract's response type, or the reply it sent
 * itself (a file's bytes, a hijacked protocol).
 */
export type RouteHandler<C extends Contract, A> = (
  input: ContractInput<C> & { auth: A },
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<ContractResponse<C> | FastifyReply> | ContractResponse<C> | FastifyReply;

export type RouteOptions<A> = {
  /** Runs before the input is read, so a request without a valid key is refused whatever it sends. */
  authorize?: (req: FastifyRequest) => Promise<A>;
  /** The largest body accepted, in bytes, when more than Fastify's 1 MiB (a feed's XML). */
  bodyLimit?: number;
};

/**
 * Registers a route from its contract: the methods and path, the input validated (a 400 naming
 * each bad field, as parseInput words it; unknown query parameters are ignored), the first
 * success status and the media type of a non-JSON answer. Answers are written by the app's
 * reply serialiser (http/json.ts); their shapes are the contract's by type, and tests parse
 * them with its schemas. Fastify's own serialiser compiled from the schemas (fast-json-stringify)
 * was measured on a 25-sermon list: about a fifth faster for full sermons, but 2.4 times slower
 * for an answer that is lite or full (as every list's is, by its `lite` parameter), and it
 * silently leaves out keys a schema lacks.
 */
/** `METHOD /full/path` of every route registered with an `authorize` (the permission table's check reads it). */
const authorized = new Set<string>();
export const authorizedRoutes = (): ReadonlySet<string> => authorized;

export function route<C extends Contract, A = undefined>(
  app: FastifyInstance,
  contract: C,
  handler: RouteHandler<C, A>,
  options: RouteOptions<A> = {},
): void {
  const status = Number(Object.keys(contract.responses)[0]);
  if (options.authorize) for (const m of methodsOf(contract)) authorized.add(`${m} ${app.prefix}${contract.path}`);
  app.route({
    method: [...methodsOf(contract)],
    url: contract.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (req, reply) => {
      const auth = (options.authorize ? await options.authorize(req) : undefined) as A;
      const input = { ...readInput(contract, req), auth };
      if (status !== 200) reply.status(status);
      if (contract.produces) reply.type(`${contract.produces}; charset=utf-8`);
      return handler(input, req, reply);
    },
  });
}

function readInput<C extends Contract>(contract: C, req: FastifyRequest): ContractInput<C> {
  const { params, query, body, bodyInQuery } = contract;
  return {
    params: params && parseInput(params, req.params),
    query: query && parseInput(query, req.query),
    body:
      body &&
      parseInput(body, bodyInQuery ? { ...(req.query as object), ...((req.body as object | null) ?? {}) } : req.body),
  } as ContractInput<C>;
}
