import type { Db } from '../db/db.ts';
import { type KeyColumn, keysetCondition } from './keyset.ts';

/**
 * Keyset paging behind bare page numbers. A page asked for by its number alone (`?page=N`: the
 * site's page links, and search engines, which keep the canonical `?page=N`) would skip its
 * (N-1)·size rows by OFFSET, reading every one, each time: at 2.1M sermons the middle of the
 * catalogue took 0.8 s. From `deepFrom` rows on, the list's sort keys at every `every`-th row
 * (anchors) are read as deep as a page needs, in sort order from the list's index, and kept; a
 * page then continues by keyset from the nearest anchor before it, skipping fewer than `every`
 * rows (read from the table for the list's filter: with anchors every 1,000 rows a deep page
 * took 36 ms at p50 under 10 clients). The first deep page of a list pays about what its OFFSET
 * did, a little more; the pages after it, and the ones before, a few milliseconds.
 *
 * Every `ttlMs` a list whose pages were asked for meanwhile has its anchors read again, to the
 * same depth, in the background (pages keep using the old ones until then); a list nobody asked
 * for is forgotten. So a numbered deep page is at most about two `ttlMs` old: sermons published
 * meanwhile shift it by as many rows, as a cached page would be. `next` links carry exact cursors.
 */
export type Anchoring = {
  deepFrom: number;
  every: number;
  /** Anchors read at least at a time, so that walking deeper page by page reads in long strides. */
  stride: number;
  /** How often a list in use has its anchors read again; an unused list is forgotten then. */
  ttlMs: number;
};
/** Pages by number end at NUMBERED_ROWS (10,000): 40 anchors reach them all. */
export const ANCHORING: Anchoring = { deepFrom: 5_000, every: 250, stride: 40, ttlMs: 5 * 60_000 };

/** Lists whose anchors are kept (2.1M rows hold 8,400 anchors, about 1 MB). */
const MAX_LISTS = 40;

/**
 * A list's anchors so far (sort keys of rows every, 2·every, ...); `work` is the reading under
 * way; `used`: a page was asked for since the last reading.
 */
type Anchors = { keys: unknown[][]; complete: boolean; work: Promise<void>; used: boolean };
type List = { from: string; params: readonly unknown[]; order: readonly KeyColumn[] };
const kept = new WeakMap<Db, Map<string, Anchors>>();

export type PageStart = { after: readonly unknown[]; skip: number };

/**
 * Where a page of the list `from` (a FROM ... WHERE ... fragment) in `order` starts: right after
 * the cursor's key when one came with the request (keyset), else from the nearest anchor before
 * its `offset` (pageAnchor); undefined when the list is read from its top by OFFSET.
 */
export function pageStart(
  db: Db,
  from: string,
  params: readonly unknown[],
  order: readonly KeyColumn[],
  offset: number,
  cursor: readonly unknown[] | undefined,
  anchoring: Anchoring = ANCHORING,
): Promise<PageStart | undefined> {
  if (cursor?.length === order.length) return Promise.resolve({ after: cursor, skip: 0 });
  return pageAnchor(db, from, params, order, offset, anchoring);
}

/**
 * Where a page that skips `offset` rows of the list starts: after the key `after`, skipping
 * `skip` more rows; undefined when the list is read from its top (a shallow page, or the list
 * ends before the first anchor).
 */
async function pageAnchor(
  db: Db,
  from: string,
  params: readonly unknown[],
  order: readonly KeyColumn[],
  offset: number,
  anchoring: Anchoring = ANCHORING,
): Promise<PageStart | undefined> {
  if (offset < anchoring.deepFrom) return undefined;
  const { every, stride } = anchoring;
  const wanted = Math.floor(offset / every);
  // Kept for readings later on: a copy, as callers add the page's own parameters to theirs.
  const list = { from, params: [...params], order };
  const anchors = anchorsOf(db, list, anchoring);
  anchors.used = true;
  if (anchors.keys.length < wanted && !anchors.complete) {
    // One reading at a time per list: concurrent pages wait for it, then read what is still missing.
    const missing = () => wanted - anchors.keys.length;
    const reading = anchors.work.then(() =>
      missing() > 0 ? readAnchors(db, anchors, list, every, Math.max(missing(), stride)) : undefined,
    );
    anchors.work = reading.catch(() => {});
    await reading;
  }
  const index = Math.min(wanted, anchors.keys.length) - 1;
  const after = anchors.keys[index];
  return after ? { after, skip: offset - (index + 1) * every } : undefined;
}

function anchorsOf(db: Db, list: List, anchoring: Anchoring): Anchors {
  let lists = kept.get(db);
  if (!lists) {
    lists = new Map();
    kept.set(db, lists);
  }
  const sort = list.order.map((c) => `${c.expr} ${c.dir}`).join(', ');
  const key = `${list.from}\u0000${sort}\u0000${anchoring.every}\u0000${JSON.stringify(list.params)}`;
  const found = lists.get(key);
  if (found) return found;
  if (lists.size >= MAX_LISTS) lists.delete(lists.keys().next().value as string);
  const anchors: Anchors = { keys: [], complete: false, work: Promise.resolve(), used: false };
  lists.set(key, anchors);
  const renew = () => {
    if (lists.get(key) !== anchors) return;
    if (!anchors.used) {
      lists.delete(key);
      return;
    }
    anchors.used = false;
    const depth = anchors.keys.length;
    const fresh: Anchors = { keys: [], complete: false, work: Promise.resolve(), used: false };
    anchors.work = anchors.work
      .then(() => readAnchors(db, fresh, list, anchoring.every, Math.max(depth, anchoring.stride)))
      .then(() => {
        anchors.keys = fresh.keys;
        anchors.complete = fresh.complete;
      })
      .catch(() => {
        lists.delete(key); // read afresh by the next page that needs them
      });
    setTimeout(renew, anchoring.ttlMs).unref();
  };
  setTimeout(renew, anchoring.ttlMs).unref();
  return anchors;
}

/** Reads up to `count` anchors after the last one kept (fewer where the list ends). */
async function readAnchors(db: Db, anchors: Anchors, list: List, every: number, count: number): Promise<void> {
  const { from, params, order } = list;
  if (anchors.complete) return;
  const args = [...params];
  const last = anchors.keys[anchors.keys.length - 1];
  const rest = last ? `${from} AND ${keysetCondition(order, last, args)}` : from;
  const sort = order.map((c) => `${c.expr} ${c.dir}`).join(', ');
  const columns = order.map((c, i) => `${c.expr} AS c${i}`).join(', ');
  const numbered = order.map((c, i) => `c${i} ${c.dir}`).join(', ');
  const keys = order.map((_, i) => `c${i}::text AS k${i}`).join(', ');
  // ORDER BY with LIMIT has the rows come from the sort's index, in order (without it the
  // planner read the whole table and sorted it on disk: 4.5 s at 2.1M sermons).
  const rows = await db.query<Record<string, unknown>>(
    `SELECT * FROM (
       SELECT ${keys}, row_number() OVER (ORDER BY ${numbered}) AS n
         FROM (SELECT ${columns} ${rest} ORDER BY ${sort} LIMIT ${count * every}) page
     ) numbered WHERE n % ${every} = 0 ORDER BY n`,
    args,
  );
  for (const row of rows) anchors.keys.push(order.map((_, i) => row[`k${i}`]));
  anchors.complete = rows.length < count;
}
