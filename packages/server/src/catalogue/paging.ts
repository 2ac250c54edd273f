import type { ListResponse } from '@kerygma/domain/catalogue';
import type { Db } from '../db/db.ts';
import { pageStart } from './page-anchors.ts';

/**
 * Paging for every list: the spec's `page`/`pageSize`/`next`, with a keyset cursor riding in
 * `next` so that walking a list page after page never scans what it skipped. A bare `page=N`
 * (no cursor) still works, by OFFSET.
 */

/** Totals are counted exactly up to this many rows (see countRows). */
export const EXACT_COUNT_LIMIT = 10_000;

/** One column of a list's ORDER BY; keyset paging compares these with the cursor's values. */
export type KeyColumn = { expr: string; type: string; dir: 'ASC' | 'DESC' };

/** `WHERE` condition selecting rows after the cursor's values in the given order. */
export function keysetCondition(cols: readonly KeyColumn[], after: unknown[], params: unknown[]): string {
  const val = (i: number) => {
    params.push(after[i]);
    return `$${params.length}::${cols[i]?.type}`;
  };
  const dirs = new Set(cols.map((c) => c.dir));
  if (dirs.size === 1) {
    const op = cols[0]?.dir === 'DESC' ? '<' : '>';
    return `(${cols.map((c) => c.expr).join(', ')}) ${op} (${cols.map((_, i) => val(i)).join(', ')})`;
  }
  // Mixed directions: (a > x) OR (a = x AND b < y) OR ... An index range cannot start from an
  // OR, so the leading columns that share the first one's direction also bound the rows with a
  // row comparison, (a) >= (x): the walk starts at the cursor's group instead of at the top.
  const values = cols.map((_, i) => val(i));
  const ors = cols.map((c, i) => {
    const eqs = cols.slice(0, i).map((prev, j) => `${prev.expr} = ${values[j]}`);
    return `(${[...eqs, `${c.expr} ${c.dir === 'DESC' ? '<' : '>'} ${values[i]}`].join(' AND ')})`;
  });
  const first = cols[0]?.dir;
  const lead = cols.findIndex((c) => c.dir !== first);
  const bound = `(${cols
    .slice(0, lead)
    .map((c) => c.expr)
    .join(', ')}) ${first === 'DESC' ? '<=' : '>='} (${values.slice(0, lead).join(', ')})`;
  return `(${bound} AND (${ors.join(' OR ')}))`;
}

export type Cursor = { page: number; values: unknown[] };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.page, ...cursor.values])).toString('base64url');
}

/**
 * The cursor's key values if it is well-formed and belongs to the requested page, else
 * undefined (the list then falls back to OFFSET, so a stale or edited cursor is harmless).
 */
export function decodeCursor(raw: string | undefined, page: number): unknown[] | undefined {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed[0] !== page || parsed.length < 2 || parsed.length > 5) return undefined;
    const values = parsed.slice(1);
    return values.every((v) => typeof v === 'string' || typeof v === 'number') ? values : undefined;
  } catch {
    return undefined;
  }
}

/** Above this many expected rows the planner's estimate is the total; no counting at all. */
export const ESTIMATE_ONLY_ABOVE = 50_000;

/** How long an estimate is reused: the planner's statistics change only when a table is analysed. */
export const ESTIMATE_TTL_MS = 5 * 60_000;
const MAX_ESTIMATES = 5_000;
/** Estimates by database and query text with its parameters. */
const estimates = new WeakMap<Db, Map<string, { rows: number; at: number }>>();

/**
 * PostgreSQL's estimate of the rows matching `from` (a FROM ... WHERE ... fragment): planning
 * only, kept for ESTIMATE_TTL_MS, since planning a full-text query is a search's largest step after
 * running it (0.5 ms at 2.1M sermons) and gives the same answer until the statistics change.
 */
export async function estimateRows(db: Db, from: string, params: readonly unknown[]): Promise<number> {
  let byQuery = estimates.get(db);
  if (!byQuery) {
    byQuery = new Map();
    estimates.set(db, byQuery);
  }
  const key = `${from}\u0000${JSON.stringify(params)}`;
  const kept = byQuery.get(key);
  if (kept && Date.now() - kept.at < ESTIMATE_TTL_MS) return kept.rows;
  const [plan] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) SELECT 1 ${from}`, params);
  const json = plan?.['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: { 'Plan Rows': number } }];
  const rows = Math.round(parsed[0].Plan['Plan Rows']);
  if (byQuery.size >= MAX_ESTIMATES) byQuery.clear();
  byQuery.set(key, { rows, at: Date.now() });
  return rows;
}

/**
 * Number of rows matching `from` (a FROM ... WHERE ... fragment), so that no request pays for
 * an exact count over millions of rows: when PostgreSQL expects more than ESTIMATE_ONLY_ABOVE
 * rows its estimate is used; otherwise at most EXACT_COUNT_LIMIT + 1 rows are counted, exact
 * up to that limit and the estimate beyond it.
 */
export async function countRows(
  db: Db,
  from: string,
  params: readonly unknown[],
  /** PostgreSQL's estimate for `from`, when the caller already asked for it. */
  known?: number,
): Promise<number> {
  const estimate = known ?? (await estimateRows(db, from, params));
  if (estimate > ESTIMATE_ONLY_ABOVE) return estimate;
  const exact = await cappedCount(db, from, params, EXACT_COUNT_LIMIT + 1);
  return exact <= EXACT_COUNT_LIMIT ? exact : Math.max(EXACT_COUNT_LIMIT + 1, estimate);
}

/** Rows matching `from`, counted up to `cap` (so the answer is min(matches, cap)); no estimate. */
export async function cappedCount(db: Db, from: string, params: readonly unknown[], cap: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ${cap}) capped`,
    params,
  );
  return row?.n ?? 0;
}

/** The URL of the next page: the request's own query with page+1 and the cursor. */
export function nextUrl(requestUrl: URL, page: number, cursor: string | undefined): string {
  const next = new URL(requestUrl);
  next.searchParams.set('page', String(page + 1));
  if (cursor) next.searchParams.set('cursor', cursor);
  else next.searchParams.delete('cursor');
  return next.toString();
}

export function listResponse<T>(
  nodeType: string,
  nodeDisplayName: string,
  results: T[],
  totalCount: number | null,
  next: string | null,
): ListResponse<T> {
  return { nodeType, nodeDisplayName, totalCount, next, results };
}

export type PagedQuery = {
  /** Columns to select, e.g. 'b.*'. */
  select: string;
  /** 'FROM ... WHERE ...' (use 'WHERE true' when unfiltered). */
  from: string;
  params: unknown[];
  order: readonly KeyColumn[];
  page: number;
  pageSize: number;
  cursor: string | undefined;
} & ListOptions;

/** How a list is made beyond its query: `countCap` counts at most that many rows (search's side lists). */
export type ListOptions = { countCap?: number | undefined };

export type Paged<R> = { rows: R[]; totalCount: number; cursor: string | undefined; hasMore: boolean };

/** One page of any entity list, keyset when a cursor for this page came along or from an anchor, with its total. */
export async function pagedRows<R extends Record<string, unknown>>(db: Db, q: PagedQuery): Promise<Paged<R>> {
  const offset = (q.page - 1) * q.pageSize;
  const decoded = decodeCursor(q.cursor, q.page);
  // After the cursor's key; a deep page asked for by number, from the nearest anchor (page-anchors.ts).
  const start = await pageStart(db, q.from, q.params, q.order, offset, decoded);
  const params = [...q.params];
  const from = start ? `${q.from} AND ${keysetCondition(q.order, start.after, params)}` : q.from;
  const keys = q.order.map((c, i) => `(${c.expr})::text AS k${i}`).join(', ');
  const order = q.order.map((c) => `${c.expr} ${c.dir}`).join(', ');
  const skip = start ? start.skip : offset;
  const rows = await db.query<R>(
    `SELECT ${q.select}, ${keys} ${from} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${skip}`,
    params,
    { prepare: skip === 0 }, // as for sermon lists: keep plans of keyset and first pages only
  );
  const totalCount =
    rows.length < q.pageSize && (q.page === 1 || rows.length > 0)
      ? offset + rows.length
      : q.countCap !== undefined
        ? await cappedCount(db, q.from, q.params, q.countCap)
        : await countRows(db, q.from, q.params);
  const hasMore = rows.length === q.pageSize && offset + rows.length < totalCount;
  const last = rows[rows.length - 1];
  const cursor =
    hasMore && last ? encodeCursor({ page: q.page + 1, values: q.order.map((_, i) => last[`k${i}`]) }) : undefined;
  return { rows, totalCount, cursor, hasMore };
}

/** The list envelope for a page of rows. */
export function pagedResponse<R, T>(
  paged: Paged<R>,
  page: number,
  requestUrl: URL,
  nodeType: string,
  nodeDisplayName: string,
  map: (row: R) => T,
): ListResponse<T> {
  const next = paged.hasMore ? nextUrl(requestUrl, page, paged.cursor) : null;
  return listResponse(nodeType, nodeDisplayName, paged.rows.map(map), paged.totalCount, next);
}
