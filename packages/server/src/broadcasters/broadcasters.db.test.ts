import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../test/fixture.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

const ENVELOPE = ['next', 'nodeDisplayName', 'nodeType', 'results', 'totalCount'];
const ALL = ['emptychurch', 'gracechurch', 'kingsseminary', 'radiovida'];

describe.each(BACKENDS)('broadcasters API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  async function list(query: string) {
    const { status, body } = await getJson(t.app, `/api/v2/node/broadcasters${query ? `?${query}` : ''}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(Object.keys(body).sort()).toEqual(ENVELOPE);
    return { body, ids: body.results.map((b: { broadcasterID: string }) => b.broadcasterID) as string[] };
  }

  it('lists broadcasters alphabetically by sort name in the list envelope', async () => {
    const { body, ids } = await list('');
    expect(body.nodeType).toBe('broadcasters_list');
    expect(body.nodeDisplayName).toBe('Broadcasters');
    expect(body.totalCount).toBe(4);
    expect(body.next).toBeNull();
    expect(ids).toEqual(['emptychurch', 'gracechurch', 'kingsseminary', 'radiovida']);
    // Full objects by default.
    const grace = body.results[1];
    expect(grace).toMatchObject({ denomination: 'Reformed Baptist', state: 'PA', numberOfSermons: 30, latitude: 40 });
  });

  it('sortBy=newest orders by join date, newest first; unknown sorts are alphabetical', async () => {
    expect((await list('sortBy=newest')).ids).toEqual(['emptychurch', 'radiovida', 'kingsseminary', 'gracechurch']);
    expect((await list('sortBy=whatever')).ids).toEqual(ALL);
  });

  it('filters by country (ISO code or name), state, denomination and vacant pulpit', async () => {
    expect((await list('country=US')).ids).toEqual(['emptychurch', 'gracechurch']);
    expect((await list('country=gb')).ids).toEqual(['kingsseminary']);
    expect((await list('country=Spain')).ids).toEqual(['radiovida']);
    expect((await list('state=tx')).ids).toEqual(['emptychurch']);
    expect((await list('denomination=presbyterian')).ids).toEqual(['kingsseminary']);
    expect((await list('vacantPulpit=true')).ids).toEqual(['emptychurch']);
    expect((await list('vacantPulpit=False')).ids).toEqual(['gracechurch', 'kingsseminary', 'radiovida']);
  });

  it('orders and files names alphabetically whatever their accents', async () => {
    await t.db.exec("UPDATE broadcaster SET sort_name = 'Église de la Grâce' WHERE broadcaster_id = 'radiovida'");
    try {
      expect((await list('sortBy=alphabetical')).ids).toEqual([
        'radiovida',
        'emptychurch',
        'gracechurch',
        'kingsseminary',
      ]);
      expect((await list('letter=E')).ids).toEqual(['radiovida', 'emptychurch']);
      expect((await list('letter=%23')).ids).toEqual([]);
    } finally {
      await t.db.exec("UPDATE broadcaster SET sort_name = 'Radio Vida Nueva' WHERE broadcaster_id = 'radiovida'");
    }
  });

  it('filters by category bit, letter, group, featured and podcast', async () => {
    expect((await list('category=church')).ids).toEqual(['emptychurch', 'gracechurch']);
    expect((await list('category=school')).ids).toEqual(['kingsseminary']);
    expect((await list('category=seminary')).ids).toEqual(['kingsseminary']);
    expect((await list('category=radio')).ids).toEqual(['radiovida']);
    expect((await list('letter=r')).ids).toEqual(['radiovida']);
    expect((await list('letter=G')).ids).toEqual(['gracechurch']);
    expect((await list('letter=%23')).ids).toEqual([]);
    expect((await list('group=reformed%20network')).ids).toEqual(['kingsseminary', 'radiovida']);
    expect((await list('featured=true')).ids).toEqual(['gracechurch']);
    expect((await list('podcast=true')).ids).toEqual(['gracechurch', 'radiovida']);
  });

  it('free-text search matches id, name, denomination, location, minister and primary speakers', async () => {
    expect((await list('searchKeyword=gracechurch')).ids).toEqual(['gracechurch']);
    expect((await list('searchKeyword=pulpit')).ids).toEqual(['emptychurch']);
    expect((await list('searchKeyword=presbyterian')).ids).toEqual(['kingsseminary']);
    expect((await list('query=madrid')).ids).toEqual(['radiovida']);
    expect((await list('searchKeyword=andrew')).ids).toEqual(['kingsseminary']);
    expect((await list('searchKeyword=spurgeon')).ids).toEqual(['gracechurch']);
    expect((await list('searchKeyword=nueva')).ids).toEqual(['radiovida']);
    // LIKE wildcards in the text are literal characters.
    expect((await list('searchKeyword=___')).ids).toEqual([]);
    expect((await list('searchKeyword=%25%25%25')).ids).toEqual([]);
    expect((await list('searchKeyword=king%27s')).ids).toEqual(['kingsseminary']);
  });

  it('follows primary speakers as they are added, renamed and removed (kept on the broadcaster by triggers)', async () => {
    expect((await list('searchKeyword=lopez')).ids).toEqual([]);
    await t.db.exec("INSERT INTO broadcaster_primary_speaker VALUES ('radiovida', 3)");
    try {
      // Unaccented and case-blind, as the broadcaster's own fields.
      expect((await list('searchKeyword=lopez')).ids).toEqual(['radiovida']);
      expect((await list('searchKeyword=L%C3%93PEZ')).ids).toEqual(['radiovida']);
      await t.db.exec("UPDATE speaker SET display_name = 'María Gómez' WHERE speaker_id = 3");
      expect((await list('searchKeyword=lopez')).ids).toEqual([]);
      expect((await list('searchKeyword=gomez')).ids).toEqual(['radiovida']);
      await t.db.exec("DELETE FROM broadcaster_primary_speaker WHERE broadcaster_id = 'radiovida'");
      expect((await list('searchKeyword=gomez')).ids).toEqual([]);
      // Two primary speakers: either name finds the broadcaster, none spans the two.
      await t.db.exec("INSERT INTO broadcaster_primary_speaker VALUES ('gracechurch', 2)");
      expect((await list('searchKeyword=owen')).ids).toEqual(['gracechurch', 'kingsseminary']);
      expect((await list('searchKeyword=spurgeon')).ids).toEqual(['gracechurch']);
      expect((await list('searchKeyword=spurgeon%20john')).ids).toEqual([]);
    } finally {
      await t.db.exec(`DELETE FROM broadcaster_primary_speaker WHERE (broadcaster_id, speaker_id) IN (('radiovida', 3), ('gracechurch', 2));
        UPDATE speaker SET display_name = 'María López' WHERE speaker_id = 3`);
    }
    expect((await list('searchKeyword=owen')).ids).toEqual(['kingsseminary']);
  });

  it('rejects bad filters with 400 naming the field', async () => {
    for (const [query, field] of [
      ['category=mosque', 'category'],
      ['letter=ab', 'letter'],
      ['searchKeyword=ab', 'searchKeyword'],
      ['pageSize=abc', 'pageSize'],
    ]) {
      const { status, body } = await getJson(t.app, `/api/v2/node/broadcasters?${query}`);
      expect(status, query).toBe(400);
      expect(Object.keys(body.errors)).toEqual([field]);
    }
  });

  it('pages with next; page 2 equals the page reached via next', async () => {
    const seen: string[] = [];
    let next: string | null = '/api/v2/node/broadcasters?pageSize=1';
    while (next) {
      const { body }: { body: { totalCount: number; next: string | null; results: { broadcasterID: string }[] } } =
        await getJson(t.app, next.replace('http://kerygma.test', ''));
      expect(body.totalCount).toBe(4);
      seen.push(...body.results.map((b) => b.broadcasterID));
      next = body.next;
    }
    expect(seen).toEqual(ALL);
    const first = await list('pageSize=3&sortBy=newest');
    const viaNext = await getJson(t.app, first.body.next.replace('http://kerygma.test', ''));
    const direct = await list('pageSize=3&sortBy=newest&page=2');
    expect(viaNext.body.results).toEqual(direct.body.results);
    expect(direct.ids).toEqual(['gracechurch']);
    expect(direct.body.next).toBeNull();
  });

  it('lite=true trims list entries', async () => {
    const { body } = await list('lite=true');
    expect(Object.keys(body.results[0]).sort()).toEqual(
      [
        'albumArtURL',
        'broadcasterID',
        'categories',
        'countryISOCode',
        'disabled',
        'displayName',
        'imageURL',
        'location',
        'shortName',
        'type',
      ].sort(),
    );
  });

  it('gets one broadcaster by id, matched lower-case', async () => {
    for (const id of ['gracechurch', 'GraceChurch', 'GRACECHURCH']) {
      const { status, body } = await getJson(t.app, `/api/v2/node/broadcasters/${id}`);
      expect(status, id).toBe(200);
      expect(body).toMatchObject({
        broadcasterID: 'gracechurch',
        displayName: 'Grace Reformed Baptist Church',
        shortName: 'Grace Church',
        location: 'Lancaster, Pennsylvania',
        countryISOCode: 'US',
        country: 'United States',
        minister: 'Thomas Hart',
        categories: 1,
        numberOfSermons: FIXTURE.byBroadcaster.gracechurch,
        primarySpeakers: ['Charles H. Spurgeon'],
        primarySpeakerIDs: [1],
        vacantPulpit: false,
        joined: Date.UTC(2010, 4, 1) / 1000,
      });
    }
    const lite = await getJson(t.app, '/api/v2/node/broadcasters/KingsSeminary?lite=true');
    expect(lite.body.broadcasterID).toBe('kingsseminary');
    expect(lite.body).not.toHaveProperty('denomination');
    const empty = await getJson(t.app, '/api/v2/node/broadcasters/emptychurch');
    expect(empty.body).toMatchObject({
      numberOfSermons: 0,
      vacantPulpit: true,
      primarySpeakers: [],
      primarySpeakerIDs: [],
    });
  });

  it('unknown broadcaster → 404 Broadcaster not found on every sub-resource', async () => {
    for (const path of [
      'nope',
      'nope/series',
      'nope/series/Romans',
      'nope/series/Romans/speakers',
      'nope/speakers',
      'nope/speakers/sermon_counts',
      'nope/filter_options',
    ]) {
      const { status, body } = await getJson(t.app, `/api/v2/node/broadcasters/${path}`);
      expect(status, path).toBe(404);
      expect(body, path).toEqual({ errors: { error: 'Broadcaster not found' }, status: 404, code: 'not_found' });
    }
  });

  it('lists a broadcaster’s series, last updated first by default', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/broadcasters/GraceChurch/series');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(ENVELOPE);
    expect(body.nodeType).toBe('series_list');
    expect(body.totalCount).toBe(2);
    expect(body.results.map((s: { title: string }) => s.title)).toEqual(['Romans', 'Psalms of Ascent']);
    expect(body.results[0]).toMatchObject({
      seriesID: 10,
      broadcasterID: 'gracechurch',
      count: 12,
      earliest: '1965-01-03',
      latest: '1976-01-01',
      updated: Date.UTC(2024, 5, 1) / 1000,
      podcastEnabled: true,
    });
  });

  it('series sort_by and filterBy', async () => {
    const titles = async (q: string) =>
      (await getJson(t.app, `/api/v2/node/broadcasters/gracechurch/series?${q}`)).body.results.map(
        (s: { title: string }) => s.title,
      );
    expect(await titles('sort_by=title')).toEqual(['Psalms of Ascent', 'Romans']);
    expect(await titles('sort_by=sermon_count_highest')).toEqual(['Psalms of Ascent', 'Romans']);
    expect(await titles('sort_by=sermon_count_lowest')).toEqual(['Romans', 'Psalms of Ascent']);
    expect(await titles('sort_by=newest_sermon_create_date')).toEqual(['Psalms of Ascent', 'Romans']);
    expect(await titles('sort_by=last_updated')).toEqual(['Romans', 'Psalms of Ascent']);
    expect(await titles('sort_by=bogus')).toEqual(['Romans', 'Psalms of Ascent']);
    expect(await titles('filterBy=podcast-enabled')).toEqual(['Romans']);
    expect(await titles('filterBy=podcast-disabled')).toEqual(['Psalms of Ascent']);
    expect(await titles('query=ascent')).toEqual(['Psalms of Ascent']);
    expect(await titles('query=___')).toEqual([]);
    expect(await titles('pageSize=1&sort_by=title')).toEqual(['Psalms of Ascent']);
  });

  it('gets a series by name or id under its broadcaster', async () => {
    for (const name of ['Romans', 'romans', '10']) {
      const { status, body } = await getJson(t.app, `/api/v2/node/broadcasters/gracechurch/series/${name}`);
      expect(status, name).toBe(200);
      expect(body).toMatchObject({ seriesID: 10, title: 'Romans', count: 12 });
    }
    const spaced = await getJson(t.app, '/api/v2/node/broadcasters/gracechurch/series/Psalms%20of%20Ascent');
    expect(spaced.body).toMatchObject({ seriesID: 11, count: 18 });
    // Another broadcaster's series is not found here.
    for (const name of ['Hebrews', '12']) {
      const { status, body } = await getJson(t.app, `/api/v2/node/broadcasters/gracechurch/series/${name}`);
      expect(status, name).toBe(404);
      expect(body.errors.error).toBe('Series not found');
    }
  });

  it('lists the speakers of a series', async () => {
    const { status, body } = await getJson(
      t.app,
      '/api/v2/node/broadcasters/gracechurch/series/Psalms%20of%20Ascent/speakers',
    );
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(ENVELOPE);
    // Spurgeon preaches 17 of its sermons, A/B Preacher one.
    expect(body.results.map((s: { displayName: string }) => s.displayName)).toEqual([
      'Charles H. Spurgeon',
      'A/B Preacher',
    ]);
    expect(body.totalCount).toBe(2);
    const missing = await getJson(t.app, '/api/v2/node/broadcasters/gracechurch/series/Nope/speakers');
    expect(missing.status).toBe(404);
  });

  it('lists a broadcaster’s speakers (only those with published sermons there)', async () => {
    const names = async (id: string) =>
      (await getJson(t.app, `/api/v2/node/broadcasters/${id}/speakers`)).body.results.map(
        (s: { displayName: string }) => s.displayName,
      );
    expect(await names('gracechurch')).toEqual(['A/B Preacher', 'Charles H. Spurgeon']);
    expect(await names('KINGSSEMINARY')).toEqual(['John Owen']);
    expect(await names('radiovida')).toEqual(['María López']);
    expect(await names('emptychurch')).toEqual([]);
  });

  it('counts sermons per speaker at a broadcaster', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/broadcasters/gracechurch/speakers/sermon_counts');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(ENVELOPE);
    expect(body.results.map((r: { speaker: string; count: number }) => [r.speaker, r.count])).toEqual([
      ['Charles H. Spurgeon', 29],
      ['A/B Preacher', 1],
    ]);
    const empty = await getJson(t.app, '/api/v2/node/broadcasters/emptychurch/speakers/sermon_counts');
    expect(empty.body).toMatchObject({ totalCount: 0, results: [] });
  });

  it("never lists the placeholder speakers among a broadcaster's speakers", async () => {
    await t.db.exec(`INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, full_title, display_title, preach_date, publish_timestamp)
                     VALUES ('1990', 'gracechurch', 90, 'Panel', 'Panel', '2025-02-02', '2025-02-02')`);
    try {
      const { body } = await getJson(t.app, '/api/v2/node/broadcasters/gracechurch/speakers/sermon_counts');
      expect(body.results.map((r: { speaker: string }) => r.speaker)).toEqual(['Charles H. Spurgeon', 'A/B Preacher']);
    } finally {
      await t.db.exec("DELETE FROM sermon WHERE sermon_id = '1990'");
    }
  });

  it('filter options of a broadcaster count only its published sermons', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/broadcasters/gracechurch/filter_options');
    expect(status).toBe(200);
    expect(body.bibleBooks).toHaveLength(66);
    expect(
      body.languages.map((l: { languageCode: string; sermonCount: number }) => [l.languageCode, l.sermonCount]),
    ).toEqual([['en', 30]]);
    expect(body.series.map((s: { title: string }) => s.title)).toEqual(['Psalms of Ascent', 'Romans']);
    expect(body.speakers.map((s: { displayName: string }) => s.displayName)).toEqual([
      'A/B Preacher',
      'Charles H. Spurgeon',
    ]);
    expect(body.sermonCountsForSpeakers).toEqual([
      { speaker: 'A/B Preacher', count: 1 },
      { speaker: 'Charles H. Spurgeon', count: 29 },
    ]);
    expect(
      body.sermonEventTypes.map((e: { type: string; numberOfSermons: number }) => [e.type, e.numberOfSermons]),
    ).toEqual([
      ['Sunday - AM', 15],
      ['Sunday - PM', 12],
      ['Prayer Meeting', 3],
    ]);
    // Published sermons at gracechurch were preached 1965..1993; the draft and scheduled ones in 2025.
    const years = body.years.map((y: { year: number }) => y.year);
    expect(years).toEqual(Array.from({ length: 29 }, (_, k) => 1993 - k));
  });
});
