import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/db.ts';
import { BACKENDS, openTestDb, type TestDb } from '../test/test-db.ts';
import { ESTIMATE_TTL_MS, estimateRows } from './totals.ts';

describe.each(BACKENDS)('row estimates on %s', (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(backend);
    await t.db.exec(
      'CREATE TABLE estimated (n int); INSERT INTO estimated SELECT generate_series(1, 2000); ANALYZE estimated',
    );
  }, 60_000);
  afterAll(() => t?.drop());

  /** The test database, counting the statements sent to it. */
  function counting(): { db: Db; sent: () => number } {
    let sent = 0;
    const db = Object.create(t.db) as Db;
    db.query = (text, params, options) => {
      sent += 1;
      return t.db.query(text, params, options);
    };
    return { db, sent: () => sent };
  }

  it("asks the planner once per query and parameters, until the estimate's time is up", async () => {
    const { db, sent } = counting();
    const from = 'FROM estimated WHERE n <= $1';
    const first = await estimateRows(db, { from, params: [1000] });
    expect(first).toBeGreaterThan(500);
    expect(first).toBeLessThan(1500);
    expect(await estimateRows(db, { from, params: [1000] })).toBe(first);
    expect(sent()).toBe(1);
    // Other parameters are another estimate.
    expect(await estimateRows(db, { from, params: [100] })).toBeLessThan(first);
    expect(sent()).toBe(2);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + ESTIMATE_TTL_MS + 1);
    try {
      expect(await estimateRows(db, { from, params: [1000] })).toBe(first);
      expect(sent()).toBe(3);
    } finally {
      clock.mockRestore();
    }
  });
});
