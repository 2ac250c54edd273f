import { describe, expect, it } from 'vitest';
import { lastNumberedPage, pager } from './pager.ts';

const next = (page: number, cursor?: string) =>
  `http://x/api/v2/node/sermons?page=${page}${cursor ? `&cursor=${cursor}` : ''}`;

describe('pager', () => {
  it('links pages by number around the current one, with the first and the last', () => {
    expect(pager({ page: 5, totalCount: 250, pageSize: 25, next: next(6, 'c6'), cursorNext: true })).toEqual({
      numbers: [1, 0, 3, 4, 5, 6, 7, 0, 10],
      prev: 4,
      next: { page: 6, cursor: undefined },
    });
  });

  it("a list held in memory, whose next is the next page's number, links it (the picks lists)", () => {
    expect(pager({ page: 1, totalCount: 60, pageSize: 25, next: '2', cursorNext: false })).toEqual({
      numbers: [1, 2, 3],
      prev: null,
      next: { page: 2, cursor: undefined },
    });
  });

  it('numbers stop at the deepest page the API gives by number (10,000 rows)', () => {
    expect(lastNumberedPage(25)).toBe(400);
    const deep = pager({ page: 399, totalCount: 2_100_000, pageSize: 25, next: next(400, 'c'), cursorNext: true });
    expect(deep.numbers).toEqual([1, 0, 397, 398, 399, 400]);
    expect(deep.next).toEqual({ page: 400, cursor: undefined });
  });

  it("past them a list that passes cursors on offers 'next' with the API's cursor, and previous only to a page by number", () => {
    const last = pager({ page: 400, totalCount: 2_100_000, pageSize: 25, next: next(401, 'k401'), cursorNext: true });
    expect(last.next).toEqual({ page: 401, cursor: 'k401' });
    const first = pager({ page: 401, totalCount: 2_100_000, pageSize: 25, next: next(402, 'k402'), cursorNext: true });
    expect(first).toEqual({ numbers: [1], prev: 400, next: { page: 402, cursor: 'k402' } });
    const deeper = pager({ page: 402, totalCount: 2_100_000, pageSize: 25, next: next(403, 'k403'), cursorNext: true });
    expect(deeper).toEqual({ numbers: [1], prev: null, next: { page: 403, cursor: 'k403' } });
  });

  it('a list that does not pass cursors on ends at its last page by number', () => {
    const last = pager({ page: 400, totalCount: 20_000, pageSize: 25, next: next(401, 'k'), cursorNext: false });
    expect(last.next).toBeNull();
    expect(last.prev).toBe(399);
  });

  it('no next on the last page, and none for a list without one', () => {
    expect(pager({ page: 2, totalCount: 40, pageSize: 25, next: null, cursorNext: true }).next).toBeNull();
  });
});
