import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

/**
 * GET node/broadcasters/near_location (SermonAudio API v2, its Python client's
 * get_broadcasters_near_location): the broadcasters within `meters` of a place, nearest first.
 */

/** earthdistance's sphere (its earth() function), in metres. */
const EARTH_RADIUS = 6_378_168;
/** Great-circle distance in whole metres, as the API rounds it. */
function metersBetween(a: [number, number], b: [number, number]): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const [lat1, lon1] = [rad(a[0]), rad(a[1])];
  const [lat2, lon2] = [rad(b[0]), rad(b[1])];
  const h = Math.sin((lat2 - lat1) / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin((lon2 - lon1) / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS * Math.asin(Math.sqrt(h)));
}

/** Lancaster, Pennsylvania: the fixture's gracechurch stands at (40, -76.3), about 4 km away. */
const HERE: [number, number] = [40.0379, -76.3055];
const PLACES: Record<string, [number, number]> = {
  gracechurch: [40, -76.3],
  yorkchapel: [39.9626, -76.7277],
  readingchurch: [40.3356, -75.9269],
};

describe.each(BACKENDS)('broadcasters near a location on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    // Two more churches nearby, one closed there (disabled) and one that gave no coordinates.
    await t.db.exec(`
      INSERT INTO broadcaster (broadcaster_id, display_name, short_name, sort_name, latitude, longitude, disabled) VALUES
        ('yorkchapel', 'York Chapel', 'York Chapel', 'York Chapel', 39.9626, -76.7277, false),
        ('readingchurch', 'Reading Church', 'Reading Church', 'Reading Church', 40.3356, -75.9269, false),
        ('closedchurch', 'Closed Church', 'Closed Church', 'Closed Church', 40.01, -76.31, true),
        ('nowherechurch', 'Nowhere Church', 'Nowhere Church', 'Nowhere Church', NULL, NULL, false);
    `);
  }, 60_000);
  afterAll(() => t?.close());

  const near = (query: string) => getJson(t.app, `/api/v2/node/broadcasters/near_location?${query}`);
  const at = ([lat, lon]: [number, number], meters: number, more = '') =>
    near(`latitude=${lat}&longitude=${lon}&meters=${meters}${more}`);

  it('answers the list envelope of {broadcaster, meters}, nearest first, within the radius', async () => {
    const { status, body } = await at(HERE, 100_000);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['next', 'nodeDisplayName', 'nodeType', 'results', 'totalCount']);
    expect(body).toMatchObject({ nodeType: 'broadcasters_near_location', totalCount: 3, next: null });
    const ids = ['gracechurch', 'yorkchapel', 'readingchurch'];
    expect(body.results.map((r: { broadcaster: { broadcasterID: string } }) => r.broadcaster.broadcasterID)).toEqual(
      ids,
    );
    body.results.forEach((r: { meters: number }, i: number) => {
      const expected = metersBetween(HERE, PLACES[ids[i] as string] as [number, number]);
      expect(Math.abs(r.meters - expected), ids[i]).toBeLessThanOrEqual(1);
      expect(Number.isInteger(r.meters)).toBe(true);
    });
    // The whole broadcaster, as GET node/broadcasters/{id} has it.
    expect(body.results[0].broadcaster).toMatchObject({
      broadcasterID: 'gracechurch',
      denomination: 'Reformed Baptist',
      latitude: 40,
      longitude: -76.3,
      numberOfSermons: 30,
      canWebcast: false,
    });
  });

  it('leaves out what lies beyond the radius, disabled broadcasters and those without coordinates', async () => {
    const { body } = await at(HERE, 10_000);
    expect(body.results.map((r: { broadcaster: { broadcasterID: string } }) => r.broadcaster.broadcasterID)).toEqual([
      'gracechurch',
    ]);
    // Austin, Texas: emptychurch is there; Lancaster's churches are 2,000 km away.
    const austin = await at([30.2672, -97.7431], 1_000_000);
    expect(austin.body.results.map((r: { meters: number }) => r.meters)).toEqual([0]);
    // Nowhere near anyone: mid-Pacific.
    expect((await at([0, -150], 1_000_000)).body).toMatchObject({ totalCount: 0, results: [], next: null });
  });

  it('pages with next, each broadcaster once', async () => {
    const seen: string[] = [];
    let next: string | null =
      `/api/v2/node/broadcasters/near_location?latitude=${HERE[0]}&longitude=${HERE[1]}&meters=100000&pageSize=1`;
    while (next) {
      const res: {
        status: number;
        body: { next: string | null; totalCount: number; results: { broadcaster: { broadcasterID: string } }[] };
      } = await getJson(t.app, next.replace('http://kerygma.test', ''));
      expect(res.status).toBe(200);
      expect(res.body.totalCount).toBe(3);
      seen.push(...res.body.results.map((r) => r.broadcaster.broadcasterID));
      next = res.body.next;
      if (next) expect(next).toMatch(/[?&]cursor=/);
    }
    expect(seen).toEqual(['gracechurch', 'yorkchapel', 'readingchurch']);
    // A page asked for by number alone.
    const second = await at(HERE, 100_000, '&pageSize=1&page=2');
    expect(second.body.results[0].broadcaster.broadcasterID).toBe('yorkchapel');
  });

  it('refuses an edited cursor (its distance key is a float8) with 400, never a 500', async () => {
    const first = await at(HERE, 100_000, '&pageSize=1');
    const cursor = new URL(first.body.next).searchParams.get('cursor') as string;
    const [page, , id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [number, string, string];
    const encode = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
    const second = (c: string) => at(HERE, 100_000, `&pageSize=1&page=2&cursor=${c}`);
    expect((await second(cursor)).status).toBe(200);
    for (const distance of ['abc', '1e400', 1e308, 'a\u0000b', '2024-01-01', 'x'.repeat(300)]) {
      const { status, body } = await second(encode([page, distance, id]));
      expect(status, String(distance)).toBe(400);
      expect(body).toMatchObject({ status: 400, errors: { cursor: expect.any(String) } });
    }
    // A distance written another way is still a distance: PostgreSQL reads it.
    expect((await second(encode([page, '1.5e4', id]))).status).toBe(200);
  });

  it('is not taken for a broadcaster named near_location; other broadcaster paths still answer', async () => {
    expect((await at(HERE, 1000)).status).toBe(200);
    expect((await getJson(t.app, '/api/v2/node/broadcasters/gracechurch')).body.broadcasterID).toBe('gracechurch');
  });

  it('refuses places and radii that are no numbers or out of range with 400 in the API’s error shape', async () => {
    for (const [query, field] of [
      ['longitude=-76&meters=1000', 'latitude'],
      ['latitude=&longitude=-76&meters=1000', 'latitude'],
      ['latitude=abc&longitude=-76&meters=1000', 'latitude'],
      ['latitude=90.5&longitude=-76&meters=1000', 'latitude'],
      ['latitude=-91&longitude=-76&meters=1000', 'latitude'],
      ['latitude=40&meters=1000', 'longitude'],
      ['latitude=40&longitude=180.1&meters=1000', 'longitude'],
      ['latitude=40&longitude=Infinity&meters=1000', 'longitude'],
      ['latitude=40&longitude=-76', 'meters'],
      ['latitude=40&longitude=-76&meters=0', 'meters'],
      ['latitude=40&longitude=-76&meters=-5', 'meters'],
      ['latitude=40&longitude=-76&meters=NaN', 'meters'],
      ['latitude=40&longitude=-76&meters=1000001', 'meters'],
      ['latitude=40&longitude=-76&meters=1000&pageSize=0', 'pageSize'],
    ] as const) {
      const { status, body } = await near(query);
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ status: 400, code: 'invalid_request' });
      expect(body.errors[field], query).toMatch(/^Invalid value for /);
    }
    // The edges are places.
    for (const query of ['latitude=90&longitude=180&meters=1000000', 'latitude=-90&longitude=-180&meters=0.5'])
      expect((await near(query)).status, query).toBe(200);
  });
});
