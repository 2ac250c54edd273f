import { SERMON_SORTS, type SermonSort } from '@kerygma/domain/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../test/fixture.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

/**
 * Every sort of GET node/sermons and its paging (page/pageSize/next, keyset and OFFSET),
 * against a model of the fixture's 60 published sermons (test/fixture.ts: sermon 1000 + i).
 */

type Model = {
  id: string;
  date: string;
  title: string;
  speakerSort: string;
  series: string;
  language: string;
  event: string;
  downloads: number;
  plays: number;
  pick: number | null;
  bible: number;
};

const PSALMS = 18;
const JOHN = 42;
const ROMANS = 44;
const HEBREWS = 57;

const MODEL: Model[] = Array.from({ length: 60 }, (_, i) => {
  const date = new Date(Date.UTC(1965, 0, 3) + i * 365 * 86_400_000).toISOString().slice(0, 10);
  const [title, speakerSort, series, book, chapter] =
    i < 12
      ? [`Justified by Faith part ${i + 1}`, 'Spurgeon, Charles H.', 'Romans', ROMANS, i + 1]
      : i < 30
        ? [
            `Songs of Ascent ${i - 11}`,
            i === 29 ? 'Preacher, A/B' : 'Spurgeon, Charles H.',
            'Psalms of Ascent',
            PSALMS,
            120 + ((i - 12) % 15),
          ]
        : i < 50
          ? [`A Better Covenant ${i - 29}`, 'Owen, John', 'Hebrews', HEBREWS, 1 + ((i - 30) % 13)]
          : [`La gracia de Dios ${i - 49}`, 'López, María', 'Evangelio de Juan', JOHN, i - 49];
  return {
    id: String(1000 + i),
    date,
    title,
    speakerSort,
    series,
    language: i < 50 ? 'en' : 'es',
    event: i % 10 === 3 ? 'Prayer Meeting' : i % 2 === 0 ? 'Sunday - AM' : 'Sunday - PM',
    downloads: (60 - i) * 10,
    plays: i * 3,
    pick: i % 10 === 0 ? i : null,
    bible: book * 1_000_000 + chapter * 1000 + 1,
  };
});

const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
/** Names and titles sort without regard to case and accents (migrations 0018, 0019). */
const key = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** Ties are broken by preach date, newest first, then id descending (sermons.queries.ts). */
const newestFirst = (a: Model, b: Model) => cmp(b.date, a.date) || cmp(b.id, a.id);
const order = (compare: (a: Model, b: Model) => number) => [...MODEL].sort(compare).map((m) => m.id);

const NEWEST = order(newestFirst);
const EXPECTED: Record<Exclude<SermonSort, 'random'>, string[]> = {
  newest: NEWEST,
  oldest: order((a, b) => cmp(a.date, b.date) || cmp(a.id, b.id)),
  // publish_timestamp, created_at and updated_at all grow with i, like the preach date.
  'newest-published': NEWEST,
  added: NEWEST,
  updated: NEWEST,
  title: order((a, b) => cmp(key(a.title), key(b.title)) || cmp(a.id, b.id)),
  speaker: order((a, b) => cmp(key(a.speakerSort), key(b.speakerSort)) || newestFirst(a, b)),
  series: order((a, b) => cmp(key(a.series), key(b.series)) || newestFirst(a, b)),
  language: order((a, b) => cmp(a.language, b.language) || newestFirst(a, b)),
  event: order((a, b) => cmp(a.event, b.event) || newestFirst(a, b)),
  downloads: order((a, b) => cmp(b.downloads, a.downloads) || newestFirst(a, b)),
  plays: order((a, b) => cmp(b.plays, a.plays) || newestFirst(a, b)),
  pickdate: order(
    (a, b) =>
      (a.pick === null ? 1 : 0) - (b.pick === null ? 1 : 0) || cmp(b.pick ?? 0, a.pick ?? 0) || newestFirst(a, b),
  ),
  bible: order((a, b) => cmp(a.bible, b.bible) || newestFirst(a, b)),
  // Nothing has comments, audio/video plays or a last play time in the fixture: ties all the way.
  commentcount: NEWEST,
  audioplays: NEWEST,
  videoplays: NEWEST,
  lastplayed: NEWEST,
  // Without a search, relevance falls back to newest.
  relevance: NEWEST,
};

type Page = { totalCount: number; next: string | null; results: { sermonID: string }[] };
const ids = (body: Page) => body.results.map((s) => s.sermonID);
const local = (url: string) => url.replace('http://kerygma.test', '');

describe.each(BACKENDS)('sermon list sorts and paging on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  async function page(url: string): Promise<Page> {
    const { status, body } = await getJson<Page>(t.app, local(url));
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  }

  /** Follows `next` from `url` to the end; every page must report the same total. */
  async function walk(url: string): Promise<string[]> {
    const seen: string[] = [];
    let next: string | null = url;
    let pages = 0;
    while (next) {
      const body = await page(next);
      expect(body.totalCount).toBe(FIXTURE.published);
      seen.push(...ids(body));
      next = body.next;
      expect(++pages).toBeLessThan(100);
    }
    return seen;
  }

  it('has an expectation for every sort the API offers', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(SERMON_SORTS.filter((s) => s !== 'random').sort());
  });

  it.each(Object.entries(EXPECTED))('sortBy=%s orders the whole list as expected', async (sort, expected) => {
    const body = await page(`/api/v2/node/sermons?sortBy=${sort}&pageSize=100&lite=true`);
    expect(body.totalCount).toBe(FIXTURE.published);
    expect(ids(body)).toEqual(expected);
  });

  it('oldest is ascending by preach date, newest descending', async () => {
    const oldest = await page('/api/v2/node/sermons?sortBy=oldest&pageSize=100');
    const dates = oldest.results.map((s) => (s as unknown as { preachDate: string }).preachDate);
    expect(dates[0]).toBe('1965-01-03');
    expect(dates).toEqual([...dates].sort());
    const newest = await page('/api/v2/node/sermons?sortBy=newest&pageSize=1');
    expect(ids(newest)).toEqual(['1059']);
  });

  it('downloads sorts by download count, highest first', async () => {
    const { results } = await page('/api/v2/node/sermons?sortBy=downloads&pageSize=100');
    const counts = results.map((s) => (s as unknown as { downloadCount: number }).downloadCount);
    expect(counts[0]).toBe(600);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('speaker sorts by the speaker’s sort name, not the display name', async () => {
    const { results } = await page('/api/v2/node/sermons?sortBy=speaker&pageSize=100');
    const names = results.map((s) => (s as unknown as { speaker: { displayName: string } }).speaker.displayName);
    expect([...new Set(names)]).toEqual(['María López', 'John Owen', 'A/B Preacher', 'Charles H. Spurgeon']);
  });

  it('title, speaker and series sort alphabetically whatever the case and accents', async () => {
    await t.db.exec(`UPDATE sermon SET full_title = 'ágape eterno' WHERE sermon_id = '1000';
                     UPDATE sermon SET full_title = 'a armadura de Deus' WHERE sermon_id = '1001';
                     UPDATE speaker SET sort_name = 'de Owen, John' WHERE speaker_id = 2;
                     UPDATE series SET title = 'Ébreux' WHERE series_id = 12`);
    try {
      const model = MODEL.map((m) => ({
        ...m,
        title: m.id === '1000' ? 'ágape eterno' : m.id === '1001' ? 'a armadura de Deus' : m.title,
        speakerSort: m.speakerSort === 'Owen, John' ? 'de Owen, John' : m.speakerSort,
        series: m.series === 'Hebrews' ? 'Ébreux' : m.series,
      }));
      const sorted = (compare: (a: Model, b: Model) => number) => [...model].sort(compare).map((m) => m.id);
      expect(await walk('/api/v2/node/sermons?sortBy=title&pageSize=11&lite=true')).toEqual(
        sorted((a, b) => cmp(key(a.title), key(b.title)) || cmp(a.id, b.id)),
      );
      expect(await walk('/api/v2/node/sermons?sortBy=speaker&pageSize=8&lite=true')).toEqual(
        sorted((a, b) => cmp(key(a.speakerSort), key(b.speakerSort)) || newestFirst(a, b)),
      );
      expect(await walk('/api/v2/node/sermons?sortBy=series&pageSize=9&lite=true')).toEqual(
        sorted((a, b) => cmp(key(a.series), key(b.series)) || newestFirst(a, b)),
      );
    } finally {
      await t.db.exec(`UPDATE sermon SET full_title = 'Justified by Faith part 1' WHERE sermon_id = '1000';
                       UPDATE sermon SET full_title = 'Justified by Faith part 2' WHERE sermon_id = '1001';
                       UPDATE speaker SET sort_name = 'Owen, John' WHERE speaker_id = 2;
                       UPDATE series SET title = 'Hebrews' WHERE series_id = 12`);
    }
  });

  it('an unknown sortBy gives the newest order, not an error', async () => {
    for (const sort of ['bogus', 'NEWEST', '']) {
      const body = await page(`/api/v2/node/sermons?sortBy=${sort}&pageSize=100`);
      expect(ids(body), sort).toEqual(NEWEST);
    }
  });

  it('relevance with a search returns only the matches', async () => {
    const body = await page('/api/v2/node/sermons?sortBy=relevance&searchKeyword=justify&pageSize=100');
    expect(body.totalCount).toBe(12);
    expect(ids(body).sort()).toEqual(MODEL.slice(0, 12).map((m) => m.id));
  });

  it('random returns a page of distinct published sermons', async () => {
    const published = new Set(MODEL.map((m) => m.id));
    const seen = new Set<string>();
    for (let k = 0; k < 5; k++) {
      const body = await page('/api/v2/node/sermons?sortBy=random&pageSize=10');
      const got = ids(body);
      expect(got).toHaveLength(10);
      expect(new Set(got).size).toBe(10);
      for (const id of got) expect(published.has(id), id).toBe(true);
      expect(body.totalCount).toBe(FIXTURE.published);
      for (const id of got) seen.add(id);
    }
    // Five random pages of 10 out of 60 are not all the same page.
    expect(seen.size).toBeGreaterThan(10);
    const filtered = await page('/api/v2/node/sermons?sortBy=random&broadcasterID=radiovida&pageSize=100');
    expect(ids(filtered).sort()).toEqual(MODEL.slice(50).map((m) => m.id));
  });

  it('page 2 without a cursor equals the page reached through next', async () => {
    for (const sort of ['newest', 'title', 'speaker', 'downloads', 'pickdate', 'series', 'bible']) {
      const first = await page(`/api/v2/node/sermons?sortBy=${sort}&pageSize=7`);
      expect(first.next, sort).toBeTruthy();
      const viaNext = await page(first.next as string);
      const direct = await page(`/api/v2/node/sermons?sortBy=${sort}&pageSize=7&page=2`);
      expect(ids(viaNext), sort).toEqual(ids(direct));
      expect(ids(direct), sort).toEqual(EXPECTED[sort as keyof typeof EXPECTED].slice(7, 14));
    }
  });

  it('next is an absolute URL keeping the query, with page+1', async () => {
    const body = await page('/api/v2/node/sermons?sortBy=oldest&pageSize=25&languageCode=en');
    expect(body.totalCount).toBe(50);
    const next = new URL(body.next as string);
    expect(next.origin).toBe('http://kerygma.test');
    expect(next.pathname).toBe('/api/v2/node/sermons');
    expect(next.searchParams.get('page')).toBe('2');
    expect(next.searchParams.get('sortBy')).toBe('oldest');
    expect(next.searchParams.get('languageCode')).toBe('en');
    expect(next.searchParams.get('pageSize')).toBe('25');
    const second = await page(body.next as string);
    expect(second.results).toHaveLength(25);
    expect(second.next).toBeNull();
  });

  it.each([
    ['newest', 7],
    ['oldest', 25],
    ['title', 11],
    ['speaker', 8],
    ['downloads', 9],
    ['newest-published', 13],
    ['updated', 60],
    ['pickdate', 7],
    ['series', 9],
    ['bible', 10],
    ['lastplayed', 16],
  ])('walking next visits every sermon once, in order, by keyset (sort %s, pageSize %i)', async (sort, size) => {
    const url = `/api/v2/node/sermons?sortBy=${sort}&pageSize=${size}&lite=true`;
    const { next } = await page(url);
    if (size < FIXTURE.published) expect(new URL(next as string).searchParams.get('cursor'), 'a cursor').toBeTruthy();
    const seen = await walk(url);
    expect(seen).toEqual(EXPECTED[sort as keyof typeof EXPECTED]);
  });

  it('sermons without a staff pick, a play, a passage or a series come last in those sorts, by keyset too', async () => {
    // Sermon 1059 (the newest) loses its series, its reference and its pick; 1001 gets a last play.
    await t.db.exec(`UPDATE sermon SET series_id = NULL, bible_sort = NULL WHERE sermon_id = '1059';
                     UPDATE sermon SET last_play_time = now() WHERE sermon_id = '1001'`);
    try {
      const last = (expected: string[]) => [...expected.filter((id) => id !== '1059'), '1059'];
      expect(await walk('/api/v2/node/sermons?sortBy=series&pageSize=9&lite=true')).toEqual(last(EXPECTED.series));
      expect(await walk('/api/v2/node/sermons?sortBy=bible&pageSize=9&lite=true')).toEqual(last(EXPECTED.bible));
      expect(await walk('/api/v2/node/sermons?sortBy=lastplayed&pageSize=9&lite=true')).toEqual([
        '1001',
        ...NEWEST.filter((id) => id !== '1001'),
      ]);
    } finally {
      await t.db.exec(`UPDATE sermon SET series_id = 13, bible_sort = ${MODEL[59]?.bible} WHERE sermon_id = '1059';
                       UPDATE sermon SET last_play_time = NULL WHERE sermon_id = '1001'`);
    }
  });

  it('walks a filtered list by book (sermon_scripture order) without gaps', async () => {
    const seen: string[] = [];
    let next: string | null = '/api/v2/node/sermons?book=PSA&pageSize=4';
    while (next) {
      const body = await page(next);
      expect(body.totalCount).toBe(18);
      seen.push(...ids(body));
      next = body.next;
    }
    expect(seen).toEqual(NEWEST.filter((id) => Number(id) >= 1012 && Number(id) < 1030));
  });

  it('reports the total on every page and null next on the last', async () => {
    const last = await page('/api/v2/node/sermons?pageSize=25&page=3');
    expect(last.totalCount).toBe(FIXTURE.published);
    expect(ids(last)).toEqual(NEWEST.slice(50));
    expect(last.next).toBeNull();
    const exact = await page('/api/v2/node/sermons?pageSize=20&page=3');
    expect(ids(exact)).toEqual(NEWEST.slice(40));
    expect(exact.next).toBeNull();
    const beyond = await page('/api/v2/node/sermons?pageSize=25&page=9');
    expect(beyond.results).toEqual([]);
    expect(beyond.totalCount).toBe(FIXTURE.published);
    expect(beyond.next).toBeNull();
  });

  it('default page size is 25 (spec §9)', async () => {
    const body = await page('/api/v2/node/sermons');
    expect(body.results).toHaveLength(25);
    expect(new URL(body.next as string).searchParams.get('page')).toBe('2');
  });

  it('a cursor for another page is ignored (OFFSET applies); a garbled one is a 400', async () => {
    const first = await page('/api/v2/node/sermons?pageSize=5');
    const next = new URL(first.next as string);
    next.searchParams.set('page', '3');
    expect(ids(await page(next.toString()))).toEqual(NEWEST.slice(10, 15));
    for (const cursor of ['garbage', 'WzJd', Buffer.from('[2,{"a":1},"x"]').toString('base64url')]) {
      const { status } = await getJson(t.app, local(`/api/v2/node/sermons?pageSize=5&page=2&cursor=${cursor}`));
      expect(status, cursor).toBe(400);
    }
  });
});
