import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsCache } from '../catalogue/catalogue-stats.ts';
import { FIXTURE } from '../test/fixture.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

/**
 * Every filter of GET node/sermons (domain sermonListQuery), checked against the fixture's
 * known catalogue: sermon 1000 + i, i = 0..59 (see test/fixture.ts).
 */

type SermonJson = {
  sermonID: string;
  preachDate: string;
  languageCode: string;
  eventType: string;
  hasVideo: boolean;
  pickDate: string | null;
  broadcaster: { broadcasterID: string };
  speaker: { speakerID: number; displayName: string };
  series: { seriesID: number; title: string } | null;
};

/** Sermon ids `1000 + i` for i in [from, to). */
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => String(1000 + from + k));
const sorted = (ids: string[]) => [...ids].sort();

describe.each(BACKENDS)('sermon list filters on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  /** Every sermon matching `query` (one page of up to 100), with the total. */
  async function all(query: string, headers: Record<string, string> = {}) {
    const sep = query ? '&' : '';
    const { status, body } = await getJson(t.app, `/api/v2/node/sermons?pageSize=100${sep}${query}`, headers);
    expect(status, JSON.stringify(body)).toBe(200);
    const results = body.results as SermonJson[];
    expect(body.totalCount).toBe(results.length);
    expect(body.next).toBeNull();
    return { results, ids: results.map((s) => s.sermonID) };
  }

  it('lists all published sermons without filters', async () => {
    const { ids } = await all('');
    expect(sorted(ids)).toEqual(range(0, 60));
    expect(ids).toHaveLength(FIXTURE.published);
  });

  it('filters by broadcasterID, matched case-insensitively', async () => {
    for (const [id, count] of Object.entries(FIXTURE.byBroadcaster)) {
      const { results } = await all(`broadcasterID=${id}`);
      expect(results).toHaveLength(count);
      expect(results.every((s) => s.broadcaster.broadcasterID === id)).toBe(true);
    }
    const upper = await all('broadcasterID=KingsSeminary');
    expect(sorted(upper.ids)).toEqual(range(30, 50));
    expect((await all('broadcasterID=emptychurch')).ids).toEqual([]);
    expect((await all('broadcasterID=nosuchchurch')).ids).toEqual([]);
  });

  it('filters by speakerID and by speakerName (case-insensitive)', async () => {
    expect(sorted((await all('speakerID=2')).ids)).toEqual(range(30, 50));
    expect((await all('speakerID=4')).ids).toEqual(['1029']);
    expect(sorted((await all('speakerName=John%20Owen')).ids)).toEqual(range(30, 50));
    expect(sorted((await all('speakerName=john+owen')).ids)).toEqual(range(30, 50));
    expect((await all('speakerName=A%2FB%20Preacher')).ids).toEqual(['1029']);
    expect(sorted((await all('speakerName=Mar%C3%ADa%20L%C3%B3pez')).ids)).toEqual(range(50, 60));
    expect((await all('speakerName=Nobody%20Here')).ids).toEqual([]);
    // An id wins over a name that disagrees with it.
    expect((await all('speakerID=4&speakerName=John%20Owen')).ids).toEqual(['1029']);
  });

  it('filters by series id and by series name', async () => {
    expect(sorted((await all('series=10')).ids)).toEqual(range(0, 12));
    expect(sorted((await all('series=Romans')).ids)).toEqual(range(0, 12));
    expect(sorted((await all('series=psalms+of+ascent')).ids)).toEqual(range(12, 30));
    expect(sorted((await all('seriesID=12')).ids)).toEqual(range(30, 50));
    expect((await all('seriesID=999999')).ids).toEqual([]);
    expect((await all('seriesID=12&broadcasterID=gracechurch')).ids).toEqual([]);
    expect((await all('series=Romans&broadcasterID=kingsseminary')).ids).toEqual([]);
    expect((await all('series=No%20Such%20Series')).ids).toEqual([]);
    const { results } = await all('series=Evangelio%20de%20Juan');
    expect(results).toHaveLength(10);
    expect(results.every((s) => s.series?.seriesID === 13 && s.series.title === 'Evangelio de Juan')).toBe(true);
  });

  it('filters by eventType and languageCode', async () => {
    const prayer = await all('eventType=Prayer%20Meeting');
    expect(sorted(prayer.ids)).toEqual(['1003', '1013', '1023', '1033', '1043', '1053']);
    const am = await all('eventType=Sunday+-+AM');
    expect(am.ids).toHaveLength(30);
    expect(am.results.every((s) => s.eventType === 'Sunday - AM')).toBe(true);
    expect((await all('eventType=Sunday%20-%20PM')).ids).toHaveLength(24);
    const es = await all('languageCode=es');
    expect(sorted(es.ids)).toEqual(range(50, 60));
    expect(es.ids).toHaveLength(FIXTURE.spanish);
    expect((await all('languageCode=en')).ids).toHaveLength(50);
    expect((await all('languageCode=de')).ids).toEqual([]);
  });

  it('filters by book as a Paratext code, an OSIS code or a name', async () => {
    for (const book of ['ROM', 'Rom', 'rom', 'Romans']) {
      const { ids } = await all(`book=${book}`);
      expect(sorted(ids), book).toEqual(range(0, 12));
      expect(ids).toHaveLength(FIXTURE.romans);
    }
    for (const book of ['PSA', 'Ps', 'Psalms'])
      expect(sorted((await all(`book=${book}`)).ids), book).toEqual(range(12, 30));
    expect(sorted((await all('book=John')).ids)).toEqual(range(50, 60));
    expect((await all('book=1%20Corinthians')).ids).toEqual([]);
    expect(sorted((await all('book=JHN')).ids)).toEqual(range(50, 60));
    expect(sorted((await all('book=Heb')).ids)).toEqual(range(30, 50));
    expect((await all('book=GEN')).ids).toEqual([]);
  });

  it('filters by book and chapter', async () => {
    expect((await all('book=ROM&chapter=3')).ids).toEqual(['1002']);
    expect((await all('book=Romans&chapter=12')).ids).toEqual(['1011']);
    expect((await all('book=ROM&chapter=13')).ids).toEqual([]);
    // Psalm 120 + (i - 12) % 15: Psalm 121 is preached at i = 13 and i = 28.
    expect(sorted((await all('book=PSA&chapter=121')).ids)).toEqual(['1013', '1028']);
    // Hebrews 1 + (i - 30) % 13: chapter 1 at i = 30 and 43.
    expect(sorted((await all('book=HEB&chapter=1')).ids)).toEqual(['1030', '1043']);
  });

  it('filters by verse: references whose range covers it, a whole chapter covering every verse', async () => {
    // Hebrews 1 is preached at i = 30 and 43: give them verse ranges 1-3 and 5-14; Psalm 121
    // (i = 13 and 28) is a whole chapter at 1013 and from verse 1 on at 1028 (the fixture's rows).
    await t.db.query(`UPDATE sermon_scripture SET verse_start = 1, verse_end = 3 WHERE sermon_id = '1030'`);
    await t.db.query(`UPDATE sermon_scripture SET verse_start = 5, verse_end = 14 WHERE sermon_id = '1043'`);
    await t.db.query(`UPDATE sermon_scripture SET verse_start = NULL, verse_end = NULL WHERE sermon_id = '1013'`);
    expect((await all('book=HEB&chapter=1&verse=2')).ids).toEqual(['1030']);
    expect((await all('book=HEB&chapter=1&verse=3')).ids).toEqual(['1030']);
    expect((await all('book=HEB&chapter=1&verse=4')).ids).toEqual([]);
    expect((await all('book=HEB&chapter=1&verse=14')).ids).toEqual(['1043']);
    expect(sorted((await all('book=PSA&chapter=121&verse=8')).ids)).toEqual(['1013', '1028']);
    // A verse narrows a chapter only: without one it is ignored, as month is without year.
    expect((await all('book=HEB&verse=2')).ids).toHaveLength(20);
    // Pages and totals count the verse's sermons only.
    const { body } = await getJson(t.app, '/api/v2/node/sermons?book=PSA&chapter=121&verse=8&pageSize=1');
    expect(body.totalCount).toBe(2);
    expect(body.next).not.toBeNull();
    for (const bad of ['0', '201', 'x']) {
      const res = await getJson(t.app, `/api/v2/node/sermons?book=HEB&chapter=1&verse=${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it('filters by preach year and month', async () => {
    // Sermon i is preached 365·i days after 1965-01-03, so 1976 holds two (Jan 1 and Dec 31).
    expect(sorted((await all('year=1976')).ids)).toEqual(['1011', '1012']);
    expect((await all('year=1976&month=1')).ids).toEqual(['1011']);
    expect((await all('year=1976&month=12')).ids).toEqual(['1012']);
    expect((await all('year=1976&month=6')).ids).toEqual([]);
    expect((await all('year=1976&month=12&day=31')).ids).toEqual(['1012']);
    expect((await all('year=1976&month=12&day=30')).ids).toEqual([]);
    expect((await all('year=1976&month=2&day=29')).ids).toEqual([]);
    // month and day without a year are ignored.
    expect((await all('month=12&day=31')).ids).toHaveLength(60);
    expect((await all('year=2000')).ids).toEqual(['1036']);
    expect((await all('year=1965')).ids).toEqual(['1000']);
    // The draft (2025-01-05) and the scheduled sermon (2025-01-12) never appear.
    expect((await all('year=2025')).ids).toEqual([]);
  });

  it('searches stemmed in English: "justify" finds "Justified"', async () => {
    for (const q of ['justify', 'Justified', 'justification', 'JUSTIFYING']) {
      const { ids } = await all(`searchKeyword=${q}`);
      expect(sorted(ids), q).toEqual(range(0, 12));
    }
    expect(sorted((await all('searchKeyword=covenant')).ids)).toEqual(range(30, 50));
    expect((await all('searchKeyword=xylophone')).ids).toEqual([]);
  });

  it('searches Spanish text, stemmed in the searcher’s language', async () => {
    expect(sorted((await all('searchKeyword=gracia')).ids)).toEqual(range(50, 60));
    // 'gracias' stems to 'graci' only with Spanish rules.
    expect(sorted((await all('searchKeyword=gracias&languageCode=es')).ids)).toEqual(range(50, 60));
    expect(sorted((await all('searchKeyword=gracias', { 'accept-language': 'es-ES,es;q=0.9' })).ids)).toEqual(
      range(50, 60),
    );
  });

  it('searches names of speaker and series and the Bible text; the broadcaster’s names only without a series', async () => {
    expect(sorted((await all('searchKeyword=Spurgeon')).ids)).toEqual(range(0, 29));
    expect(sorted((await all('searchKeyword=Hebrews')).ids)).toEqual(range(30, 50));
    expect(sorted((await all('searchKeyword=Evangelio')).ids)).toEqual(range(50, 60));
    // Every published sermon is in a series: its broadcaster's name and short name find none.
    for (const q of ['Radio%20Vida%20Nueva', 'Radio%20Vida', 'Grace%20Church'])
      expect((await all(`searchKeyword=${q}`)).ids, q).toEqual([]);
  });

  it('taking a sermon out of its series or putting it in one changes which names find it', async () => {
    const searched = async (q: string) =>
      (await getJson(t.app, `/api/v2/node/search?query=${q}&types=sermon`)).body.sermonResults.map(
        (s: SermonJson) => s.sermonID,
      );
    const juan = range(50, 60).filter((id) => id !== '1055');
    await t.db.exec(`UPDATE sermon SET series_id = NULL WHERE sermon_id = '1055'`);
    try {
      // Listed newest first and searched by relevance.
      expect((await all('searchKeyword=Radio%20Vida')).ids).toEqual(['1055']);
      expect(await searched('nueva')).toEqual(['1055']);
      expect(sorted((await all('searchKeyword=Evangelio')).ids)).toEqual(juan);
      // In a new series; that series deleted (its sermons' series_id set NULL).
      await t.db.exec(`INSERT INTO series (series_id, broadcaster_id, title) VALUES (14, 'radiovida', 'Hechos');
        UPDATE sermon SET series_id = 14 WHERE sermon_id = '1055'`);
      expect((await all('searchKeyword=Radio%20Vida')).ids).toEqual([]);
      expect(await searched('hechos')).toEqual(['1055']);
      await t.db.exec('DELETE FROM series WHERE series_id = 14');
      expect(await searched('nueva')).toEqual(['1055']);
      expect((await all('searchKeyword=Hechos')).ids).toEqual([]);
    } finally {
      await t.db.exec(`DELETE FROM series WHERE series_id = 14;
        UPDATE sermon SET series_id = 13 WHERE sermon_id = '1055'`);
    }
    expect(await searched('nueva')).toEqual([]);
    expect(sorted((await all('searchKeyword=Evangelio')).ids)).toEqual(range(50, 60));
  });

  it('filters by duration "min-max" and "min"', async () => {
    // Audio lasts 600 + 60·i seconds; video (900 s) never makes a sermon longer than its audio here.
    expect(sorted((await all('duration=600-900')).ids)).toEqual(range(0, 6));
    expect(sorted((await all('duration=4000')).ids)).toEqual(['1057', '1058', '1059']);
    expect(sorted((await all('duration=1200-1260')).ids)).toEqual(['1010', '1011']);
    expect((await all('duration=5000')).ids).toEqual([]);
    expect((await all('duration=0')).ids).toHaveLength(60);
  });

  it('filters by requireAudio / requireVideo / media', async () => {
    expect((await all('requireAudio=true')).ids).toHaveLength(60);
    const video = await all('requireVideo=true');
    expect(sorted(video.ids)).toEqual(['1005', '1017', '1029', '1041', '1053']);
    expect(video.ids).toHaveLength(FIXTURE.video);
    expect(video.results.every((s) => s.hasVideo)).toBe(true);
    expect(sorted((await all('media=video')).ids)).toEqual(sorted(video.ids));
    expect((await all('requireVideo=false')).ids).toHaveLength(60);
    expect((await all('requireVideo=1&broadcasterID=kingsseminary')).ids).toEqual(['1041']);
  });

  it('filters staff picks (staffPick and listenerRecommended)', async () => {
    const picks = await all('staffPick=true');
    expect(sorted(picks.ids)).toEqual(['1000', '1010', '1020', '1030', '1040', '1050']);
    expect(picks.ids).toHaveLength(FIXTURE.staffPicks);
    expect(picks.results.every((s) => s.pickDate !== null)).toBe(true);
    expect(sorted((await all('listenerRecommended=True')).ids)).toEqual(sorted(picks.ids));
    expect((await all('staffPick=false')).ids).toHaveLength(60);
    // No sermon has been featured.
    expect((await all('featured=true')).ids).toEqual([]);
  });

  it('keeps the totals of staff picks and featured sermons, published ones only', async () => {
    // The draft and the scheduled sermon are picked and featured too: they must not count.
    await t.db.exec(`
      UPDATE sermon SET pick_date = now(), last_feature_date = now() WHERE sermon_id IN ('1900', '1901');
      UPDATE sermon SET last_feature_date = now() WHERE sermon_id IN ('1003', '1004');
    `);
    try {
      const kept = await statsCache(t.db).get();
      expect([kept.staffPickCount, kept.featuredCount]).toEqual([FIXTURE.staffPicks, 2]);
      // A full first page takes its total from the kept counts (or counts when they are not ready).
      const { body } = await getJson(t.app, '/api/v2/node/sermons?staffPick=true&pageSize=2');
      expect([body.results.length, body.totalCount]).toEqual([2, FIXTURE.staffPicks]);
    } finally {
      await t.db.exec(`
        UPDATE sermon SET pick_date = NULL, last_feature_date = NULL WHERE sermon_id IN ('1900', '1901');
        UPDATE sermon SET last_feature_date = NULL WHERE sermon_id IN ('1003', '1004');
      `);
    }
  });

  it('filters by sermonIDs (comma-joined), never returning drafts or scheduled sermons', async () => {
    expect(sorted((await all('sermonIDs=1003,1010,1059')).ids)).toEqual(['1003', '1010', '1059']);
    expect(sorted((await all('sermonIDs=1003,%201010')).ids)).toEqual(['1003', '1010']);
    expect((await all('sermonIDs=1900,1901,1042')).ids).toEqual(['1042']);
    expect((await all('sermonIDs=nope')).ids).toEqual([]);
  });

  it('filters by the broadcaster’s denomination, state, country and vacant pulpit', async () => {
    expect(sorted((await all('denomination=Reformed%20Baptist')).ids)).toEqual(range(0, 30));
    expect(sorted((await all('denomination=presbyterian')).ids)).toEqual(range(30, 50));
    expect(sorted((await all('state=PA')).ids)).toEqual(range(0, 30));
    expect(sorted((await all('state=pa')).ids)).toEqual(range(0, 30));
    expect((await all('state=TX')).ids).toEqual([]);
    expect(sorted((await all('country=GB')).ids)).toEqual(range(30, 50));
    expect(sorted((await all('country=Spain')).ids)).toEqual(range(50, 60));
    expect(sorted((await all('country=us')).ids)).toEqual(range(0, 30));
    // Only 'emptychurch' has a vacant pulpit, and it has no sermons.
    expect((await all('vacantPulpit=true')).ids).toEqual([]);
    expect((await all('vacantPulpit=false')).ids).toHaveLength(60);
  });

  it('combines filters with AND', async () => {
    const { ids } = await all('broadcasterID=gracechurch&eventType=Prayer%20Meeting&book=PSA');
    expect(sorted(ids)).toEqual(['1013', '1023']);
    expect((await all('languageCode=es&staffPick=true')).ids).toEqual(['1050']);
    expect((await all('speakerID=1&series=Psalms%20of%20Ascent&requireVideo=true')).ids).toEqual(['1017']);
  });
});
