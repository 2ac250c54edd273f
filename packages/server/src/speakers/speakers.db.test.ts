import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

const ENVELOPE = ['next', 'nodeDisplayName', 'nodeType', 'results', 'totalCount'];
type SpeakerJson = { speakerID: number; displayName: string; sortName: string; sermonCount: number };

describe.each(BACKENDS)('speakers API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  async function names(query: string) {
    const { status, body } = await getJson(t.app, `/api/v2/node/speakers${query ? `?${query}` : ''}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(Object.keys(body).sort()).toEqual(ENVELOPE);
    expect(body.totalCount).toBe(body.results.length);
    return (body.results as SpeakerJson[]).map((s) => s.displayName);
  }

  it('lists speakers by sort name, never the placeholders', async () => {
    const { body } = await getJson(t.app, '/api/v2/node/speakers');
    expect(body.nodeType).toBe('speakers_list');
    expect(body.totalCount).toBe(4);
    expect(body.next).toBeNull();
    expect((body.results as SpeakerJson[]).map((s) => [s.speakerID, s.displayName, s.sortName, s.sermonCount])).toEqual(
      [
        [3, 'María López', 'López, María', 10],
        [2, 'John Owen', 'Owen, John', 20],
        [4, 'A/B Preacher', 'Preacher, A/B', 1],
        [1, 'Charles H. Spurgeon', 'Spurgeon, Charles H.', 29],
      ],
    );
  });

  it('sortBy sermon-count, newest and name; unknown sorts by name', async () => {
    expect(await names('sortBy=sermon-count')).toEqual([
      'Charles H. Spurgeon',
      'John Owen',
      'María López',
      'A/B Preacher',
    ]);
    expect(await names('sortBy=newest')).toEqual(['A/B Preacher', 'María López', 'John Owen', 'Charles H. Spurgeon']);
    expect(await names('sortBy=name')).toEqual(['María López', 'John Owen', 'A/B Preacher', 'Charles H. Spurgeon']);
    expect(await names('sortBy=bogus')).toEqual(['María López', 'John Owen', 'A/B Preacher', 'Charles H. Spurgeon']);
  });

  it('orders and files names alphabetically whatever their case and accents', async () => {
    await t.db.exec(`UPDATE speaker SET sort_name = 'de López, María' WHERE speaker_id = 3;
                     UPDATE speaker SET sort_name = 'Élan, A/B' WHERE speaker_id = 4`);
    try {
      expect(await names('sortBy=name')).toEqual(['María López', 'A/B Preacher', 'John Owen', 'Charles H. Spurgeon']);
      expect(await names('letter=D')).toEqual(['María López']);
      expect(await names('letter=e')).toEqual(['A/B Preacher']);
      expect(await names('letter=%23')).toEqual([]);
    } finally {
      await t.db.exec(`UPDATE speaker SET sort_name = 'López, María' WHERE speaker_id = 3;
                       UPDATE speaker SET sort_name = 'Preacher, A/B' WHERE speaker_id = 4`);
    }
  });

  it('filters by letter of the sort name, collection, query and primary', async () => {
    expect(await names('letter=o')).toEqual(['John Owen']);
    expect(await names('letter=S')).toEqual(['Charles H. Spurgeon']);
    expect(await names('letter=l')).toEqual(['María López']);
    expect(await names('letter=v')).toEqual([]);
    expect(await names('collection=puritan')).toEqual(['John Owen']);
    expect(await names('collection=featured')).toEqual(['Charles H. Spurgeon']);
    expect(await names('collection=classic')).toEqual([]);
    expect(await names('query=maria')).toEqual(['María López']);
    expect(await names('query=spur')).toEqual(['Charles H. Spurgeon']);
    expect(await names('searchKeyword=owen')).toEqual(['John Owen']);
    expect(await names('query=speakers')).toEqual([]);
    expect(await names('query=%25%25%25')).toEqual([]);
    expect(await names('query=___')).toEqual([]);
    expect(await names('query=a%2Fb')).toEqual(['A/B Preacher']);
    expect(await names('primary=true')).toEqual(['John Owen', 'Charles H. Spurgeon']);
    expect(await names('broadcasterID=KingsSeminary')).toEqual(['John Owen']);
    // The draft by John Owen at gracechurch does not make him one of its speakers.
    expect(await names('broadcasterID=gracechurch')).toEqual(['A/B Preacher', 'Charles H. Spurgeon']);
  });

  it('rejects an unknown collection and a too-short query', async () => {
    const bad = await getJson(t.app, '/api/v2/node/speakers?collection=heretics');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['collection']);
    const short = await getJson(t.app, '/api/v2/node/speakers?query=ab');
    expect(short.status).toBe(400);
    expect(short.body.errors.query).toContain('Search needs at least 3 characters');
  });

  it('pages through speakers with next', async () => {
    const seen: string[] = [];
    let next: string | null = '/api/v2/node/speakers?pageSize=3';
    while (next) {
      const { body }: { body: { totalCount: number; next: string | null; results: SpeakerJson[] } } = await getJson(
        t.app,
        next.replace('http://kerygma.test', ''),
      );
      expect(body.totalCount).toBe(4);
      seen.push(...body.results.map((s) => s.displayName));
      next = body.next;
    }
    expect(seen).toEqual(['María López', 'John Owen', 'A/B Preacher', 'Charles H. Spurgeon']);
    const direct = await getJson(t.app, '/api/v2/node/speakers?pageSize=3&page=2');
    expect((direct.body.results as SpeakerJson[]).map((s) => s.displayName)).toEqual(['Charles H. Spurgeon']);
  });

  it('gets a speaker by id or by percent-encoded display name', async () => {
    const cases: [string, number][] = [
      ['1', 1],
      ['Charles%20H.%20Spurgeon', 1],
      ['charles%20h.%20spurgeon', 1],
      ['A%2FB%20Preacher', 4],
      ['Mar%C3%ADa%20L%C3%B3pez', 3],
      ['John%20Owen', 2],
    ];
    for (const [segment, id] of cases) {
      const { status, body } = await getJson(t.app, `/api/v2/node/speakers/${segment}`);
      expect(status, segment).toBe(200);
      expect(body.speakerID, segment).toBe(id);
    }
    const { body } = await getJson(t.app, '/api/v2/node/speakers/1');
    expect(body).toMatchObject({
      displayName: 'Charles H. Spurgeon',
      sortName: 'Spurgeon, Charles H.',
      bio: 'The Prince of Preachers.',
      sermonCount: 29,
      mostRecentPreachDate: '1992-12-27',
      highlighted: true,
    });
  });

  it('unknown speaker → 404 Speaker not found', async () => {
    for (const segment of ['Nobody%20Here', '99', 'A', 'A%2FB']) {
      const { status, body } = await getJson(t.app, `/api/v2/node/speakers/${segment}`);
      expect(status, segment).toBe(404);
      expect(body).toEqual({ errors: { error: 'Speaker not found' }, status: 404, code: 'not_found' });
    }
    const de = await getJson(t.app, '/api/v2/node/speakers/99', { 'accept-language': 'de' });
    expect(de.body.errors.error).toBe('Prediger nicht gefunden');
  });

  it('lists the broadcasters of a speaker with their sermon counts', async () => {
    for (const segment of ['2', 'John%20Owen']) {
      const { status, body } = await getJson(t.app, `/api/v2/node/speakers/${segment}/broadcasters`);
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(ENVELOPE);
      // Only kingsseminary: his draft at gracechurch does not count.
      expect(
        body.results.map((b: { broadcasterID: string; sermonCount: number }) => [b.broadcasterID, b.sermonCount]),
      ).toEqual([['kingsseminary', 20]]);
    }
    const ab = await getJson(t.app, '/api/v2/node/speakers/A%2FB%20Preacher/broadcasters');
    expect(
      ab.body.results.map((b: { broadcasterID: string; sermonCount: number }) => [b.broadcasterID, b.sermonCount]),
    ).toEqual([['gracechurch', 1]]);
    expect((await getJson(t.app, '/api/v2/node/speakers/99/broadcasters')).status).toBe(404);
  });

  it('pages the broadcasters of a speaker, most sermons first, with the total', async () => {
    type Place = { broadcasterID: string; sermonCount: number };
    // Two sermons of María López at a second broadcaster, removed again below.
    await t.db.exec(`
      INSERT INTO sermon (sermon_id, broadcaster_id, speaker_id, full_title, display_title, preach_date, publish_timestamp)
      VALUES ('7701', 'kingsseminary', 3, 'Guest 1', 'Guest 1', '2024-01-07', '2024-01-08'),
             ('7702', 'kingsseminary', 3, 'Guest 2', 'Guest 2', '2024-01-14', '2024-01-15')`);
    try {
      const all = (await getJson(t.app, '/api/v2/node/speakers/3/broadcasters')).body;
      const places = (all.results as Place[]).map((b) => [b.broadcasterID, b.sermonCount]);
      expect(places).toHaveLength(2);
      expect(places[1]).toEqual(['kingsseminary', 2]);
      expect(all.totalCount).toBe(2);
      expect(all.next).toBeNull();

      const first = (await getJson(t.app, '/api/v2/node/speakers/3/broadcasters?pageSize=1')).body;
      expect(first.results.map((b: Place) => b.broadcasterID)).toEqual([places[0]?.[0]]);
      expect(first.totalCount).toBe(2);
      expect(new URL(first.next).searchParams.get('page')).toBe('2');
      const second = (await getJson(t.app, '/api/v2/node/speakers/3/broadcasters?pageSize=1&page=2')).body;
      expect(second.results.map((b: Place) => b.broadcasterID)).toEqual(['kingsseminary']);
      expect(second.next).toBeNull();
      expect((await getJson(t.app, '/api/v2/node/speakers/3/broadcasters?pageSize=1000')).status).toBe(400);
    } finally {
      await t.db.exec(`DELETE FROM sermon WHERE sermon_id IN ('7701', '7702')`);
    }
  });

  it('lists highlighted speakers', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/speakers/highlighted');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(ENVELOPE);
    expect((body.results as SpeakerJson[]).map((s) => s.displayName)).toEqual(['John Owen', 'Charles H. Spurgeon']);
    const one = await getJson(t.app, '/api/v2/node/speakers/highlighted?pageSize=1');
    expect((one.body.results as SpeakerJson[]).map((s) => s.displayName)).toEqual(['John Owen']);
  });
});
