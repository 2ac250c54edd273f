import type { OpenApiDocument } from '@kerygma/domain/contracts/openapi';

/**
 * The API reference for integrators as one HTML page, written from the OpenAPI document: every
 * call with its method, path, parameters, description and answers, then every named object with
 * its fields. Plain HTML with its styles inline; it loads nothing.
 */

type Schema = { [key: string]: unknown };
type Parameter = { name: string; in: string; required: boolean; description?: string; schema: Schema };
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
  security?: unknown[];
};

const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Plain text with `code` spans. */
const prose = (text: string) => html(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);
const schemaLink = (name: string) => `<a href="#schema-${html(name)}">${html(name)}</a>`;

/** A schema as a short English type: 'list of Sermon or LiteSermon', 'integer or null', 'one of "a", "b"'. */
export function typeText(schema: Schema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return 'any value';
  if (typeof schema.$ref === 'string') return schemaLink(refName(schema.$ref));
  const anyOf = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (anyOf) return anyOf.map(typeText).join(' or ');
  if ('const' in schema) return `<code>${html(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum))
    return `one of ${schema.enum.map((v) => `<code>${html(JSON.stringify(v))}</code>`).join(', ')}`;
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  return types
    .map((type) => {
      if (type === 'array') return `list of ${typeText(schema.items as Schema)}`;
      if (type === 'object' && schema.additionalProperties && !schema.properties)
        return `map of ${typeText(schema.additionalProperties as Schema)}`;
      return type === undefined ? 'any value' : html(type);
    })
    .join(' or ');
}

/** Limits worth telling: lengths, ranges, patterns, defaults. */
function limits(schema: Schema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    parts.push(`${schema.minLength ?? 0}–${schema.maxLength ?? '∞'} characters`);
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    parts.push(`${schema.minimum ?? '−∞'}–${schema.maximum ?? '∞'}`);
  if (typeof schema.pattern === 'string') parts.push(`matching <code>${html(schema.pattern)}</code>`);
  if (schema.default !== undefined) parts.push(`default <code>${html(JSON.stringify(schema.default))}</code>`);
  return parts.join('; ');
}

function fieldTable(properties: Record<string, Schema>, required: readonly string[]): string {
  const rows = Object.entries(properties).map(([name, s]) => {
    const note = [typeof s.description === 'string' ? prose(s.description) : '', limits(s)].filter(Boolean).join('. ');
    return `<tr><td><code>${html(name)}</code>${required.includes(name) ? '' : ' <span class="opt">optional</span>'}</td><td>${typeText(s)}</td><td>${note}</td></tr>`;
  });
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** An answer or body: a named object or list as its type, an inline object as its fields. */
function shape(schema: Schema): string {
  if (schema.type === 'object' && schema.properties)
    return fieldTable(schema.properties as Record<string, Schema>, (schema.required as string[]) ?? []);
  return `<p>${typeText(schema)}</p>`;
}

function parameterTable(parameters: Parameter[]): string {
  if (!parameters.length) return '';
  const rows = parameters.map((p) => {
    const note = [p.description ? prose(p.description) : '', limits(p.schema)].filter(Boolean).join('. ');
    return `<tr><td><code>${html(p.name)}</code></td><td>${p.in}</td><td>${typeText(p.schema)}</td><td>${p.required ? 'yes' : ''}</td><td>${note}</td></tr>`;
  });
  return `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function operationSection(method: string, path: string, op: Operation): string {
  const body = op.requestBody?.content['application/json']?.schema;
  const responses = Object.entries(op.responses).map(([status, r]) => {
    const [type, content] = Object.entries(r.content ?? {})[0] ?? [];
    const isError = content?.schema.$ref === '#/components/schemas/Error';
    return `<li><strong>${html(status)}</strong> ${html(r.description)}${
      type && type !== 'application/json' ? ` (<code>${html(type)}</code>)` : ''
    }${content && !isError ? shape(content.schema) : ''}</li>`;
  });
  return `<section class="op" id="${html(op.operationId)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${html(path)}</code></h3>
<p class="summary">${html(op.summary)}</p>
<p>${prose(op.description)}</p>
${op.security ? `<p class="auth">${authNote(op.security)}</p>` : ''}
${parameterTable(op.parameters)}
${body ? `<h4>Body (JSON)${op.requestBody?.required ? '' : ', optional'}</h4>${shape(body)}` : ''}
<h4>Answers</h4><ul class="answers">${responses.join('')}</ul>
</section>`;
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;color:#1d1d1f;background:#fff;margin:0}
main{max-width:60rem;margin:0 auto;padding:1rem 1.25rem 4rem}
h1{font-size:1.8rem;margin:.5rem 0}h2{margin-top:2.5rem;border-bottom:2px solid #ddd;padding-bottom:.25rem}
h3{font-size:1.1rem;margin:0 0 .25rem;word-break:break-all}h4{margin:1rem 0 .25rem;font-size:.95rem}
.op{border:1px solid #ddd;border-radius:6px;padding:1rem;margin:1rem 0}
.summary{font-weight:600;margin:.25rem 0}
.method{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;padding:0 .3em;color:#fff;font:700 .8rem/1.6 ui-monospace,monospace;background:#3c5a99}
.method.post{background:#1f7a3a}.method.put,.method.patch{background:#8a5a00}.method.delete{background:#a12b2b}.method.head,.method.options{background:#555}
code{font:.9em ui-monospace,monospace;background:#f2f2f4;border-radius:3px;padding:0 .2em}
table{border-collapse:collapse;width:100%;margin:.25rem 0;font-size:.9rem}
th,td{border:1px solid #e2e2e2;padding:.25rem .4rem;text-align:left;vertical-align:top}th{background:#f7f7f9}
.opt{color:#666;font-size:.8em}.auth{color:#8a5a00}
ul.answers{padding-left:1.2rem}nav ul{columns:2}a{color:#1a56b0}
@media (prefers-color-scheme:dark){body{background:#161618;color:#e8e8ea}code,th{background:#26262a}th,td,.op{border-color:#3a3a40}a{color:#8db4ff}.opt{color:#aaa}}
`;

/** The reference page. */
export function referencePage(doc: OpenApiDocument): string {
  const base = doc.servers[0]?.url ?? '';
  const operations = Object.entries(doc.paths).flatMap(([path, item]) => {
    const servers = item.servers as { url: string }[] | undefined;
    const full = `${(servers?.[0]?.url ?? base).replace(/\/$/, '')}${path}`;
    return Object.entries(item)
      .filter(([method]) => method !== 'servers')
      .map(([method, op]) => ({ method, path: full, op: op as Operation }));
  });
  const sections = doc.tags.map(({ name }) => {
    const ops = operations.filter((o) => o.op.tags.includes(name));
    return `<h2 id="tag-${html(name.replace(/\W+/g, '-'))}">${html(name)}</h2>${ops.map((o) => operationSection(o.method, o.path, o.op)).join('\n')}`;
  });
  const schemas = Object.entries(doc.components.schemas).map(
    ([name, schema]) =>
      `<section class="op" id="schema-${html(name)}"><h3>${html(name)}</h3>${shape(schema)}</section>`,
  );
  const toc = doc.tags
    .map(({ name }) => `<li><a href="#tag-${html(name.replace(/\W+/g, '-'))}">${html(name)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${html(doc.info.title)} reference</title><style>${STYLE}</style></head>
<body><main>
<h1>${html(doc.info.title)} reference</h1>
<p>${prose(doc.info.description)}</p>
<p>Every path below is under <code>${html(base)}</code> unless it is written in full. The same description as an OpenAPI 3.1 document: <a href="${html(base)}/openapi.json"><code>${html(base)}/openapi.json</code></a>.</p>
<nav><h2>Contents</h2><ul>${toc}<li><a href="#schemas">Objects</a></li></ul></nav>
${sections.join('\n')}
<h2 id="schemas">Objects</h2>
${schemas.join('\n')}
</main></body></html>`;
}

/** Who may call an operation, from its security requirement. */
function authNote(security: unknown[]): string {
  const has = (name: string) => security.some((s) => typeof s === 'object' && s !== null && name in s);
  const user = 'a signed-in user: the session cookie, or <code>Authorization: Bearer</code> with the access token';
  if (has('apiKey') && has('bearer'))
    return `Needs the broadcaster’s API key in the <code>X-API-Key</code> header, or ${user}, holding the role the call needs on the broadcaster.`;
  return has('apiKey') ? 'Needs the broadcaster’s API key in the <code>X-API-Key</code> header.' : `Needs ${user}.`;
}
