import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../test/fixture.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

describe.each(BACKENDS)('sermons API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  it('lists published sermons newest first in the list envelope', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/sermons?sortBy=newest');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['next', 'nodeDisplayName', 'nodeType', 'results', 'totalCount']);
    expect(body.totalCount).toBe(FIXTURE.published);
    expect(body.results).toHaveLength(25);
    const dates = body.results.map((s: { preachDate: string }) => s.preachDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.results.map((s: { sermonID: string }) => s.sermonID)).not.toContain('1900');
  });

  it('walks every page through next without repeats or gaps', async () => {
    const seen: string[] = [];
    let url: string | null = '/api/v2/node/sermons?sortBy=newest&pageSize=7';
    while (url) {
      const { body }: { body: { results: { sermonID: string }[]; next: string | null } } = await getJson(
        t.app,
        url.replace('http://kerygma.test', ''),
      );
      seen.push(...body.results.map((s) => s.sermonID));
      url = body.next;
    }
    expect(seen).toHaveLength(FIXTURE.published);
    expect(new Set(seen).size).toBe(FIXTURE.published);
  });
});
