import { NUMBERED_ROWS } from '@kerygma/domain/query';

/**
 * Which page links a list shows (components/Pagination.astro), from the API's `totalCount` and
 * `next`. The API gives pages by number only NUMBERED_ROWS deep: the numbers stop there, and
 * past it a list whose page passes `?cursor=` on (`cursorNext`) offers 'next' with the API's
 * cursor instead; other lists end at their last page by number.
 */
export type PagerInput = {
  page: number;
  totalCount: number | null;
  pageSize: number;
  next: string | null;
  cursorNext: boolean;
};

export type Pager = {
  /** Page numbers to link, 0 marking a gap. */
  numbers: number[];
  /** The previous page, when it can be asked for by number. */
  prev: number | null;
  /** The next page, with the cursor its link carries past the pages by number. */
  next: { page: number; cursor: string | undefined } | null;
};

/** The deepest page the API gives by number, at this page size. */
export const lastNumberedPage = (pageSize: number) => Math.max(1, Math.ceil(NUMBERED_ROWS / Math.max(1, pageSize)));

/** Page numbers around the current one, with the first and last; 0 marks a gap. */
function pageWindow(current: number, last: number): number[] {
  const set = new Set<number>([1, last]);
  for (let n = current - 2; n <= current + 2; n++) if (n >= 1 && n <= last) set.add(n);
  const sorted = [...set].sort((a, b) => a - b);
  const out: number[] = [];
  for (const n of sorted) {
    const prev = out[out.length - 1];
    if (prev !== undefined && n - prev > 1) out.push(0);
    out.push(n);
  }
  return out;
}

export function pager({ page, totalCount, pageSize, next, cursorNext }: PagerInput): Pager {
  const deepest = lastNumberedPage(pageSize);
  const pages = totalCount !== null && pageSize > 0 ? Math.max(1, Math.ceil(totalCount / pageSize)) : null;
  // Never a link past the last page (a page past the end answers 404, sermon-lists.ts pastEnd),
  // nor past the last one by number.
  const last = pages === null ? null : Math.min(pages, deepest);
  const numbers = page > deepest ? [1] : last !== null && last > 1 ? pageWindow(Math.min(page, last), last) : [];
  // `next` is the API's absolute URL, or a list held in memory's next page number (list-pages.ts pageOf).
  const cursor = next ? (new URL(next, 'http://list.invalid').searchParams.get('cursor') ?? undefined) : undefined;
  const following =
    next && (page + 1 <= deepest || (cursorNext && cursor))
      ? { page: page + 1, cursor: page + 1 > deepest ? cursor : undefined }
      : null;
  return { numbers, prev: page > 1 && page - 1 <= deepest ? page - 1 : null, next: following };
}
