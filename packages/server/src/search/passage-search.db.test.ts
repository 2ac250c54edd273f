import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SearchQuery } from '@kerygma/domain/catalogue-queries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityCache } from '../catalogue/entity-cache.ts';
import { seedDemo } from '../seed/seed.ts';
import { localMediaStore } from '../storage/local-store.ts';
import { BACKENDS, openTestDb, type TestDb } from '../test/test-db.ts';
import { search } from './search.service.ts';

/**
 * Search on the demo catalogue as a listener types it (issue 26): Bible passages in 13
 * languages found by passage first, passages mixed with words, queries that only look like
 * passages, snippets, 'did you mean', and words spoken in a transcript.
 */

type Row = { query: string; lang?: string; first: string; tier: 'exact' | 'contains' | 'overlaps'; understood: string };

/** Query → the Bible text of the first result, how it meets the passage, and the passage understood. */
const PASSAGES: Row[] = [
  { query: 'John 3:16', first: 'John 3:16', tier: 'exact', understood: 'John 3:16' },
  { query: 'Jn 3:16', first: 'John 3:16', tier: 'exact', understood: 'John 3:16' },
  { query: 'john 3.16', first: 'John 3:16', tier: 'exact', understood: 'John 3:16' },
  { query: 'Romans 8', first: 'Romans 8', tier: 'exact', understood: 'Romans 8' },
  { query: 'Rom 8:28', first: 'Romans 8:28', tier: 'exact', understood: 'Romans 8:28' },
  { query: 'Romans 8:28-30', first: 'Romans 8:28-30', tier: 'exact', understood: 'Romans 8:28-30' },
  { query: 'Romans 8:20-9:8', first: 'Romans 8:20-9:8', tier: 'exact', understood: 'Romans 8:20-9:8' },
  { query: 'Romans 8:13', first: 'Romans 8:13; Ecclesiastes 6', tier: 'exact', understood: 'Romans 8:13' },
  { query: 'Rom. 8:1', first: 'Romans 8:1', tier: 'exact', understood: 'Romans 8:1' },
  { query: 'Psalm 23', first: 'Psalm 23', tier: 'exact', understood: 'Psalm 23' },
  { query: 'Ps 23:4', first: 'Psalm 23:4', tier: 'exact', understood: 'Psalm 23:4' },
  { query: 'Daniel 3:16-25', first: 'Daniel 3:16-25', tier: 'exact', understood: 'Daniel 3:16-25' },
  { query: 'Genesis 1:31', first: 'Genesis 1:31', tier: 'exact', understood: 'Genesis 1:31' },
  { query: 'Matthew 5:4', first: 'Matthew 5:4', tier: 'exact', understood: 'Matthew 5:4' },
  { query: 'John 3:3', first: 'John 3:3', tier: 'exact', understood: 'John 3:3' },
  // No sermon is on verse 29 alone: those whose passage holds it come first.
  { query: 'Romans 8:29', first: 'Romans 8', tier: 'contains', understood: 'Romans 8:29' },
  { query: 'Psalm 23:2', first: 'Psalm 23', tier: 'contains', understood: 'Psalm 23:2' },
  { query: 'Röm 8', lang: 'de', first: 'Romans 8', tier: 'exact', understood: 'Romans 8' },
  { query: 'Römer 8,28', lang: 'de', first: 'Romans 8:28', tier: 'exact', understood: 'Romans 8:28' },
  { query: 'Joh 3,16', lang: 'de', first: 'John 3:16', tier: 'exact', understood: 'John 3:16' },
  { query: '1. Mose 1,31', lang: 'de', first: 'Genesis 1:31', tier: 'exact', understood: 'Genesis 1:31' },
  { query: 'Mt 5,4', lang: 'de', first: 'Matthew 5:4', tier: 'exact', understood: 'Matthew 5:4' },
  { query: 'Juan 3:16', lang: 'es', first: 'John 3:16', tier: 'exact', understood: 'John 3:16' },
  { query: 'Romanos 8:28', lang: 'es', first: 'Romans 8:28', tier: 'exact', understood: 'Romans 8:28' },
  { query: 'Salmo 23', lang: 'es', first: 'Psalm 23', tier: 'exact', understood: 'Psalm 23' },
  { query: 'génesis 1:31', lang: 'es', first: 'Genesis 1:31', tier: 'exact', understood: 'Genesis 1:31' },
  { query: 'Jean 3:16', lang: 'fr', first: 'John 3:16', tier: 'exact', understood: 'John 3:16' },
  { query: 'Romains 8', lang: 'fr', first: 'Romans 8', tier: 'exact', understood: 'Romans 8' },
  { query: 'Psaume 23', lang: 'fr', first: 'Psalm 23', tier: 'exact', understood: 'Psalm 23' },
  { query: 'Matthieu 5:4', lang: 'fr', first: 'Matthew 5:4', tier: 'exact', understood: 'Matthew 5:4' },
  { query: 'Giovanni 3,16', lang: 'it', first: 'John 3:16', tier: 'exact', understood: 'John 3:16' },
  { query: 'Gv 3,16', lang: 'it', first: 'John 3:16', tier: 'exact', understood: 'John 3:16' },
  { query: 'Romani 8,28', lang: 'it', first: 'Romans 8:28', tier: 'exact', understood: 'Romans 8:28' },
  { query: 'João 3:16', lang: 'pt', first: 'John 3:16', tier: 'exact', understood: 'John 3:16' },
  { query: 'Jo 3:16', lang: 'pt', first: 'John 3:16', tier: 'exact', understood: 'John 3:16' },
  { query: 'Salmos 23', lang: 'pt', first: 'Psalm 23', tier: 'exact', understood: 'Psalm 23' },
  { query: 'J 3,16', lang: 'pl', first: 'John 3:16', tier: 'exact', understood: 'John 3:16' },
  { query: 'Rz 8,28', lang: 'pl', first: 'Romans 8:28', tier: 'exact', understood: 'Romans 8:28' },
  { query: '요한복음 3:16', lang: 'ko', first: 'John 3:16', tier: 'exact', understood: 'John 3:16' },
  { query: '롬 8:28', lang: 'ko', first: 'Romans 8:28', tier: 'exact', understood: 'Romans 8:28' },
  { query: '시편 23', lang: 'ko', first: 'Psalm 23', tier: 'exact', understood: 'Psalm 23' },
  { query: '约翰福音 3:16', lang: 'zh', first: 'John 3:16', tier: 'exact', understood: 'John 3:16' },
  { query: '罗马书 8:28', lang: 'zh', first: 'Romans 8:28', tier: 'exact', understood: 'Romans 8:28' },
  { query: '诗篇 23', lang: 'zh', first: 'Psalm 23', tier: 'exact', understood: 'Psalm 23' },
  // Any language's names are understood on any page.
  { query: 'Römer 8', first: 'Romans 8', tier: 'exact', understood: 'Romans 8' },
  // Words searched with the passage; none on it holds them, so the passage alone answers.
  { query: 'sermons on John 3:16', first: 'John 3:16', tier: 'exact', understood: 'John 3:16' },
];

describe.each(BACKENDS)('search by passage and words on the demo catalogue (%s)', (backend) => {
  let t: TestDb;
  let mediaDir: string;
  beforeAll(async () => {
    t = await openTestDb(backend);
    mediaDir = await mkdtemp(path.join(tmpdir(), 'kerygma-search-'));
    await seedDemo(t.db, { media: localMediaStore(mediaDir), mediaDir, mediaSermons: 0 });
  }, 240_000);
  afterAll(async () => {
    await t?.drop();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  function run(query: string, more: Partial<SearchQuery> = {}, languageCode = 'en') {
    const origin = 'http://kerygma.test';
    const q = { query, page: 1, pageSize: 10, lite: true, liteBroadcaster: true, sortBy: 'relevance', ...more };
    return search(t.db, q as SearchQuery, {
      urls: { origin },
      requestUrl: new URL(`${origin}/api/v2/node/search`),
      languageCode,
      entities: entityCache(t.db),
    });
  }

  it.each(PASSAGES)('$query ($lang) finds $first first', async ({ query, lang, first, tier, understood }) => {
    const body = await run(query, {}, lang);
    expect(body.passage?.reference).toBe(understood);
    const [top] = body.sermonResults;
    expect(top?.bibleText).toBe(first);
    expect(top?.searchMatch?.passageMatch).toBe(tier);
  });

  it('ranks the exact passage, then passages holding it, then overlapping ones, newest first in each', async () => {
    const body = await run('Romans 8:28-30', { pageSize: 50 });
    const order = ['exact', 'contains', 'overlaps'];
    const tiers = body.sermonResults.map((s) => order.indexOf(s.searchMatch?.passageMatch ?? ''));
    expect(tiers).toEqual([...tiers].sort());
    expect(new Set(tiers)).toEqual(new Set([0, 1, 2]));
    // Every sermon on the passage, and no other: 'Romans 4:8-5:1' and 'Daniel 3:16-25' are not on it.
    for (const s of body.sermonResults) expect(s.bibleText).toMatch(/^Romans 8/);
    for (const tier of order) {
      const dates = body.sermonResults.filter((s) => s.searchMatch?.passageMatch === tier).map((s) => s.preachDate);
      expect(dates).toEqual([...dates].sort().reverse());
    }
    expect(body.totalCount).toBe(body.sermonResults.length);
  });

  it('keeps the passage a filter under other sorts, words matching too', async () => {
    const oldest = await run('Romans 8', { sortBy: 'oldest', pageSize: 50 });
    const dates = oldest.sermonResults.map((s) => s.preachDate);
    expect(dates).toEqual([...dates].sort());
    expect(oldest.sermonResults.length).toBeGreaterThan(10);
    for (const s of oldest.sermonResults) expect(s.bibleText).toMatch(/Romans [78]/);
    // Across chapters: Matthew 5-7 reaches sermons on chapter 6 and 7 too.
    const sermonOnTheMount = await run('Matthew 5-7', { sortBy: 'latest', pageSize: 50 });
    const chapters = new Set(sermonOnTheMount.sermonResults.map((s) => /Matthew (\d)/.exec(s.bibleText ?? '')?.[1]));
    expect([...chapters].sort()).toEqual(['5', '6', '7']);
  });

  it('mixes words with a passage: the passage first, the words matching', async () => {
    const body = await run('grace Romans 8');
    expect(body.passage).toMatchObject({ reference: 'Romans 8', words: 'grace' });
    expect(body.sermonResults.length).toBeGreaterThan(0);
    for (const s of body.sermonResults) expect(s.bibleText).toMatch(/Romans [78]/);
    const after = await run('Romans 8 grace');
    expect(after.sermonResults.map((s) => s.sermonID)).toEqual(body.sermonResults.map((s) => s.sermonID));
  });

  it('searches words when a query only looks like a passage', async () => {
    for (const query of ['1 John', 'Acts 29', 'Romans', 'Psalm 151', 'John 3:99']) {
      const body = await run(query);
      expect(body.passage, query).toBeNull();
    }
    // '1 John' finds its words: sermons on the letter, by their Bible text in the search vector.
    const letter = await run('1 John');
    expect(letter.sermonResults.length).toBeGreaterThan(0);
  });

  it('marks the words matched in titles and shows why a sermon matched', async () => {
    const body = await run('mortification of sin');
    const [top] = body.sermonResults;
    expect(top?.fullTitle).toBe('The Mortification of Sin');
    const marked = top?.searchMatch?.title.filter((p) => p.match).map((p) => p.text);
    expect(marked).toEqual(['Mortification', 'Sin']);
    expect(top?.searchMatch?.snippet?.source).toBe('description');
    expect(top?.searchMatch?.snippet?.parts.some((p) => p.match)).toBe(true);
  });

  it("suggests the catalogue's own words for a misspelt query", async () => {
    const body = await run('mortifcation');
    expect(body.totalCount).toBe(0);
    expect(body.didYouMean).toBe('mortification');
    expect((await run('spurgen sermons')).didYouMean).toBe('spurgeon sermons');
    expect((await run('mortification')).didYouMean).toBeNull();
  });

  it('finds words spoken in a transcript, with the sentence and the second it is said at', async () => {
    const [sermon] = await t.db.query<{ sermon_id: string; full_title: string }>(
      `SELECT sermon_id, full_title FROM sermon WHERE publish_timestamp IS NOT NULL AND language_code = 'en'
        ORDER BY sermon_id LIMIT 1`,
    );
    const segments = [
      { start: 0, end: 6.5, text: 'Good morning, let us turn to the reading.' },
      { start: 754.2, end: 760, text: 'The shepherd leaves the ninety and nine on the mountainside.' },
    ];
    const body = segments.map((s) => s.text).join(' ');
    await t.db.query(
      `INSERT INTO sermon_transcript (sermon_id, language_code, source, caption_state, segments, body, search_vector)
       VALUES ($1, 'en', 'pocketsphinx', 'draft', $2::jsonb, $3, to_tsvector('english', $3))`,
      [sermon?.sermon_id, JSON.stringify(segments), body],
    );
    await t.db.query('UPDATE sermon SET has_transcript = true WHERE sermon_id = $1', [sermon?.sermon_id]);
    const found = await run('ninety mountainside');
    expect(found.sermonResults.map((s) => s.sermonID)).toEqual([sermon?.sermon_id]);
    const snippet = found.sermonResults[0]?.searchMatch?.snippet;
    expect(snippet).toMatchObject({ source: 'transcript', startSeconds: 754 });
    expect(snippet?.parts.filter((p) => p.match).map((p) => p.text)).toEqual(['ninety', 'mountainside']);
    // Words in titles, names and descriptions rank above words only spoken.
    const shepherd = await run('shepherd', { pageSize: 100 });
    const ids = shepherd.sermonResults.map((s) => s.sermonID);
    expect(ids.length).toBeGreaterThan(1);
    expect(ids[ids.length - 1]).toBe(sermon?.sermon_id);
  });
});
