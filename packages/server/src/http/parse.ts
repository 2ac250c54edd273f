import type { z } from 'zod';
import { invalid } from '../errors.ts';

/**
 * Validates request input with its zod contract; failures become a 400 naming each field.
 * PostgreSQL text cannot hold a NUL, and a value with one failed its query (a 500 for
 * '/sermons/%00'): each is replaced by U+FFFD first, so such an id is simply not found.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(withoutNul(value ?? {}));
  if (result.success) return result.data;
  const fields: Record<string, { key: string; params: Record<string, string> }> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join('.') || 'request';
    fields[name] ??= { key: 'error.invalidParameter', params: { name, detail: issue.message } };
  }
  throw invalid(fields);
}

/** `value` with every NUL in its strings (in arrays and plain objects too) replaced by U+FFFD. */
export function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value;
  if (Array.isArray(value)) return value.map(withoutNul);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)]));
  return value;
}

/**
 * A plain object: `{}`, or one without Object's prototype as Fastify makes query and route
 * parameters (its prototype is an empty object without one). Not a Buffer, stream or date.
 */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  // Object.prototype is itself one without a prototype.
  return proto === null || Object.getPrototypeOf(proto) === null;
}
