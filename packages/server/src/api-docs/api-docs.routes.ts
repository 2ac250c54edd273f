import { apiContracts as c } from '@kerygma/domain/contracts/health';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { apiDocument } from './api-document.ts';
import { referencePage } from './reference-page.ts';

/** The document changes only with a new release. */
const CACHE_CONTROL = 'public, max-age=3600';

/** GET openapi.json and docs: the API described, for machines and for people. */
export function apiDocsRoutes(app: FastifyInstance) {
  let page: string | undefined;
  route(app, c.openApi, (_input, _req, reply) => {
    reply.header('cache-control', CACHE_CONTROL);
    return apiDocument();
  });
  route(app, c.reference, (_input, _req, reply) => {
    reply.header('cache-control', CACHE_CONTROL);
    page ??= referencePage(apiDocument());
    return page;
  });
}
