import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../http/api-base.ts';
import { inProcessHeaders, inProcessPayload } from '../http/in-process.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { injectFetch } from './inject-fetch.ts';

/**
 * The site's server render gets API answers as the routes' objects (http/in-process.ts) instead
 * of JSON (inject-fetch.ts). Those objects must be exactly what a client parses from the JSON: no Date, no
 * undefined field, nothing JSON would change. These are the API calls the site's pages make.
 */
const SITE_CALLS: [string, number][] = [
  ['node/sermons?lite=true&sortBy=newest&page=1&pageSize=25', 200],
  ['node/sermons?lite=true&sortBy=newest&page=2&pageSize=5', 200],
  ['node/sermons?lite=true&languageCode=es&pageSize=25', 200],
  ['node/sermons?lite=true&book=ROM&pageSize=25', 200],
  ['node/sermons?lite=true&speakerName=John%20Owen&pageSize=25', 200],
  ['node/sermons/1000?lite=false', 200],
  ['node/sermons/1000?lite=true', 200],
  ['node/speakers?pageSize=25', 200],
  ['node/speakers/1', 200],
  ['node/speakers/1/broadcasters', 200],
  ['node/broadcasters?pageSize=25', 200],
  ['node/broadcasters/gracechurch?lite=false', 200],
  ['node/broadcasters/gracechurch/series', 200],
  ['node/broadcasters/gracechurch/speakers/sermon_counts', 200],
  ['node/series/10', 200],
  ['node/discover/series', 200],
  ['node/discover/groups', 200],
  ['node/discover/hashtags?size=14', 200],
  ['node/discover/topics', 200],
  ['node/search?query=grace&lite=true&liteBroadcaster=true', 200],
  ['node/search?query=romans&lite=true&liteBroadcaster=true&searchType=sermon&sortBy=newest', 200],
  ['node/webcasts/lite', 200],
  ['node/webcasts/count', 200],
  ['node/webcasts/history?page=1&pageSize=25', 200],
  ['node/broadcasters/gracechurch/webcasts?page=1&pageSize=25', 200],
  ['node/broadcasters/gracechurch/webcasts/nope', 404],
  // Errors answer in the same shape either way.
  ['node/sermons/nope', 404],
  ['node/sermons?pageSize=9999', 400],
];

describe.each(BACKENDS)('API answers in process on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  it.each(SITE_CALLS)('%s (%i) is the object its JSON parses to', async (call, status) => {
    const url = `${API_BASE}/${call}`;
    const json = await t.app.inject({ method: 'GET', url });
    expect(json.statusCode).toBe(status);
    const inProcess = await t.app.inject({ method: 'GET', url, headers: inProcessHeaders });
    expect(inProcess.statusCode).toBe(json.statusCode);
    expect(inProcess.body).toBe('');
    expect(inProcessPayload(inProcess.raw.req)?.value).toStrictEqual(JSON.parse(json.body));
  });

  it("hands the site's render the object, and as text the JSON the API sends", async () => {
    const path = `${API_BASE}/node/broadcasters/gracechurch?lite=false`;
    const answer = await injectFetch(t.app)(`http://kerygma.test${path}`);
    expect(await answer.json()).toMatchObject({ broadcasterID: 'gracechurch' });
    expect(await answer.text()).toBe((await t.app.inject({ method: 'GET', url: path })).body);
  });

  it('answers a request with a guessed token in JSON', async () => {
    const guessed = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/node/sermons/1000`,
      headers: { 'x-kerygma-in-process': 'guess' },
    });
    expect(JSON.parse(guessed.body)).toMatchObject({ sermonID: '1000' });
  });
});

describe.each(BACKENDS)('API answers in process while the server drains, on %s', (backend) => {
  it('answers the API calls of a page still rendering when shutdown began (SIGTERM mid-render)', async () => {
    const t = await buildTestApp(backend);
    await t.app.ready();
    const closed = t.app.close();
    try {
      const url = `${API_BASE}/node/speakers/1`;
      // Shutdown has begun once app.inject is refused (routing would then answer 503 by default).
      for (;;) {
        const refused = await t.app.inject({ method: 'GET', url }).then(
          () => false,
          () => true,
        );
        if (refused) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      const answer = await injectFetch(t.app)(`http://kerygma.test${url}`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ speakerID: 1, displayName: 'Charles H. Spurgeon' });
    } finally {
      await closed;
      await t.close();
    }
  });
});
