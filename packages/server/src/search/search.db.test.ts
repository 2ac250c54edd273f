import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => String(1000 + from + k));

describe.each(BACKENDS)('search API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  async function search(query: string, headers: Record<string, string> = {}) {
    const { status, body } = await getJson(t.app, `/api/v2/node/search?${query}`, headers);
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  }
  const sermonIds = (body: { sermonResults: { sermonID: string }[] }) => body.sermonResults.map((s) => s.sermonID);

  it('returns every kind of result in one response', async () => {
    const body = await search('query=romans');
    expect(Object.keys(body).sort()).toEqual(
      [
        'broadcasterCount',
        'broadcasterResults',
        'didYouMean',
        'hashtagResults',
        'next',
        'nodeDisplayName',
        'nodeType',
        'passage',
        'query',
        'seriesCount',
        'seriesResults',
        'sermonResults',
        'speakerCount',
        'speakerResults',
        'totalCount',
      ].sort(),
    );
    expect(body.nodeType).toBe('search_results');
    expect(body.query).toBe('romans');
    expect(body.totalCount).toBe(12);
    expect(sermonIds(body).sort()).toEqual(range(0, 12));
    expect(body.seriesResults.map((s: { seriesID: number }) => s.seriesID)).toEqual([10]);
    expect(body.seriesCount).toBe(1);
    expect(body.broadcasterResults).toEqual([]);
    expect(body.speakerResults).toEqual([]);
  });

  it('sermon results are lite by default, full with lite=false', async () => {
    const lite = await search('query=covenant&pageSize=1');
    expect(lite.sermonResults[0]).not.toHaveProperty('media');
    expect(lite.sermonResults[0].broadcaster).not.toHaveProperty('denomination');
    const full = await search('query=covenant&pageSize=1&lite=false');
    expect(full.sermonResults[0]).toHaveProperty('media');
  });

  it('stems the query: "justify" finds the "Justified" sermons, Spanish in Spanish', async () => {
    expect(sermonIds(await search('query=justify&pageSize=100')).sort()).toEqual(range(0, 12));
    expect(sermonIds(await search('query=gracias&languageCode=es&pageSize=100')).sort()).toEqual(range(50, 60));
  });

  it('finds speakers and broadcasters by name', async () => {
    const body = await search('query=spurgeon');
    expect(body.speakerResults.map((s: { displayName: string }) => s.displayName)).toEqual(['Charles H. Spurgeon']);
    expect(body.broadcasterResults.map((b: { broadcasterID: string }) => b.broadcasterID)).toEqual(['gracechurch']);
    expect(body.totalCount).toBe(29);
  });

  it('types (comma-joined) limits the kinds of results', async () => {
    const body = await search('query=spurgeon&types=speaker,broadcaster');
    expect(body.sermonResults).toEqual([]);
    expect(body.totalCount).toBe(0);
    expect(body.speakerResults).toHaveLength(1);
    expect(body.broadcasterResults).toHaveLength(1);
    const tags = await search('query=faith&types=hashtag');
    expect(tags.hashtagResults).toEqual([{ hashtag: 'faith', displayHashtag: 'faith', sermonCount: 12 }]);
    expect(tags.sermonResults).toEqual([]);
    // videosermon alone: only sermons with video.
    expect(sermonIds(await search('query=covenant&types=videosermon'))).toEqual(['1041']);
  });

  it('pages sermon results with next', async () => {
    const seen: string[] = [];
    let next: string | null = '/api/v2/node/search?query=spurgeon&pageSize=10&types=sermon';
    while (next) {
      const body = await search(next.replace(/^.*\/node\/search\?/, ''));
      expect(body.totalCount).toBe(29);
      seen.push(...sermonIds(body));
      next = body.next;
    }
    expect(seen).toHaveLength(29);
    expect([...new Set(seen)].sort()).toEqual(range(0, 29));
  });

  it('sortBy latest gives newest first; unknown sorts fall back to relevance', async () => {
    expect(sermonIds(await search('query=covenant&sortBy=latest&pageSize=3'))).toEqual(['1049', '1048', '1047']);
    expect(sermonIds(await search('query=covenant&sortBy=oldest&pageSize=3'))).toEqual(['1030', '1031', '1032']);
    expect((await search('query=covenant&sortBy=bogus')).totalCount).toBe(20);
  });

  it('side results count their matches up to 100, the sermons in full', async () => {
    // 103 series titled 'Zechariah Study n': more than the search's side lists count.
    await t.db.exec(`INSERT INTO series (series_id, broadcaster_id, title)
      SELECT 5000 + n, 'gracechurch', 'Zechariah Study ' || n FROM generate_series(1, 103) n`);
    try {
      const body = await search('query=zechariah');
      expect(body.seriesResults).toHaveLength(5);
      expect(body.seriesCount).toBe(100);
      // The series list itself still counts them all.
      const list = await getJson(t.app, '/api/v2/node/discover/series?query=zechariah&pageSize=5');
      expect(list.body.totalCount).toBe(103);
      const few = await search('query=romans');
      expect(few.seriesCount).toBe(1);
    } finally {
      await t.db.exec('DELETE FROM series WHERE series_id > 5000 AND series_id <= 5103');
    }
  });

  it('side results are the most preached first, with every match counted below 100', async () => {
    // 7 series titled 'Habakkuk Study n' with n sermons each: more than the 5 shown.
    await t.db.exec(`INSERT INTO series (series_id, broadcaster_id, title, sermon_count)
      SELECT 6000 + n, 'gracechurch', 'Habakkuk Study ' || n, n FROM generate_series(1, 7) n`);
    try {
      const body = await search('query=habakkuk%20study');
      expect(body.seriesCount).toBe(7);
      expect(body.seriesResults.map((s: { title: string }) => s.title)).toEqual(
        [7, 6, 5, 4, 3].map((n) => `Habakkuk Study ${n}`),
      );
    } finally {
      await t.db.exec('DELETE FROM series WHERE series_id > 6000 AND series_id <= 6007');
    }
  });

  it('relevance pages stop after the ranked matches; other sorts page through all of them', async () => {
    // 260 sermons with a word of their own: more than relevance ranks (RELEVANCE_RESULTS, 250).
    await t.db.exec(`INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, full_title, display_title, preach_date,
        publish_timestamp)
      SELECT (7000 + n)::text, 'gracechurch', 1, 'Zebulunite ' || n, 'Zebulunite ' || n, DATE '2020-01-01' + n, now()
        FROM generate_series(1, 260) n`);
    try {
      const ranked = await search('query=zebulunite&types=sermon&pageSize=50&page=5');
      expect(ranked.totalCount).toBe(260);
      expect(ranked.sermonResults).toHaveLength(50);
      expect(ranked.next).toBeNull();
      expect((await search('query=zebulunite&types=sermon&pageSize=50&page=4')).next).not.toBeNull();
      const latest = await search('query=zebulunite&types=sermon&pageSize=50&page=5&sortBy=latest');
      expect(latest.next).not.toBeNull();
      const last = await search(latest.next.replace(/^.*\/node\/search\?/, ''));
      expect(sermonIds(last)).toHaveLength(10);
    } finally {
      await t.db.exec('DELETE FROM sermon WHERE sermon_id IN (SELECT (7000 + n)::text FROM generate_series(1, 260) n)');
    }
  });

  it('relevance puts the sermons that say the word most prominently first, the newest first among equals', async () => {
    // 40 sermons mention 'Ziphite': the 3 oldest in their title, the others only in their notes.
    await t.db.exec(`INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, full_title, display_title, more_info_text,
        preach_date, publish_timestamp)
      SELECT (8000 + n)::text, 'gracechurch', 1, CASE WHEN n <= 3 THEN 'The Ziphite ' ELSE 'Notes ' END || n, 'x',
        'About the Ziphite', DATE '2020-01-01' + n, now()
        FROM generate_series(1, 40) n`);
    try {
      const body = await search('query=ziphite&types=sermon&pageSize=5');
      expect(body.totalCount).toBe(40);
      expect(sermonIds(body)).toEqual(['8003', '8002', '8001', '8040', '8039']);
      const latest = await search('query=ziphite&types=sermon&pageSize=2&sortBy=latest');
      expect(sermonIds(latest)).toEqual(['8040', '8039']);
    } finally {
      await t.db.exec('DELETE FROM sermon WHERE sermon_id IN (SELECT (8000 + n)::text FROM generate_series(1, 40) n)');
    }
  });

  it('one word keeps stemmed and verbatim forms once each in the query', async () => {
    const [forms] = await t.db.query<{ name: string; word: string }>(
      `SELECT sermon_search_query('en', 'Aarón')::text AS name, sermon_search_query('en', 'praying')::text AS word`,
    );
    expect(forms).toEqual({ name: "'aaron'", word: "'pray' | 'praying'" });
  });

  it('a one-word total over 12,000 expected matches is the estimate in any sort; other searches are counted', async () => {
    // 13,000 sermons with a word of their own: enough for the estimate to stand for the total.
    await t.db.exec(`INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, full_title, display_title, preach_date,
        publish_timestamp)
      SELECT (20000 + n)::text, 'gracechurch', 1, 'Zerubbabel ' || n, 'Zerubbabel ' || n, DATE '1990-01-01' + n, now()
        FROM generate_series(1, 13000) n;
      UPDATE sermon SET subtitle = 'Zerubbabel' WHERE sermon_id IN ('32970', '32980');
      ANALYZE sermon`);
    const sql: string[] = [];
    const query = t.db.query.bind(t.db);
    const spy = vi.spyOn(t.db, 'query').mockImplementation((text, params, options) => {
      sql.push(text);
      return query(text, params, options);
    });
    // Queries that read every match: a capped count, or collecting the matches to sort them.
    const counts = () => sql.filter((text) => text.includes(') capped') || text.includes('(s.preach_date + 0)')).length;
    try {
      const one = await search('query=zerubbabel&types=sermon');
      // Within 10% of the 13,000 (a query holding 'zerubbabel' twice was estimated at twice that).
      expect(one.totalCount).toBeGreaterThan(11_700);
      expect(one.totalCount).toBeLessThan(14_300);
      expect(one.sermonResults).toHaveLength(25);
      // Ranked among the newest: the two that also have the word as their subtitle come first.
      expect(sermonIds(one).slice(0, 3)).toEqual(['32980', '32970', '33000']);
      const latest = await search('query=zerubbabel&types=sermon&sortBy=latest');
      expect(latest.totalCount).toBe(one.totalCount);
      expect(counts()).toBe(0);
      // Another filter: PostgreSQL would estimate the two as unrelated, so the total is counted.
      const filtered = await search('query=zerubbabel&types=sermon&languageCode=en');
      expect(filtered.totalCount).toBe(13_000);
      expect(counts()).toBe(1);
    } finally {
      spy.mockRestore();
      await t.db.exec(
        'DELETE FROM sermon WHERE sermon_id IN (SELECT (20000 + n)::text FROM generate_series(1, 13000) n); ANALYZE sermon',
      );
    }
  }, 60_000);

  it('quotes and punctuation around the words find the same speakers, series, broadcasters and hashtags', async () => {
    type Body = {
      speakerResults: { speakerID: number }[];
      seriesResults: { seriesID: number }[];
      broadcasterResults: { broadcasterID: string }[];
      hashtagResults: { hashtag: string }[];
    };
    const side = (body: Body) => ({
      speakers: body.speakerResults.map((s) => s.speakerID),
      series: body.seriesResults.map((s) => s.seriesID),
      broadcasters: body.broadcasterResults.map((b) => b.broadcasterID),
      hashtags: body.hashtagResults.map((h) => h.hashtag),
    });
    // Between them the words find every kind: a speaker and his church, a series, hashtags.
    const words = {
      grace: 'broadcasters',
      spurgeon: 'speakers',
      romans: 'series',
      faith: 'hashtags',
      gracia: 'hashtags',
    };
    for (const [word, kind] of Object.entries(words)) {
      const bare = side(await search(`query=${word}`));
      expect(bare[kind as keyof typeof bare], word).not.toEqual([]);
      const Word = word[0]?.toUpperCase() + word.slice(1);
      for (const odd of [
        `"${word}"`,
        `${word}?`,
        `${Word}!`,
        `${word},`,
        `“${word}”`,
        `«${word}»`,
        `(${word})`,
        `#${word}`,
      ]) {
        expect(side(await search(`query=${encodeURIComponent(odd)}`)), odd).toEqual(bare);
      }
    }
  });

  it('punctuation within the query is kept: names and titles hold it; nothing but punctuation finds no side results', async () => {
    const speakers = async (query: string) =>
      (await search(`query=${encodeURIComponent(query)}`)).speakerResults.map(
        (s: { speakerID: number }) => s.speakerID,
      );
    expect(await speakers('Charles H. Spurgeon')).toEqual([1]);
    expect(await speakers('"A/B Preacher"')).toEqual([4]);
    const none = await search(`query=${encodeURIComponent('"?!"')}`);
    expect([none.speakerResults, none.seriesResults, none.broadcasterResults, none.hashtagResults]).toEqual([
      [],
      [],
      [],
      [],
    ]);
  });

  it('a control character in the query is a space, not a server error (PostgreSQL text cannot hold a NUL)', async () => {
    const body = await search('query=grace%00church');
    expect(body.broadcasterResults).toEqual([]);
    expect(
      (await search('query=%00gracechurch%00')).broadcasterResults.map(
        (b: { broadcasterID: string }) => b.broadcasterID,
      ),
    ).toEqual(['gracechurch']);
    // Every list that takes a search word validates it the same way.
    for (const url of [
      '/api/v2/node/discover/series?query=grace%00',
      '/api/v2/node/sermons?searchKeyword=grace%00',
      '/api/v2/node/speakers?query=grace%00',
    ])
      expect((await getJson(t.app, url)).status, url).toBe(200);
  });

  it('a missing or too-short query → 400', async () => {
    const short = await getJson(t.app, '/api/v2/node/search?query=ab');
    expect(short.status).toBe(400);
    expect(short.body.errors.query).toContain('Search needs at least 3 characters');
    const missing = await getJson(t.app, '/api/v2/node/search');
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['query']);
  });
});
