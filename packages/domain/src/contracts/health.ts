import { z } from 'zod';
import { contract } from './contract.ts';

/** The API's own calls: its health and its documentation. */

const healthSchema = z.object({ status: z.string(), database: z.string().optional() });
const tag = 'This API';

export const apiContracts = {
  health: contract({
    method: 'GET',
    path: '/healthz',
    tag,
    summary: 'Health check',
    description:
      'Whether the server and its database answer: 200, or 503 while the database is unreachable or the server drains.',
    responses: { 200: healthSchema, 503: healthSchema },
  }),
  openApi: contract({
    method: 'GET',
    path: '/openapi.json',
    tag,
    summary: 'The OpenAPI document',
    description: 'This API as an OpenAPI 3.1 document, generated from the same contracts the server validates with.',
    responses: { 200: z.record(z.string(), z.unknown()) },
  }),
  reference: contract({
    method: 'GET',
    path: '/docs',
    tag,
    summary: 'This reference',
    description: 'The API reference as a page, generated from the same contracts.',
    responses: { 200: z.string() },
    produces: 'text/html',
  }),
};
