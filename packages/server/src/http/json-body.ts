import type { FastifyInstance } from 'fastify';
import { invalid } from '../errors.ts';

/** JSON request bodies nested deeper than this are refused: no API input comes near it. */
export const MAX_JSON_DEPTH = 64;

/**
 * JSON bodies are parsed by Fastify's own parser (with its prototype-poisoning checks) once
 * their nesting is known to be shallow: a body a few thousand levels deep overflowed the stack of
 * the code walking the parsed value (a 500); it now answers 400 before it is parsed.
 */
export function refuseDeepJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (nestingDepth(body as string) > MAX_JSON_DEPTH) {
      done(invalid({ body: { key: 'error.bodyTooDeep', params: { depth: MAX_JSON_DEPTH } } }), undefined);
      return;
    }
    parse(req, body as string, done);
  });
}

/** The deepest nesting of arrays and objects in JSON text (brackets inside strings do not count). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}
