import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { entityCache } from './entity-cache.ts';

describe.each(BACKENDS)('entity cache on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    await t.db.exec(`UPDATE broadcaster SET social_links = '{"facebook": "https://www.facebook.com/grace"}',
      service_times_list = '[{"day": "Sunday", "time": "10:30"}]' WHERE broadcaster_id = 'gracechurch'`);
  }, 60_000);
  afterAll(() => t?.close());

  it('keeps each row once, shared by every reader', async () => {
    const cache = entityCache(t.db);
    const first = (await cache.speakers([1, 2])).get(1);
    const again = (await cache.speakers([1])).get(1);
    expect(first?.display_name).toBe('Charles H. Spurgeon');
    expect(again).toBe(first);
  });

  it('hands out frozen rows, nested values too, so that no reader can change them for the others', async () => {
    const cache = entityCache(t.db);
    const row = (await cache.broadcasters(['gracechurch'])).get('gracechurch') as Record<string, unknown>;
    const links = row.social_links as Record<string, string>;
    const times = row.service_times_list as { day: string }[];
    expect(links.facebook).toBe('https://www.facebook.com/grace');
    expect(() => {
      row.display_name = 'Changed';
    }).toThrow(TypeError);
    expect(() => {
      links.facebook = 'https://example.com/';
    }).toThrow(TypeError);
    expect(() => times.push({ day: 'Monday' })).toThrow(TypeError);
    expect(() => {
      (times[0] as { day: string }).day = 'Monday';
    }).toThrow(TypeError);
    expect((await cache.broadcasters(['gracechurch'])).get('gracechurch')?.display_name).toBe(
      'Grace Reformed Baptist Church',
    );
  });

  it("gives the API's broadcaster answers their social links from the shared row, unchanged", async () => {
    for (let i = 0; i < 2; i++) {
      const { status, body } = await getJson(t.app, '/api/v2/node/broadcasters/gracechurch');
      expect(status).toBe(200);
      expect(body.socialLinks).toEqual({ facebook: 'https://www.facebook.com/grace' });
    }
  });
});
