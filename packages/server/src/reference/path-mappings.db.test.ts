import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { mappingAnswer, mappingKeys } from './path-mappings.ts';

describe('path mapping keys and answers', () => {
  it('keys: lower-cased path without trailing slash, with and without the query', () => {
    expect(mappingKeys('/SermonsByBible.asp/')).toEqual(['/sermonsbybible.asp']);
    expect(mappingKeys('https://example.org/Search.asp?Keyword=Grace')).toEqual([
      '/search.asp?keyword=grace',
      '/search.asp',
    ]);
    expect(mappingKeys('/')).toEqual(['/']);
    expect(mappingKeys('/caf%C3%A9')).toEqual(['/café']);
  });

  it('answers: a path or our own host is internal (301), another host external (302)', () => {
    expect(mappingAnswer('/speakers', 'kerygma.test')).toEqual({ status: 301, url: '/speakers', internal: true });
    expect(mappingAnswer('https://kerygma.test/series?x=1', 'kerygma.test')).toEqual({
      status: 301,
      url: '/series?x=1',
      internal: true,
    });
    expect(mappingAnswer('https://bible.example/kjv', 'kerygma.test')).toEqual({
      status: 302,
      url: 'https://bible.example/kjv',
      internal: false,
    });
    expect(mappingAnswer('//evil.example/x', 'kerygma.test').internal).toBe(false);
    expect(mappingAnswer('https://kerygma.test//evil.example/x', 'kerygma.test').internal).toBe(false);
  });
});

describe.each(BACKENDS)('POST map-path on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  const post = async (payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/map-path', payload: payload as object });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };

  it('answers the stored legacy mappings with status, url and internal flag', async () => {
    expect(await post({ url: '/SermonsByBible.asp' })).toEqual({
      status: 200,
      body: { status: 301, url: '/sermons/scripture', internal: true },
    });
    expect((await post({ url: 'http://kerygma.test/vacantpulpits.asp?x=1' })).body.url).toBe('/broadcasters/vacant');
    const external = await post({ url: '/kjv/' });
    expect(external.body).toEqual({ status: 302, url: 'https://www.kingjamesbibleonline.org/', internal: false });
  });

  it('an administrator’s mapping with a query wins over the bare path; our own host is internal', async () => {
    await t.db.exec(`INSERT INTO path_mapping (path, url) VALUES
      ('/sermons.asp?currsection=sermonstopic', 'http://kerygma.test/sermons/topics'),
      ('/oldpage', '/series')`);
    expect((await post({ url: '/Sermons.asp?currSection=sermonsTopic' })).body).toEqual({
      status: 301,
      url: '/sermons/topics',
      internal: true,
    });
    expect((await post({ url: '/oldpage?utm=1' })).body.url).toBe('/series');
  });

  it('the old search page keeps its query: keyword (or q) becomes the search page’s q', async () => {
    const url = async (requested: string) => (await post({ url: requested })).body.url;
    expect(await post({ url: '/search.asp?keyword=grace' })).toEqual({
      status: 200,
      body: { status: 301, url: '/search?q=grace', internal: true },
    });
    expect(await url('/Search.asp?KEYWORD=Hosea%3A%20The%20%26%20more%20%2F%20%23%3F&x=1')).toBe(
      `/search?q=${encodeURIComponent('Hosea: The & more / #?').replaceAll('%20', '+')}`,
    );
    expect(await url('/search.asp?q=%E4%B8%AD%E6%96%87')).toBe('/search?q=%E4%B8%AD%E6%96%87');
    expect(await url('/search.asp?keyword=%20%20')).toBe('/search');
    expect(await url('/search.asp')).toBe('/search');
    // Only the search page takes it.
    expect(await url('/churches.asp?keyword=grace')).toBe('/broadcasters');
  });

  it('no mapping → 404 in the error shape; bad input → 400', async () => {
    const missing = await post({ url: '/no/such/page' });
    expect(missing).toEqual({
      status: 404,
      body: { errors: { error: 'This page could not be found' }, status: 404, code: 'not_found' },
    });
    expect((await post({})).status).toBe(400);
  });
});
