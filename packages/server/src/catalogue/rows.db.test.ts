import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { broadcasterById, listBroadcasters } from '../broadcasters/broadcasters.queries.ts';
import { broadcasterSeries, broadcasterSpeakers } from '../reference/reference.queries.ts';
import { listSeries } from '../series/series.queries.ts';
import { listSermons, mediaForSermons, sermonById } from '../sermons/sermons.queries.ts';
import { listSpeakers, speakerBroadcasters } from '../speakers/speakers.queries.ts';
import { loadFixture } from '../test/fixture.ts';
import { BACKENDS, openTestDb, type TestDb } from '../test/test-db.ts';
import { catalogueAggregates } from './catalogue.queries.ts';
import { entityCache } from './entity-cache.ts';
import { broadcasterRow, mediaItemRow, seriesRow, sermonRow, speakerRow } from './rows.ts';

/**
 * The queries return the row types they declare (rows.ts) on both databases: PGlite and
 * node-postgres parse some types differently (int8 arrays came back as strings from
 * PostgreSQL only), and requests do not check their rows. Requests do not parse because a zod
 * parse of a 25-sermon page took 135-160 µs against about 1 µs for mapping typed fields
 * (node 22, zod 4, on this 2-core machine under load), on top of every list answer.
 */
describe.each(BACKENDS)('row types on %s', (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(backend);
    await loadFixture(t.db);
  }, 60_000);
  afterAll(() => t?.drop());

  it('sermon lists and details, with their broadcaster, speaker, series and media', async () => {
    const entities = entityCache(t.db);
    const page = await listSermons(t.db, entities, {}, 'newest', 25, 0, undefined);
    expect(page.rows).toHaveLength(25);
    for (const row of page.rows) {
      const { b, sp, se, ...sermon } = row;
      sermonRow.parse(sermon);
      broadcasterRow.parse(b);
      speakerRow.parse(sp);
      if (se) seriesRow.parse(se);
    }
    const one = await sermonById(t.db, entities, '1000');
    expect(one && sermonRow.parse(one)).toBeTruthy();
    const media = await mediaForSermons(t.db, ['1000', '1001']);
    expect(media.size).toBeGreaterThan(0);
    for (const items of media.values()) z.array(mediaItemRow).parse(items);
    // Relevance and random pages read their rows by other queries.
    for (const sort of ['relevance', 'random'] as const) {
      const f = { search: { text: 'faith', languageCode: 'en' } };
      for (const row of (await listSermons(t.db, entities, f, sort, 5, 0, undefined)).rows) sermonRow.parse(row);
    }
  });

  it('broadcaster, speaker and series lists and details', async () => {
    const list = { page: 1, pageSize: 10, cursor: undefined };
    z.array(broadcasterRow).parse((await listBroadcasters(t.db, { ...list, sortBy: 'alphabetical' })).rows);
    const detail = await broadcasterById(t.db, 'gracechurch');
    broadcasterRow
      .extend({ primary_speakers: z.array(z.string()), primary_speaker_ids: z.array(z.number().int()) })
      .parse(detail);
    expect(detail?.primary_speaker_ids).toEqual([1]);
    z.array(speakerRow).parse((await listSpeakers(t.db, { ...list, sortBy: 'name' })).rows);
    z.array(broadcasterRow.extend({ speaker_sermon_count: z.number().int(), total: z.number().int() })).parse(
      await speakerBroadcasters(t.db, 1, { limit: 5, offset: 0 }),
    );
    z.array(seriesRow).parse((await listSeries(t.db, { ...list, sort_by: 'title', filterBy: 'all' }, undefined)).rows);
    z.array(seriesRow).parse(await broadcasterSeries(t.db, 'gracechurch'));
    z.array(speakerRow.extend({ n: z.number().int() })).parse(await broadcasterSpeakers(t.db, 'gracechurch'));
  });

  it('catalogue aggregates', async () => {
    const counted = <K extends z.ZodType>(key: K) => z.array(z.object({ k: key, n: z.number().int() }).strict());
    const aggregates = await catalogueAggregates(t.db);
    counted(z.string()).parse(aggregates.languages);
    counted(z.string()).parse(aggregates.events);
    counted(z.number().int()).parse(aggregates.books);
    z.object({ seconds: z.number().int().nullable(), picks: z.number().int(), featured: z.number().int() }).parse(
      aggregates.totals,
    );
    z.array(z.number().int()).parse(aggregates.years);
  });
});
