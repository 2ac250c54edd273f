import type { SermonSort } from '@kerygma/domain/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { listSermons, type SermonFilters } from '../sermons/sermons.queries.ts';
import { FIXTURE } from '../test/fixture.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { entityCache } from './entity-cache.ts';
import type { Anchoring } from './page-anchors.ts';

/**
 * A page asked for by number continues from the nearest anchor instead of skipping its rows by
 * OFFSET, and must hold exactly the rows OFFSET gives. Anchors every 7 rows from row 10 on make
 * the fixture's 60 sermons (test/fixture.ts) deep enough; read one at a time, every deeper page
 * reads on from the last anchor kept.
 */
/** Sermon 1000's preach date in the fixture (test/fixture.ts). */
const MODEL_FIRST_DATE = '1965-01-03';
const SMALL: Anchoring = { deepFrom: 10, every: 7, stride: 1, ttlMs: 60_000 };
/** Anchors of their own (kept by `every`): read deepest first, all at once. */
const BACKWARDS: Anchoring = { deepFrom: 10, every: 5, stride: 2, ttlMs: 60_000 };
const NEVER: Anchoring = { deepFrom: Number.POSITIVE_INFINITY, every: 7, stride: 1, ttlMs: 60_000 };

/** The test database, with every SQL text it is sent kept in `queries`. */
function recording(real: Db): { db: Db; queries: string[] } {
  const queries: string[] = [];
  const query = ((sql: string, ...rest: unknown[]) => {
    queries.push(sql);
    return (real.query as (...a: unknown[]) => unknown)(sql, ...rest);
  }) as Db['query'];
  return { db: { ...real, query }, queries };
}

describe.each(BACKENDS)('page anchors on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  const ids = async (f: SermonFilters, sort: SermonSort, size: number, offset: number, anchoring: Anchoring) =>
    (await listSermons(t.db, entityCache(t.db), f, sort, size, offset, undefined, anchoring)).rows.map((r) =>
      String(r.sermon_id),
    );

  it.each([
    ['newest', {}],
    ['oldest', {}],
    ['title', {}],
    ['speaker', {}],
    ['series', {}],
    ['bible', {}],
    ['pickdate', {}],
    ['language', {}],
    ['newest', { bookIndex: 18 }],
    ['downloads', { languageCode: 'en' }],
  ] as [SermonSort, SermonFilters][])('sort %s, filters %j: every page as OFFSET has it', async (sort, filters) => {
    for (const size of [4, 7, 9]) {
      for (let offset = 0; offset <= FIXTURE.published + size; offset += size) {
        const label = `${sort} size ${size} offset ${offset}`;
        expect(await ids(filters, sort, size, offset, SMALL), label).toEqual(
          await ids(filters, sort, size, offset, NEVER),
        );
        // Deepest page first: the pages nearer the top use the anchors read for it.
        const back = FIXTURE.published + size - offset;
        expect(await ids(filters, sort, size, back, BACKWARDS), `${label} from the end`).toEqual(
          await ids(filters, sort, size, back, NEVER),
        );
      }
    }
  });

  it('reads the anchors once for many pages of the same list', async () => {
    const { db, queries } = recording(t.db);
    const deep = { ...SMALL, stride: 10 };
    for (const offset of [14, 21, 35, 49, 14])
      await listSermons(db, entityCache(db), {}, 'oldest', 5, offset, undefined, deep);
    expect(queries.filter((q) => q.includes('row_number()'))).toHaveLength(1);
    // Concurrent deep pages of a list not read yet share one reading.
    await Promise.all(
      [28, 42, 56].map((offset) => listSermons(db, entityCache(db), {}, 'title', 5, offset, undefined, deep)),
    );
    expect(queries.filter((q) => q.includes('row_number()'))).toHaveLength(2);
  });
  it('reads the anchors of a list in use again after their time, and forgets a list nobody asks for', async () => {
    const { db, queries } = recording(t.db);
    const readings = () => queries.filter((q) => q.includes('row_number()')).length;
    const quick: Anchoring = { deepFrom: 10, every: 7, stride: 10, ttlMs: 300 };
    const at = (anchoring: Anchoring) =>
      listSermons(db, entityCache(db), {}, 'oldest', 5, 14, undefined, anchoring).then((p) =>
        p.rows.map((r) => String(r.sermon_id)),
      );
    const before = await at(quick);
    expect(readings()).toBe(1);
    // The oldest sermon becomes the newest: the numbered page moves on by one row.
    await t.db.exec(`UPDATE sermon SET preach_date = '2030-01-01' WHERE sermon_id = '1000'`);
    try {
      expect(await at(quick), 'kept anchors until their time').toEqual(before);
      const now = await at({ ...quick, deepFrom: Number.POSITIVE_INFINITY });
      expect(now).not.toEqual(before);
      await expect.poll(() => at(quick), { message: 'read again in the background', timeout: 2_000 }).toEqual(now);
      expect(readings(), 'by one reading, none by the pages themselves').toBe(2);
      // Not asked for during two periods: forgotten, so the next page reads anew.
      await new Promise((resolve) => setTimeout(resolve, 5 * quick.ttlMs));
      const settled = readings();
      await at(quick);
      expect(readings()).toBe(settled + 1);
    } finally {
      await t.db.exec(`UPDATE sermon SET preach_date = '${MODEL_FIRST_DATE}' WHERE sermon_id = '1000'`);
    }
  });
});
