import { sortKey } from '@kerygma/domain/hymn-text';
import { loadHymnalData } from '@kerygma/domain/hymnal-source';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { ensureHymnalData } from './hymnal-data.ts';

const API = '/api/v2/node/discover/hymns';

describe.each(BACKENDS)('hymnal and psalter API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    await ensureHymnalData(t.db);
  }, 120_000);
  afterAll(() => t?.close());

  it('lists the hymnal alphabetically in the list shape, page after page by the next link', async () => {
    const { status, body, headers } = await getJson(t.app, `${API}?pageSize=100`);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=300');
    expect(body).toMatchObject({ nodeType: 'hymns', nodeDisplayName: 'Hymns', totalCount: 274 });
    expect(body.results).toHaveLength(100);
    expect(body.results.slice(0, 3).map((h: { title: string }) => h.title)).toEqual([
      'A Great and Mighty Wonder',
      'A Lamb Goes Uncomplaining Forth',
      'A Mighty Fortress Is Our God',
    ]);
    expect(body.results[0]).toMatchObject({ hymnID: 25, tune: { tuneID: expect.any(String) }, viewCount: 0 });
    const seen = new Set<number>(body.results.map((h: { hymnID: number }) => h.hymnID));
    let next: string | null = body.next;
    let pages = 1;
    while (next) {
      const url = new URL(next);
      expect(url.searchParams.get('cursor')).toBeTruthy();
      const page = await getJson(t.app, `${url.pathname}${url.search}`);
      for (const h of page.body.results) seen.add(h.hymnID);
      next = page.body.next;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen.size).toBe(274);
    // A bare page number gives the same page as the cursor.
    const third = await getJson(t.app, `${API}?pageSize=100&page=3`);
    expect(third.body.results).toHaveLength(74);
    expect(third.body.next).toBeNull();
  });

  it('sorts by the book’s order and by views', async () => {
    const byNumber = await getJson(t.app, `${API}?sortBy=number&pageSize=5`);
    const numbers = byNumber.body.results.map((h: { number: number }) => h.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    await t.db.query("UPDATE hymn SET view_count = CASE id WHEN '169' THEN 9 WHEN '68' THEN 4 ELSE 0 END");
    const popular = await getJson(t.app, `${API}?sortBy=popular&pageSize=3`);
    expect(popular.body.results.map((h: { hymnID: number; viewCount: number }) => [h.hymnID, h.viewCount])).toEqual([
      [169, 9],
      [68, 4],
      [25, 0], // then alphabetically
    ]);
    const second = await getJson(t.app, new URL(popular.body.next).pathname + new URL(popular.body.next).search);
    expect(second.body.results[0].title).toBe('A Lamb Goes Uncomplaining Forth');
    // An unknown sort is the default, not an error.
    expect((await getJson(t.app, `${API}?sortBy=loudest&pageSize=1`)).body.results[0].hymnID).toBe(25);
    await t.db.query('UPDATE hymn SET view_count = 0');
  });

  it('searches titles, first lines, names (also within a word), topics and words', async () => {
    const search = async (q: string, extra = '') =>
      (await getJson(t.app, `${API}?searchKeyword=${encodeURIComponent(q)}&pageSize=100${extra}`)).body;
    // Best matches first: the title holds both words; other hymns have them among their words.
    const survey = await search('wondrous cross');
    expect(survey.totalCount).toBeGreaterThan(4);
    expect(survey.results.slice(0, 4).map((h: { title: string }) => h.title)).toEqual(
      Array(4).fill('When I Survey the Wondrous Cross'),
    );
    // The four share their title: only their tunes tell them apart.
    expect(survey.results.slice(0, 4).map((h: { titleShared: boolean }) => h.titleShared)).toEqual(Array(4).fill(true));
    expect(survey.results.slice(4).every((h: { titleShared: boolean }) => h.titleShared === false)).toBe(true);
    // Sorted as asked; relevance without a search is alphabetical.
    const sorted = (await search('wondrous cross', '&sortBy=alphabetical')).results.map(
      (h: { title: string }) => h.title,
    );
    expect(sorted.map(sortKey)).toEqual(sorted.map(sortKey).sort());
    expect((await getJson(t.app, `${API}?sortBy=relevance&pageSize=1`)).body.results[0].hymnID).toBe(25);
    const wesley = await search('wesl');
    expect(wesley.results.map((h: { hymnID: number }) => h.hymnID)).toEqual(expect.arrayContaining([10, 153, 244]));
    // Stems: 'shepherds' finds 'shepherd'; the tune; words of a stanza.
    expect((await search('Eventide')).results.map((h: { hymnID: number }) => h.hymnID)).toContain(169);
    expect((await search('fast falls the eventide')).results[0]?.hymnID).toBe(169);
    expect((await search('helpers fail')).results.map((h: { hymnID: number }) => h.hymnID)).toContain(169);
    // `query` is the same filter; psalter=true searches the psalter.
    expect((await getJson(t.app, `${API}?query=eventide`)).body.totalCount).toBe((await search('eventide')).totalCount);
    const shepherd = await search('shepherd', '&psalter=true');
    expect(shepherd.nodeType).toBe('psalter');
    expect(shepherd.results.map((p: { psalmID: string }) => p.psalmID)).toEqual(expect.arrayContaining(['53', '54']));
    expect((await search('zzqxjvw')).totalCount).toBe(0);
  });

  it('lists the psalter: both books, by psalm', async () => {
    const { body } = await getJson(t.app, `${API}?psalter=1&pageSize=1000&sortBy=number`);
    expect(body).toMatchObject({ nodeType: 'psalter', nodeDisplayName: 'Psalter', totalCount: 575, next: null });
    const psalm23 = body.results
      .filter((p: { psalm: number }) => p.psalm === 23)
      .map((p: { psalmID: string }) => p.psalmID);
    expect(psalm23).toEqual(['52', '53', '54', '55', '56', 'scottish-23']);
    const filtered = await getJson(t.app, `${API}?psalter=true&psalm=23&sortBy=number`);
    expect(filtered.body.results.map((p: { psalmID: string }) => p.psalmID)).toEqual(psalm23);
    expect(filtered.body.results[1]).toEqual({
      psalmID: '53',
      edition: '1912',
      number: 53,
      psalm: 23,
      version: null,
      title: 'The Lord Our Shepherd',
      firstLine: 'The Lord’s my Shepherd, I’ll not want'.replace(/’/g, "'"),
      meter: 'C.M.',
      meterKey: '8.6.8.6',
      viewCount: 0,
    });
  });

  it('gets a hymn by id with its people, tune, scripture and stanzas as lines', async () => {
    const { status, body } = await getJson(t.app, `${API}/169`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      hymnID: 169,
      number: 191,
      title: 'Abide With Me',
      firstLine: 'Abide with me; fast falls the eventide',
      authors: [{ name: 'Henry F. Lyte', lifeDates: '1793-1847' }],
      composers: [{ name: 'William Henry Monk', lifeDates: '1823-1889' }],
      tune: { tuneID: 'eventide', name: 'Eventide' },
      meter: '10 10 10 10',
      meterKey: '10.10.10.10',
      category: 'Cross and Comfort',
      scripture: 'Lk 24:29, Ps 63:6-8, 73:23-26, 1Cor 10:13',
      scriptureReferences: [
        { reference: 'Luke 24:29', osisAbbrev: 'Luke', passage: '24:29', book: 'luke', chapter: 24 },
        { reference: 'Psalm 63:6-8', osisAbbrev: 'Ps', passage: '63:6-8', book: 'psalms', chapter: 63 },
        { reference: 'Psalm 73:23-26', osisAbbrev: 'Ps', passage: '73:23-26', book: 'psalms', chapter: 73 },
        { reference: '1 Corinthians 10:13', osisAbbrev: '1Cor', passage: '10:13', book: '1-corinthians', chapter: 10 },
      ],
    });
    expect(body.stanzas[0]).toEqual({
      number: 1,
      refrain: false,
      lines: [
        'Abide with me; fast falls the eventide;',
        'The darkness deepens; Lord with me abide.',
        'When other helpers fail and comforts flee,',
        'Help of the helpless, O abide with me.',
      ],
    });
    expect(body.topics).toContain('Darkness, Spiritual');
  });

  it('gets a psalm of either book by its psalmID', async () => {
    const scottish = await getJson(t.app, `${API}/scottish-23?psalter=true`);
    expect(scottish.status).toBe(200);
    expect(scottish.body).toMatchObject({
      psalmID: 'scottish-23',
      edition: '1650',
      psalm: 23,
      title: 'Psalm 23',
      firstLine: "The Lord's my shepherd, I'll not want",
      scriptureReferences: [{ reference: 'Psalm 23', osisAbbrev: 'Ps', passage: '23', book: 'psalms', chapter: 23 }],
    });
    expect(scottish.body.stanzas[1]).toEqual({
      number: 2,
      refrain: false,
      lines: ['He makes me down to lie', 'In pastures green: he leadeth me', 'the quiet waters by.'],
    });
    const second = await getJson(t.app, `${API}/scottish-6-2?psalter=true`);
    expect(second.body).toMatchObject({ psalm: 6, version: 'second', title: 'Psalm 6 (Second Version)' });
    const parts = (await getJson(t.app, `${API}/scottish-119?psalter=true`)).body.headings;
    expect(parts).toHaveLength(21);
    expect(parts[20]).toEqual({ beforeStanza: 168, text: 'Tau: The 22nd Part.' });
    expect((await getJson(t.app, `${API}/413?psalter=true`)).body).toMatchObject({ number: 413, edition: '1912' });
  });

  it('answers 404 in the error shape for a hymn or psalm that does not exist, in the reader’s language', async () => {
    for (const [url, message] of [
      [`${API}/9999`, 'Hymn not found'],
      [`${API}/0414?psalter=true`, 'Psalm not found'],
      [`${API}/414?psalter=true`, 'Psalm not found'],
      [`${API}/scottish-151?psalter=true`, 'Psalm not found'],
      [`${API}/tune/no-such-tune/psalms`, 'Tune not found'],
    ] as const) {
      const { status, body } = await getJson(t.app, url);
      expect(status, url).toBe(404);
      expect(body, url).toEqual({ errors: { error: message }, status: 404, code: 'not_found' });
    }
    const german = await getJson(t.app, `${API}/9999`, { 'accept-language': 'de' });
    expect(german.body.errors.error).toBe('Lied nicht gefunden');
  });

  it('answers 400 naming the parameter for bad input', async () => {
    for (const [url, field] of [
      [`${API}/abc`, 'id'],
      [`${API}/1.5`, 'id'],
      [`${API}?searchKeyword=ab`, 'searchKeyword'],
      [`${API}?pageSize=0`, 'pageSize'],
      [`${API}?pageSize=1001`, 'pageSize'],
      [`${API}?psalter=true&psalm=151`, 'psalm'],
      [`${API}?meter=loud`, 'meter'],
      [`${API}?psalm=23`, 'psalm'],
      [`${API}?psalter=true&tuneID=eventide`, 'tuneID'],
      [`${API}/metric/many/tunes`, 'metric'],
    ] as const) {
      const { status, body } = await getJson(t.app, url);
      expect(status, url).toBe(400);
      expect(body.code, url).toBe('invalid_request');
      expect(Object.keys(body.errors), url).toEqual([field]);
      expect(body.errors[field], url).toMatch(new RegExp(`^Invalid value for ${field}: `));
    }
  });

  it('filters hymns by metre, tune and section', async () => {
    const longMetre = await getJson(t.app, `${API}?meter=L.M.&pageSize=100`);
    expect(longMetre.body.totalCount).toBe(33);
    expect(longMetre.body.results.every((h: { meterKey: string }) => h.meterKey === '8.8.8.8')).toBe(true);
    expect((await getJson(t.app, `${API}?meter=8%208%208%208`)).body.totalCount).toBe(33);
    const duke = await getJson(t.app, `${API}?tuneID=duke-street`);
    expect(duke.body.results.map((h: { hymnID: number }) => h.hymnID).sort()).toEqual([147, 68, 87].sort());
    const advent = await getJson(t.app, `${API}?category=advent&pageSize=100`);
    expect(advent.body.totalCount).toBeGreaterThan(5);
    expect(advent.body.results.every((h: { category: string }) => h.category === 'Advent')).toBe(true);
  });

  it('lists the tunes of a metre, the psalter’s tunes and the psalms a tune fits', async () => {
    const common = await getJson(t.app, `${API}/metric/8.6.8.6/tunes`);
    expect(common.status).toBe(200);
    expect(common.body).toMatchObject({ nodeType: 'hymn_tunes', nodeDisplayName: 'Tunes', totalCount: 10, next: null });
    expect(common.body.results.map((x: { tuneID: string }) => x.tuneID)).toContain('st-anne');
    expect(common.body.results[0]).toEqual({
      tuneID: 'azmon',
      name: 'Azmon',
      meter: '8 6 8 6',
      meterKey: '8.6.8.6',
      hymnIDs: [153],
      psalmCount: 233,
      hasAudio: false,
    });
    // The same metre by its name; no tune has a recording.
    expect((await getJson(t.app, `${API}/metric/C.M./tunes?psalter=true`)).body.totalCount).toBe(10);
    expect((await getJson(t.app, `${API}/metric/CM/tunes?audioOnly=true`)).body).toMatchObject({
      totalCount: 0,
      results: [],
    });
    const psalter = await getJson(t.app, `${API}/psalter/tunes`);
    expect(psalter.body.nodeType).toBe('psalter_tunes');
    expect(psalter.body.results.every((x: { psalmCount: number }) => x.psalmCount > 0)).toBe(true);
    expect(psalter.body.results.map((x: { tuneID: string }) => x.tuneID)).toEqual(
      expect.arrayContaining(['duke-street', 'st-anne']),
    );
    const psalms = await getJson(t.app, `${API}/tune/duke-street/psalms?pageSize=50`);
    expect(psalms.body).toMatchObject({ nodeType: 'psalter', totalCount: 92 });
    expect(psalms.body.results.every((p: { meterKey: string }) => p.meterKey === '8.8.8.8')).toBe(true);
    expect(psalms.body.next).toContain('cursor=');
  });

  it('loads the data again without changing a row, and keeps view counts', async () => {
    await t.db.query("UPDATE psalter_selection SET view_count = 5 WHERE id = '53'");
    const before = await t.db.query<{ n: number; newest: string }>(
      'SELECT count(*)::int AS n, max(updated_at)::text AS newest FROM hymn',
    );
    await ensureHymnalData(t.db);
    const after = await t.db.query<{ n: number; newest: string }>(
      'SELECT count(*)::int AS n, max(updated_at)::text AS newest FROM hymn',
    );
    expect(after).toEqual(before);
    expect((await getJson(t.app, `${API}/53?psalter=true`)).body.viewCount).toBe(5);
    const [tunes] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM hymn_tune');
    expect(tunes?.n).toBe(240);
  });

  const lastmods = async () =>
    (await t.db.query<{ id: string; at: string }>('SELECT id, updated_at::text AS at FROM hymn ORDER BY seq')).map(
      (r) => `${r.id} ${r.at}`,
    );

  it('writes again only the hymn whose data changed, and moves only its lastmod', async () => {
    const data = loadHymnalData();
    const edited = data.hymns.map((h) =>
      h.seq === 169 ? { ...h, detail: { ...h.detail, copyright: `${h.detail.copyright} Edited.` } } : h,
    );
    const before = await lastmods();
    await ensureHymnalData(t.db, { ...data, hymns: edited });
    const after = await lastmods();
    expect(after.filter((row, i) => row !== before[i]).map((row) => row.split(' ')[0])).toEqual(['169']);
    expect((await getJson(t.app, `${API}/169`)).body.copyright).toMatch(/Edited\.$/);
    await ensureHymnalData(t.db, data);
    expect((await getJson(t.app, `${API}/169`)).body.copyright).not.toMatch(/Edited/);
  });

  it('gives rows loaded before digests were kept their digest, their lastmod left as it was', async () => {
    await t.db.query('UPDATE hymn SET content_hash = NULL');
    const before = await lastmods();
    await ensureHymnalData(t.db);
    expect(await lastmods()).toEqual(before);
    const [left] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM hymn WHERE content_hash IS NULL');
    expect(left?.n).toBe(0);
  });

  // Last: it closes the app, which saves the views counted so far.
  it('counts a view of each hymn and psalm asked for, saved in one go', async () => {
    await t.db.query('UPDATE hymn SET view_count = 0');
    await t.db.query('UPDATE psalter_selection SET view_count = 0');
    // Ids no other test asks for: views asked for before are counted too.
    for (const url of [
      `${API}/25`,
      `${API}/25`,
      `${API}/scottish-1?psalter=true`,
      `${API}/1?psalter=true`,
      `${API}/9999`,
    ])
      await t.app.inject({ method: 'GET', url });
    const counted = async () =>
      t.db.query<{ id: string; view_count: number }>(
        `SELECT id, view_count FROM hymn WHERE id IN ('25', '9999')
          UNION ALL SELECT id, view_count FROM psalter_selection WHERE id IN ('scottish-1', '1') ORDER BY id`,
      );
    const none = [
      { id: '1', view_count: 0 },
      { id: '25', view_count: 0 },
      { id: 'scottish-1', view_count: 0 },
    ];
    expect(await counted()).toEqual(none);
    await t.app.close();
    expect(await counted()).toEqual([
      { id: '1', view_count: 1 },
      { id: '25', view_count: 2 },
      { id: 'scottish-1', view_count: 1 },
    ]);
  });
});
