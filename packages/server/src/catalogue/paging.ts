import type { ListResponse } from '@kerygma/domain/catalogue';
import { NUMBERED_ROWS } from '@kerygma/domain/query';
import type { Db } from '../db/db.ts';
import { invalid } from '../errors.ts';
import { decodeCursor, encodeCursor, type KeyColumn, keyColumns, keysetCondition, rowKeys } from './keyset.ts';
import { pageStart } from './page-anchors.ts';
import { listTotal } from './totals.ts';

/**
 * Paging for every list: the spec's `page`/`pageSize`/`next`, with a keyset cursor riding in
 * `next` so that walking a list page after page never scans what it skipped. A bare `page=N`
 * (no cursor) still works, NUMBERED_ROWS deep, from the nearest page anchor (page-anchors.ts).
 */

/**
 * Where a page starts: after the cursor's keys when one for this page came along (a cursor that
 * is not one this list wrote is a 400), else by its number, which may not reach deeper than
 * NUMBERED_ROWS rows (a 400 pointing to `next`).
 */
export function pagePosition(
  page: number,
  pageSize: number,
  cursor: string | undefined,
  order: readonly KeyColumn[] | undefined,
): { offset: number; after: string[] | undefined } {
  const offset = (page - 1) * pageSize;
  const after = order ? decodeCursor(cursor, page, order) : undefined;
  if (!after && offset >= NUMBERED_ROWS) {
    throw invalid({
      page: {
        key: 'error.invalidParameter',
        params: {
          name: 'page',
          detail: `pages deeper than ${NUMBERED_ROWS} results are reached by following each page's next`,
        },
      },
    });
  }
  return { offset, after };
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
  const { offset, after } = pagePosition(q.page, q.pageSize, q.cursor, q.order);
  const start = await pageStart(db, q.from, q.params, q.order, offset, after);
  const params = [...q.params];
  const from = start ? `${q.from} AND ${keysetCondition(q.order, start.after, params)}` : q.from;
  const order = q.order.map((c) => `${c.expr} ${c.dir}`).join(', ');
  const skip = start ? start.skip : offset;
  const rows = await db.query<R>(
    `SELECT ${q.select}, ${keyColumns(q.order)} ${from} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${skip}`,
    params,
    { prepare: skip === 0 }, // as for sermon lists: keep plans of keyset and first pages only
  );
  const totalCount = await listTotal(db, {
    matching: { from: q.from, params: q.params },
    page: q.page,
    pageSize: q.pageSize,
    rows: rows.length,
    cap: q.countCap,
  });
  const hasMore = rows.length === q.pageSize && offset + rows.length < totalCount;
  const last = rows[rows.length - 1];
  const cursor = hasMore && last ? encodeCursor({ page: q.page + 1, values: rowKeys(q.order, last) }) : undefined;
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
