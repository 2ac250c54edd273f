import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { openPostgres } from './postgres.ts';

/**
 * On PostgreSQL, requests' statements stop after DATABASE_TIMEOUT_MS (issue 21 §5:
 * no request may tie up the database) and answer 503 in the API's shape, with no SQL in it;
 * connections without the timeout (migrations, seed, jobs) run as long as they need.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('statement timeout on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('postgres', { statementTimeoutMs: 150 });
  }, 60_000);
  afterAll(() => t?.close());

  it('cancels a long statement on the requests’ pool only, as a 503 query_timeout', async () => {
    const limited = openPostgres(url as string, 1, undefined, { statementTimeoutMs: 100 });
    const unlimited = openPostgres(url as string, 1);
    try {
      const slow = limited.query('SELECT pg_sleep(0.5)');
      await expect(slow).rejects.toBeInstanceOf(ApiError);
      await expect(slow).rejects.toMatchObject({ status: 503, code: 'query_timeout' });
      await expect(limited.transaction((tx) => tx.query('SELECT pg_sleep(0.5)'))).rejects.toMatchObject({
        status: 503,
      });
      expect(await limited.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
      expect(await unlimited.query<{ n: number }>('SELECT pg_sleep(0.3)::text, 2 AS n')).toHaveLength(1);
    } finally {
      await Promise.all([limited.close(), unlimited.close()]);
    }
  });

  it('a request whose query runs out of time answers 503 in the API shape, no SQL leaked', async () => {
    // Another transaction holds the sermon table, so the list's query waits past its time.
    const answer = await t.db.transaction(async (tx) => {
      await tx.exec('LOCK TABLE sermon IN ACCESS EXCLUSIVE MODE');
      return getJson(t.app, '/api/v2/node/sermons?sortBy=oldest&year=2001');
    });
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      errors: { error: 'This request took too long to answer. Please try again, or ask for less at a time.' },
      status: 503,
      code: 'query_timeout',
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/statement|cancel|sermon/i);
    // Once the table is free again the same request is answered.
    expect((await getJson(t.app, '/api/v2/node/sermons?sortBy=oldest&year=2001')).status).toBe(200);
  });
});
