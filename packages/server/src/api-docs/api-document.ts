import { contracts } from '@kerygma/domain/contracts/index';
import { type OpenApiDocument, openApiDocument } from '@kerygma/domain/contracts/openapi';
import { API_BASE } from '../http/api-base.ts';

let document: OpenApiDocument | undefined;

/** The API's OpenAPI document, made from the contracts once per process (they do not change). */
export function apiDocument(): OpenApiDocument {
  document ??= openApiDocument(contracts, {
    apiBase: API_BASE,
    title: 'Kerygma API',
    version: '2',
    description:
      "The JSON API of a Kerygma sermon site, compatible with SermonAudio's public API v2. Lists answer " +
      '`{nodeType, nodeDisplayName, totalCount, next, results}`; follow `next` for the following page. ' +
      'Errors answer `{errors: {field: message}, status, code}` in the language of `Accept-Language`. ' +
      'Unknown query parameters are ignored.',
  });
  return document;
}
