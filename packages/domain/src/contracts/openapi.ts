import { z } from 'zod';
import { COMPONENTS } from './components.ts';
import { type Contract, methodsOf } from './contract.ts';

/**
 * The OpenAPI 3.1 document of a set of contracts (JSON Schema draft 2020-12, as OpenAPI 3.1
 * uses). Answers use the named components (COMPONENTS) by reference; inputs are described as
 * clients send them (before defaults and coercion).
 */

type JsonSchema = { [key: string]: unknown };
export type OpenApiDocument = {
  openapi: '3.1.1';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
};

export type OpenApiOptions = { apiBase: string; title: string; version: string; description: string };

const COMPONENT_REF = '#/components/schemas/';
const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input: each field named with what is wrong',
  401: 'Not signed in, or no API key or an unknown one',
  403: 'Not allowed: without the role this needs (another broadcaster), or a write from another site',
  404: 'Not found',
  409: 'The upload is not in a state that takes this request',
  413: 'The file is too large',
  422: 'The file was received but is not what its type says',
  429: 'Too many attempts: try again later',
  501: 'Not implemented',
  503: 'Unavailable',
};

/** `/node/sermons/:sermonID` → `/node/sermons/{sermonID}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The contract's name, followed by the method when the contract has several (ids must be unique). */
export function operationId(name: string, c: Contract, method: string): string {
  if (methodsOf(c).length === 1) return name;
  return `${name}${method.charAt(0)}${method.slice(1).toLowerCase()}`;
}

/** Answers in one conversion, so that they refer to the components (and to nothing else). */
function responseSchemas(entries: [string, Contract][]) {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of COMPONENTS) registry.add(schema, { id });
  const slots = new Map<string, string>();
  for (const [name, c] of entries) {
    for (const [status, schema] of Object.entries(c.responses)) {
      const id = registry.get(schema as z.ZodType)?.id;
      if (id) slots.set(`${name} ${status}`, id);
      else {
        // A copy: the same schema may sit inside another route's answer, which must not refer to this slot.
        slots.set(`${name} ${status}`, `${name}.${status}`);
        registry.add((schema as z.ZodType).clone(), { id: `${name}.${status}` });
      }
    }
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `${COMPONENT_REF}${id}`,
    override: withoutSafeIntegerBounds,
  });
  for (const schema of Object.values(schemas)) {
    delete schema.$id;
    delete schema.$schema;
  }
  const components: Record<string, JsonSchema> = {};
  for (const [id] of COMPONENTS) components[id] = schemas[id] as JsonSchema;
  const answer = (name: string, status: string): JsonSchema => {
    const id = slots.get(`${name} ${status}`) as string;
    return id in components ? { $ref: `${COMPONENT_REF}${id}` } : (schemas[id] as JsonSchema);
  };
  return { components, answer };
}

/** `z.number().int()` says its range is JavaScript's safe integers: true of every integer here, so left unsaid. */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: JsonSchema }) {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

function inputSchema(schema: z.ZodType): JsonSchema {
  const json: JsonSchema = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    override: withoutSafeIntegerBounds,
  });
  delete json.$schema;
  return json;
}

/** Each property of an object schema as an OpenAPI parameter. */
function parameters(schema: z.ZodType, where: 'path' | 'query') {
  const json = inputSchema(schema);
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties as Record<string, JsonSchema> | undefined) ?? {}).map(([name, s]) => {
    const { description, ...rest } = s;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function operation(name: string, method: string, c: Contract, answer: (name: string, status: string) => JsonSchema) {
  const responses: Record<string, unknown> = {};
  for (const status of Object.keys(c.responses)) {
    const type = c.produces ?? 'application/json';
    responses[status] = {
      description: Number(status) < 300 ? 'Success' : 'Answer',
      content: { [type]: { schema: answer(name, status) } },
    };
  }
  const hasInput = Boolean(c.params || c.query || c.body);
  for (const status of [...(hasInput ? [400] : []), ...(c.errors ?? [])]) {
    responses[status] ??= {
      description: ERROR_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: { $ref: `${COMPONENT_REF}Error` } } },
    };
  }
  const body = c.body ? inputSchema(c.body) : undefined;
  return {
    operationId: operationId(name, c, method),
    tags: [c.tag],
    summary: c.summary,
    description: c.bodyInQuery
      ? `${c.description} The body's fields may also be sent as query parameters.`
      : c.description,
    parameters: [...(c.params ? parameters(c.params, 'path') : []), ...(c.query ? parameters(c.query, 'query') : [])],
    ...(body
      ? {
          requestBody: {
            required: !c.body?.safeParse(undefined).success,
            content: { 'application/json': { schema: body } },
          },
        }
      : {}),
    responses,
    ...(c.auth === 'apiKey' ? { security: [{ apiKey: [] }] } : {}),
    ...(c.auth === 'session' ? { security: [{ sessionCookie: [] }, { bearer: [] }] } : {}),
    ...(c.auth === 'apiKeyOrSession' ? { security: [{ apiKey: [] }, { sessionCookie: [] }, { bearer: [] }] } : {}),
  };
}

export function openApiDocument(all: Record<string, Contract>, options: OpenApiOptions): OpenApiDocument {
  const entries = Object.entries(all);
  const { components, answer } = responseSchemas(entries);
  const paths: OpenApiDocument['paths'] = {};
  for (const [name, c] of entries) {
    const path = openApiPath(c.path);
    const item = paths[path] ?? (c.atRoot ? { servers: [{ url: '/' }] } : {});
    paths[path] = item;
    for (const method of methodsOf(c)) item[method.toLowerCase()] = operation(name, method, c, answer);
  }
  return {
    openapi: '3.1.1',
    info: { title: options.title, version: options.version, description: options.description },
    servers: [{ url: options.apiBase }],
    tags: [...new Set(entries.map(([, c]) => c.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'kerygma_access' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
