import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

describe.each(BACKENDS)('series API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  it('gets a series by id with its counts and date range', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/series/12');
    expect(status).toBe(200);
    expect(body).toEqual({
      type: 'sermon_series',
      seriesID: 12,
      title: 'Hebrews',
      broadcasterID: 'kingsseminary',
      description: null,
      count: 20,
      earliest: '1994-12-27',
      feedLinks: {},
      latest: '2013-12-22',
      updated: Date.UTC(2022, 0, 1) / 1000,
      image: null,
      imageResizable: null,
      podcastEnabled: false,
      podcastSpeaker: null,
      defaultSortBy: 'newest',
      rssURL: null,
      rssAtomURL: null,
    });
  });

  it('counts only published sermons of a series', async () => {
    // 'Psalms of Ascent' holds 18 published sermons and one draft (1902).
    const { body } = await getJson(t.app, '/api/v2/node/series/11');
    expect(body).toMatchObject({ title: 'Psalms of Ascent', count: 18, earliest: '1976-12-31', latest: '1993-12-27' });
  });

  it('gets a series by title too', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/series/Evangelio%20de%20Juan');
    expect(status).toBe(200);
    expect(body).toMatchObject({ seriesID: 13, broadcasterID: 'radiovida', count: 10, podcastEnabled: true });
  });

  it('unknown series → 404 Series not found', async () => {
    for (const segment of ['999', 'Nope', '0']) {
      const { status, body } = await getJson(t.app, `/api/v2/node/series/${segment}`);
      expect(status, segment).toBe(404);
      expect(body).toEqual({ errors: { error: 'Series not found' }, status: 404, code: 'not_found' });
    }
  });
});
