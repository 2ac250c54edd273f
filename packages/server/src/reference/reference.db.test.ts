import { EVENT_TYPES } from '@kerygma/domain/event-types';
import { SERMON_LANGUAGES } from '@kerygma/domain/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

const ENVELOPE = ['next', 'nodeDisplayName', 'nodeType', 'results', 'totalCount'];

describe.each(BACKENDS)('reference API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  it('languages: every sermon language with its count of published sermons', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/languages');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(ENVELOPE);
    expect(body.totalCount).toBe(SERMON_LANGUAGES.length);
    const counts = Object.fromEntries(
      body.results.map((l: { languageCode: string; sermonCount: number }) => [l.languageCode, l.sermonCount]),
    );
    expect(counts.en).toBe(50);
    expect(counts.es).toBe(10);
    expect(counts.de).toBe(0);
    expect(body.results.find((l: { languageCode: string }) => l.languageCode === 'es')).toEqual({
      languageCode: 'es',
      languageName: 'Spanish',
      localizedName: 'Español',
      iso639_3: 'spa',
      sermonCount: 10,
    });
  });

  it('filter_options site-wide: languages, event types and years of published sermons', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/filter_options');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      ['bibleBooks', 'languages', 'sermonCountsForSpeakers', 'sermonEventTypes', 'series', 'speakers', 'years'].sort(),
    );
    expect(body.bibleBooks).toHaveLength(66);
    expect(body.languages.map((l: { languageCode: string }) => l.languageCode)).toEqual(['en', 'es']);
    expect(
      body.sermonEventTypes.map((e: { type: string; numberOfSermons: number }) => [e.type, e.numberOfSermons]),
    ).toEqual([
      ['Sunday - AM', 30],
      ['Sunday - PM', 24],
      ['Prayer Meeting', 6],
    ]);
    // 1976 holds two sermons, so 60 sermons span 59 years, 2023 back to 1965; the drafts (2024, 2025) do not count.
    const years = body.years.map((y: { year: number }) => y.year);
    expect(years).toEqual(Array.from({ length: 59 }, (_, k) => 2023 - k));
  });

  it('filter_options?broadcasterID= narrows to one broadcaster', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/filter_options?broadcasterID=RadioVida');
    expect(status).toBe(200);
    expect(
      body.languages.map((l: { languageCode: string; sermonCount: number }) => [l.languageCode, l.sermonCount]),
    ).toEqual([['es', 10]]);
    expect(body.series.map((s: { title: string }) => s.title)).toEqual(['Evangelio de Juan']);
    expect(body.sermonCountsForSpeakers).toEqual([{ speaker: 'María López', count: 10 }]);
    expect(body.years.map((y: { year: number }) => y.year)).toEqual(Array.from({ length: 10 }, (_, k) => 2023 - k));
    expect((await getJson(t.app, '/api/v2/node/filter_options?broadcasterID=nope')).status).toBe(404);
  });

  it('sermon_event_types: all event types, with published counts', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/filter_options/sermon_event_types');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(ENVELOPE);
    expect(body.results.map((e: { type: string }) => e.type)).toEqual([...EVENT_TYPES]);
    const am = body.results.find((e: { type: string }) => e.type === 'Sunday - AM');
    expect(am).toEqual({
      type: 'Sunday - AM',
      description: 'Sunday - AM',
      displayEventType: 'Sunday - AM',
      numberOfSermons: 30,
    });
    const service = body.results.find((e: { type: string }) => e.type === 'Sunday Service');
    expect(service.numberOfSermons).toBe(0);
  });

  it('sermon_event_types?broadcaster_id= (and broadcasterID=): only that broadcaster’s types', async () => {
    for (const q of ['broadcaster_id=RadioVida', 'broadcasterID=radiovida']) {
      const { status, body } = await getJson(t.app, `/api/v2/node/filter_options/sermon_event_types?${q}`);
      expect(status, q).toBe(200);
      expect(body.results.map((e: { type: string; numberOfSermons: number }) => [e.type, e.numberOfSermons])).toEqual([
        ['Sunday - AM', 5],
        ['Sunday - PM', 4],
        ['Prayer Meeting', 1],
      ]);
    }
    const empty = await getJson(t.app, '/api/v2/node/filter_options/sermon_event_types?broadcaster_id=emptychurch');
    expect(empty.body).toMatchObject({ totalCount: 0, results: [] });
    const missing = await getJson(t.app, '/api/v2/node/filter_options/sermon_event_types?broadcaster_id=nope');
    expect(missing.status).toBe(404);
    expect(missing.body.errors.error).toBe('Broadcaster not found');
  });

  it('bible_versions: KJV with text', async () => {
    const { status, body } = await getJson(t.app, '/api/v2/node/bible_versions');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(ENVELOPE);
    expect(body.results).toEqual([
      { bibleVersionID: 'KJV', abbreviation: 'KJV', name: 'King James Version', languageCode: 'en', hasText: true },
    ]);
  });
});
