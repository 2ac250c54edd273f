import type { z } from 'zod';
import { invalid } from '../errors.ts';

/** Validates request input with its zod contract; failures become a 400 naming each field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields: Record<string, { key: string; params: Record<string, string> }> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join('.') || 'request';
    fields[name] ??= { key: 'error.invalidParameter', params: { name, detail: issue.message } };
  }
  throw invalid(fields);
}
