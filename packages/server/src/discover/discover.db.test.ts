import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

const ENVELOPE = ['next', 'nodeDisplayName', 'nodeType', 'results', 'totalCount'];

describe.each(BACKENDS)('discover API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  async function envelope(path: string) {
    const res = await getJson(t.app, `/api/v2/node/discover/${path}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ENVELOPE);
    return res;
  }

  it('broadcasters: the broadcaster list with its filters and paging', async () => {
    const { body } = await envelope('broadcasters');
    expect(body.nodeType).toBe('discover_broadcasters');
    expect(body.results.map((b: { broadcasterID: string }) => b.broadcasterID)).toEqual([
      'emptychurch',
      'gracechurch',
      'kingsseminary',
      'radiovida',
    ]);
    const filtered = await envelope('broadcasters?country=GB');
    expect(filtered.body.results.map((b: { broadcasterID: string }) => b.broadcasterID)).toEqual(['kingsseminary']);
    const paged = await envelope('broadcasters?pageSize=3');
    expect(paged.body.totalCount).toBe(4);
    expect(new URL(paged.body.next).pathname).toBe('/api/v2/node/discover/broadcasters');
  });

  it('broadcaster_locations: every located broadcaster with float coordinates', async () => {
    const { body, raw } = await envelope('broadcaster_locations');
    expect(body.totalCount).toBe(4);
    expect(body.results[1]).toEqual({
      broadcasterID: 'gracechurch',
      displayName: 'Grace Reformed Baptist Church',
      shortName: 'Grace Church',
      location: 'Lancaster, Pennsylvania',
      countryISOCode: 'US',
      state: 'PA',
      latitude: 40,
      longitude: -76.3,
      categories: 1,
    });
    expect(raw).toContain('"latitude":40.0,');
  });

  it('series: every broadcaster’s series, last updated first, with sort_by and query', async () => {
    const { body } = await envelope('series');
    expect(body.nodeType).toBe('discover_series');
    expect(body.results.map((s: { seriesID: number }) => s.seriesID)).toEqual([13, 10, 11, 12]);
    const byTitle = await envelope('series?sort_by=title');
    expect(byTitle.body.results.map((s: { title: string }) => s.title)).toEqual([
      'Evangelio de Juan',
      'Hebrews',
      'Psalms of Ascent',
      'Romans',
    ]);
    const most = await envelope('series?sort_by=sermon_count_highest');
    expect(most.body.results.map((s: { count: number }) => s.count)).toEqual([20, 18, 12, 10]);
    const podcasts = await envelope('series?filterBy=podcast-enabled');
    expect(podcasts.body.results.map((s: { seriesID: number }) => s.seriesID)).toEqual([13, 10]);
    const found = await envelope('series?query=juan');
    expect(found.body.results.map((s: { seriesID: number }) => s.seriesID)).toEqual([13]);
  });

  it('speakers: the speaker list', async () => {
    const { body } = await envelope('speakers?sortBy=sermon-count');
    expect(body.nodeType).toBe('discover_speakers');
    expect(body.results.map((s: { displayName: string }) => s.displayName)).toEqual([
      'Charles H. Spurgeon',
      'John Owen',
      'María López',
      'A/B Preacher',
    ]);
  });

  it('speakers/list: CRLF lines id|sortName|isPrimary as text/plain', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/node/discover/speakers/list' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('3|López, María|0\r\n2|Owen, John|1\r\n4|Preacher, A/B|0\r\n1|Spurgeon, Charles H.|1');
  });

  it('bible_structure: 66 books with Paratext codes and verse counts per chapter', async () => {
    const { body } = await envelope('bible_structure');
    expect(body.totalCount).toBe(66);
    expect(body.results[0]).toMatchObject({ osisAbbrev: 'Gen', osisPA: 'GEN', displayBookName: 'Genesis' });
    expect(body.results[0].chapters).toHaveLength(50);
    const john = body.results[42];
    expect(john).toMatchObject({ osisAbbrev: 'John', osisPA: 'JHN', displayBookName: 'John', testament: 'NT' });
    expect(john.chapters).toHaveLength(21);
    expect(john.chapters[2]).toBe(36);
    expect(body.results[65]).toMatchObject({ osisPA: 'REV' });
  });

  it('bible_text: a passage by reference or by book and chapter', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/discover/bible_text?reference=John%203:16');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      bibleVersion: 'KJV',
      reference: 'John 3:16',
      displayBookName: 'John',
      truncated: false,
    });
    expect(body.verses).toHaveLength(1);
    expect(body.verses[0].text).toMatch(/^For God so loved the world/);
    const byBook = await getJson(t.app, '/api/v2/node/discover/bible_text?book=JHN&chapter=3&verse=16');
    expect(byBook.body.verses).toEqual(body.verses);
    const range = await getJson(t.app, '/api/v2/node/discover/bible_text?book=Romans&chapter=8&verse=28&verseEnd=30');
    expect(range.body.verses.map((v: { verse: number }) => v.verse)).toEqual([28, 29, 30]);
  });

  it('bible_text: bad or missing references → 400, unknown passages → 404', async () => {
    const unknown = await getJson(t.app, '/api/v2/node/discover/bible_text?book=Hezekiah&chapter=3');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.book).toBe('Unknown Bible book: Hezekiah');
    const missing = await getJson(t.app, '/api/v2/node/discover/bible_text');
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['reference']);
    const beyond = await getJson(t.app, '/api/v2/node/discover/bible_text?book=JUD&chapter=2');
    expect(beyond.status).toBe(404);
  });

  it('hashtags: from published sermons’ keywords, most used first, paged', async () => {
    const { body } = await envelope('hashtags');
    expect(body.totalCount).toBe(3);
    expect(body.results).toEqual([
      { hashtag: 'faith', displayHashtag: 'faith', sermonCount: 12 },
      { hashtag: 'justification', displayHashtag: 'justification', sermonCount: 12 },
      { hashtag: 'gracia', displayHashtag: 'gracia', sermonCount: 10 },
    ]);
    const first = await envelope('hashtags?size=2');
    expect(first.body.results).toHaveLength(2);
    const next = new URL(first.body.next);
    expect(next.searchParams.get('page')).toBe('2');
    const second = await envelope(`hashtags?${next.searchParams.toString()}`);
    expect(second.body.results.map((h: { hashtag: string }) => h.hashtag)).toEqual(['gracia']);
    expect(second.body.next).toBeNull();
  });

  it('topics: with their sermon counts', async () => {
    const { body } = await envelope('topics');
    expect(body.results).toEqual([
      { topicID: 1, name: 'Justification', description: 'Right standing with God', sermonCount: 12 },
      { topicID: 2, name: 'Prayer', description: '', sermonCount: 0 },
    ]);
  });

  it('sastats: sermon counts and total seconds of published sermons', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/discover/sastats');
    expect(status).toBe(200);
    // Sum of 600 + 60·i for i = 0..59.
    expect(body).toEqual({ english: 50, seconds: 142_200, sermonCount: 60 });
  });

  it('groups and legacy_groups: broadcaster groups with counts', async () => {
    for (const path of ['groups', 'legacy_groups', 'legacy_groups/']) {
      const { body } = await envelope(path);
      expect(body.results, path).toEqual([{ group: 'Reformed Network', broadcasterCount: 2 }]);
    }
  });
});
