import { contracts } from '@kerygma/domain/contracts/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch } from '../../server/src/site/inject-fetch.ts';
import { buildTestApp, type TestApp } from '../../server/src/test/test-app.ts';
import { BACKENDS } from '../../server/src/test/test-db.ts';
import { createApiClient } from './client.ts';
import { ApiRequestError } from './request.ts';
import type { ApiClientOptions, ApiFetch, ApiFetchInit } from './transport.ts';

type Sent = {
  url: URL;
  headers: Record<string, string>;
  credentials: RequestInit['credentials'];
  cache: ApiFetchInit['cache'];
};

/** The API client against the real app: requests go through app.inject, and each one is recorded. */
describe.each(BACKENDS)('API client against the app on %s', (backend) => {
  let t: TestApp;
  const sent: Sent[] = [];
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  function client(options: Partial<ApiClientOptions> = {}) {
    const inject = injectFetch(t.app);
    const recording: ApiFetch = (input, init) => {
      sent.push({
        url: new URL(input),
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        credentials: init?.credentials,
        cache: init?.cache,
      });
      return inject(input, init);
    };
    return createApiClient({ origin: 'http://kerygma.test', language: 'en', fetch: recording, ...options });
  }
  const last = () => sent[sent.length - 1] as Sent;

  it('sends Accept-Language, asks for JSON and gets typed results', async () => {
    const api = client({ language: 'de' });
    const list = await api.sermons({ broadcasterID: 'radiovida', pageSize: 100 });
    expect(list.totalCount).toBe(10);
    expect(list.results.map((s) => s.sermonID).sort()).toEqual(Array.from({ length: 10 }, (_, k) => String(1050 + k)));
    expect(last().headers['accept-language']).toBe('de');
    expect(last().headers.accept).toBe('application/json');
    expect(last().url.pathname).toBe('/api/v2/node/sermons');
    expect(last().url.searchParams.get('lite')).toBe('true');
    expect(last().credentials).toBe('omit');
  });

  it('adds the cache hints to every request unless noCache', async () => {
    const api = client({ cache: { cacheLanguage: 'en', cacheMax: 181, cacheDomain: 'kerygma.test' } });
    await api.sermon('1000');
    const params = last().url.searchParams;
    expect(params.get('cacheLanguage')).toBe('en');
    expect(params.get('cacheMax')).toBe('181');
    expect(params.get('cacheDomain')).toBe('kerygma.test');
    await api.get('node/languages', { noCache: true });
    expect(last().url.search).toBe('');
    expect((await api.health()).status).toBe('ok');
    expect(last().url.pathname).toBe('/api/v2/healthz');
    expect(last().url.searchParams.has('cacheLanguage')).toBe(false);
  });

  it('in the browser a fresh call checks the stored answer with the server; others may use it', async () => {
    const browser = client({ sameHost: true });
    await browser.get('node/languages', { noCache: true });
    expect(last().cache).toBe('no-cache');
    await browser.get('node/languages');
    expect(last().cache).toBeUndefined();
  });

  it('sends X-API-Key only when one is set, and Origin/credentials when configured', async () => {
    await client().speakers();
    expect(last().headers).not.toHaveProperty('x-api-key');
    expect(last().headers).not.toHaveProperty('origin');
    await client({ apiKey: 'k-123', serverOrigin: 'http://kerygma.test', sameHost: true }).speakers();
    expect(last().headers['x-api-key']).toBe('k-123');
    expect(last().headers.origin).toBe('http://kerygma.test');
    expect(last().credentials).toBe('include');
  });

  it('search joins list parameters with commas, lite by default', async () => {
    const result = await client().search('spurgeon', { types: ['speaker', 'broadcaster'] });
    const params = last().url.searchParams;
    expect(params.getAll('types')).toEqual(['speaker,broadcaster']);
    expect(params.get('query')).toBe('spurgeon');
    expect(params.get('lite')).toBe('true');
    expect(params.get('liteBroadcaster')).toBe('true');
    expect((result.speakerResults as { displayName: string }[]).map((s) => s.displayName)).toEqual([
      'Charles H. Spurgeon',
    ]);
    expect(result.sermonResults).toEqual([]);
  });

  it('other list parameters repeat their key', async () => {
    // (The server takes one letter, so it answers 400; only the request matters here.)
    await client()
      .get('node/speakers', { query: { letter: ['a', 'b'] } })
      .catch(() => undefined);
    expect(last().url.searchParams.getAll('letter')).toEqual(['a', 'b']);
  });

  it('sermonIDs are sent comma-joined (spec §7)', async () => {
    const list = await client().sermons({ sermonIDs: ['1000', '1001', '1900'] });
    expect(last().url.searchParams.getAll('sermonIDs')).toEqual(['1000,1001,1900']);
    expect(list.results.map((s) => s.sermonID).sort()).toEqual(['1000', '1001']);
  });

  it('names in paths are percent-encoded as one segment', async () => {
    const speaker = await client().speaker('A/B Preacher');
    expect(speaker.speakerID).toBe(4);
    expect(last().url.pathname).toBe('/api/v2/node/speakers/A%2FB%20Preacher');
    expect((await client().series(13)).title).toBe('Evangelio de Juan');
    const broadcaster = await client().broadcaster('GraceChurch', false);
    expect(broadcaster.broadcasterID).toBe('gracechurch');
    expect(broadcaster).toHaveProperty('denomination', 'Reformed Baptist');
    expect(last().url.searchParams.get('lite')).toBe('false');
  });

  it('calls a route by its contract: path parameters filled in, the query and body sent, the answer typed', async () => {
    const api = client();
    const topics = await api.calls.topics();
    expect(last().url.pathname).toBe('/api/v2/node/discover/topics');
    expect(topics.results.map((topic) => topic.name)).toContain('Prayer');
    const counts = await api.calls.broadcasterSpeakerCounts({ params: { broadcasterID: 'gracechurch' } });
    expect(last().url.pathname).toBe('/api/v2/node/broadcasters/gracechurch/speakers/sermon_counts');
    expect(counts.results[0]?.speakerDetail.displayName).toBe('Charles H. Spurgeon');
    const hymns = await api.call(contracts.hymnList, { query: { pageSize: 2, psalter: true } });
    expect(last().url.search).toBe('?pageSize=2&psalter=true');
    expect(hymns.results).toEqual([]);
    // A contract at the site root (oEmbed) is asked there, not under the API base.
    const embed = await api.calls.oembed({ query: { url: 'http://kerygma.test/sermons/1000' } });
    expect(last().url.pathname).toBe('/oembed');
    expect(embed.type).toBe('rich');
    // A POST sends its body as JSON.
    await api.calls.mapPath({ body: { url: '/nowhere' } }).catch(() => undefined);
    expect(last().headers['content-type']).toBe('application/json');
  });

  it('a 404 throws ApiRequestError with status 404 and the assembled message', async () => {
    const error = await client()
      .sermon('999999')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(404);
    expect((error as ApiRequestError).code).toBe('not_found');
    expect((error as ApiRequestError).message).toBe('error: Sermon not found (404) not_found');
    const de = await client({ language: 'de' })
      .speaker('Nobody Here')
      .catch((e: unknown) => e);
    expect((de as ApiRequestError).message).toBe('error: Prediger nicht gefunden (404) not_found');
  });

  it('a 400 names the field in the message', async () => {
    const error = await client()
      .sermons({ pageSize: 1000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(400);
    expect((error as ApiRequestError).message).toMatch(/^pageSize: .* \(400\) invalid_request$/);
  });

  it('a network failure throws ApiRequestError with status 405', async () => {
    const api = createApiClient({
      origin: 'http://kerygma.test',
      language: 'en',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const error = await api.speakers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(405);
    expect((error as ApiRequestError).message).toBe('fetch failed');
  });

  it('apibranch changes the base path of every request', async () => {
    const error = await client({ apibranch: 'nosuchbranch' })
      .speakers()
      .catch((e: unknown) => e);
    expect(last().url.pathname).toBe('/api/nosuchbranch/node/speakers');
    expect((error as ApiRequestError).status).toBe(404);
    await client({ apibranch: '../etc' }).speakers();
    expect(last().url.pathname).toBe('/api/v2/node/speakers');
  });

  it('walks a list through next with the same client', async () => {
    const api = client();
    const seen: string[] = [];
    let page = await api.broadcasters({ pageSize: 3 });
    seen.push(...page.results.map((b) => b.broadcasterID));
    while (page.next) {
      const next = new URL(page.next);
      page = await api.get(next.pathname.replace('/api/v2/', ''), {
        query: Object.fromEntries(next.searchParams),
      });
      seen.push(...page.results.map((b) => b.broadcasterID));
    }
    expect(seen).toEqual(['emptychurch', 'gracechurch', 'kingsseminary', 'radiovida']);
  });
});
