import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from './test/test-app.ts';
import { BACKENDS } from './test/test-db.ts';

/** GET global_config: the dashboard's map draws its tiles and names a pin's place with the configured services. */
describe.each(BACKENDS)('global config on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, {
      env: {
        MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png',
        MAP_REVERSE_GEOCODE_URL: 'https://geocoder.example.org/reverse',
      },
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('answers the map services from the server’s configuration, to anyone', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/global_config');
    expect(status).toBe(200);
    expect(body).toEqual({
      maps: {
        tileURL: 'https://tiles.example.org/{z}/{x}/{y}.png',
        tileAttribution: '© OpenStreetMap contributors',
        reverseGeocodeURL: 'https://geocoder.example.org/reverse',
      },
    });
  });
});
