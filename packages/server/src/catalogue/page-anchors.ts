import type { Db } from '../db/db.ts';
import type { KeyColumn } from './paging.ts';

/**
 * Keyset paging behind bare page numbers. A page asked for by its number alone (`?page=N`: the
 * site's page links, and search engines, which keep the canonical `?page=N`) would skip its
 * (N-1)·size rows by OFFSET, reading every one: at 2.1M sermons the middle of the catalogue
 * took 0.8 s and its last page 0.5 s. From `deepFrom` rows on, the list's sort keys at every
 * `every`-th row are read in one pass (from the index where it covers the filter) and kept for
 * ANCHOR_TTL_MS; a page then continues by keyset from the nearest of these anchors before it,
 * skipping fewer than `every` rows.
 *
 * Anchors are as old as ANCHOR_TTL_MS at most: sermons published meanwhile shift a numbered
 * deep page by as many rows, as a cached page would be. `next` links carry exact cursors.
 */
export type Anchoring = { deepFrom: number; every: number };
export const ANCHORING: Anchoring = { deepFrom: 5_000, every: 1_000 };

export const ANCHOR_TTL_MS = 5 * 60_000;
/** Lists whose anchors are kept (2.1M rows hold 2,100 anchors, about 200 KB). */
const MAX_LISTS = 100;

/** Sort keys of every `every`-th row of a list, in order. */
type Anchors = unknown[][];
const kept = new WeakMap<Db, Map<string, Promise<Anchors>>>();

/**
 * Where a page that skips `offset` rows of the list `from` (a FROM ... WHERE ... fragment) in
 * `order` starts: after the key `after`, skipping `skip` more rows; undefined when the list is
 * read from its top (a shallow page, or the list ends before the first anchor).
 */
export async function pageAnchor(
  db: Db,
  from: string,
  params: readonly unknown[],
  order: readonly KeyColumn[],
  offset: number,
  anchoring: Anchoring = ANCHORING,
): Promise<{ after: unknown[]; skip: number } | undefined> {
  if (offset < anchoring.deepFrom) return undefined;
  const keys = await anchors(db, from, params, order, anchoring.every);
  const index = Math.min(Math.floor(offset / anchoring.every), keys.length) - 1;
  const after = keys[index];
  return after ? { after, skip: offset - (index + 1) * anchoring.every } : undefined;
}

function anchors(
  db: Db,
  from: string,
  params: readonly unknown[],
  order: readonly KeyColumn[],
  every: number,
): Promise<Anchors> {
  let lists = kept.get(db);
  if (!lists) {
    lists = new Map();
    kept.set(db, lists);
  }
  const sort = order.map((c) => `${c.expr} ${c.dir}`).join(', ');
  const key = `${from}\u0000${sort}\u0000${every}\u0000${JSON.stringify(params)}`;
  const found = lists.get(key);
  if (found) return found;
  // One pass for concurrent requests: they wait for the same promise. A failed pass is forgotten.
  const keys = order.map((c, i) => `(${c.expr})::text AS k${i}`).join(', ');
  const names = order.map((_, i) => `k${i}`).join(', ');
  const pass = db
    .query<Record<string, unknown>>(
      `SELECT ${names} FROM (SELECT ${keys}, row_number() OVER (ORDER BY ${sort}) AS n ${from}) numbered
        WHERE n % ${every} = 0 ORDER BY n`,
      [...params],
    )
    .then((rows) => rows.map((r) => order.map((_, i) => r[`k${i}`])));
  pass.then(
    () => setTimeout(() => lists.get(key) === pass && lists.delete(key), ANCHOR_TTL_MS).unref(),
    () => lists.delete(key),
  );
  if (lists.size >= MAX_LISTS) lists.delete(lists.keys().next().value as string);
  lists.set(key, pass);
  return pass;
}
