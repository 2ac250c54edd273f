/** Small helpers for writing generated SQL: literals and weighted pick expressions. */
import type { Weighted } from './vocab.ts';

/** A SQL string literal. */
export function lit(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A text[] constant. */
export function textArray(values: readonly string[]): string {
  return `(ARRAY[${values.map(lit).join(',')}]::text[])`;
}

/** An int[] constant. */
export function intArray(values: readonly number[]): string {
  return `('{${values.join(',')}}'::int[])`;
}

/**
 * Slot table for a weighted list: `slots` entries, each the 1-based index of a value, value i
 * filling a share of the slots proportional to its weight (at least one slot each).
 */
export function slotIndexes(weights: readonly number[], slots: number): number[] {
  const total = weights.reduce((a, w) => a + w, 0);
  const out: number[] = [];
  let cumulative = 0;
  weights.forEach((w, i) => {
    const from = Math.round((cumulative / total) * slots);
    cumulative += w;
    const to = Math.max(from + 1, Math.round((cumulative / total) * slots));
    for (let k = from; k < to; k++) out.push(i + 1);
  });
  return out;
}

/**
 * SQL picking a value of a weighted list from a uniform `u` in [0, 1). Values are sorted by weight
 * (most common first) because reading element n of a text[] walks n elements; the weighted slot
 * array itself is an int[] (constant-time lookup).
 */
export function weightedPick(list: Weighted, u: string, slots = 1000): string {
  const sorted = [...list].sort((a, b) => b[1] - a[1]);
  const idx = slotIndexes(
    sorted.map(([, w]) => w),
    slots,
  );
  return `${textArray(sorted.map(([v]) => v))}[${intArray(idx)}[1 + floor((${u}) * ${idx.length})::int]]`;
}

/** SQL picking one of `values` uniformly from `u` in [0, 1). */
export function uniformPick(values: readonly string[], u: string): string {
  return `${textArray(values)}[1 + floor((${u}) * ${values.length})::int]`;
}

/** SQL picking an integer from a weighted list of integers. */
export function weightedInt(list: Weighted<number>, u: string, slots = 1000): string {
  const idx = slotIndexes(
    list.map(([, w]) => w),
    slots,
  );
  const values = idx.map((i) => list[i - 1]?.[0] ?? 0);
  return `${intArray(values)}[1 + floor((${u}) * ${values.length})::int]`;
}
