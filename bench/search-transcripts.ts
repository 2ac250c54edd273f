import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { SearchQuery } from '../packages/domain/src/catalogue-queries.ts';
import { entityCache } from '../packages/server/src/catalogue/entity-cache.ts';
import type { Db } from '../packages/server/src/db/db.ts';
import { openPostgres } from '../packages/server/src/db/postgres.ts';
import { search } from '../packages/server/src/search/search.service.ts';
import { rebuildVocabulary } from '../packages/server/src/search/vocabulary.ts';
import { callLoad, type LoadResult } from './lib/load.ts';

/**
 * Search with transcripts at scale (issue 26), on the scale database (pnpm bench:data):
 * gives TRANSCRIPTS sermons a synthetic transcript of realistic length (one 15-word segment
 * every 6 seconds of their audio, about 6,000 words for 40 minutes, words drawn from the demo
 * sermons' texts so their frequencies are a preacher's), states the database's growth per
 * transcript, and times the search service in this process (10 concurrent callers):
 * passage searches, and word searches with the transcripts against the same searches with the
 * transcript table set aside (titles, names and descriptions only).
 *
 *   node bench/search-transcripts.ts [--seconds 10] [--connections 10]
 */
const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kerygma_bench';
const TRANSCRIPTS = 50_000;
const CHUNK = 2_500;

/** The demo sermons' texts, as words. */
function corpus(): string[] {
  const source = readFileSync(new URL('../packages/server/src/seed/demo-texts.ts', import.meta.url), 'utf8');
  return (source.match(/[A-Za-z][a-z']+/g) ?? []).filter((w) => w.length > 1).map((w) => w.toLowerCase());
}

/** Distinct 15-word segments the transcripts are made of (each picks one per 6 seconds of its audio). */
const SEGMENTS = 20_000;

async function ensureTranscripts(db: Db): Promise<void> {
  const [have] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sermon_transcript');
  let n = have?.n ?? 0;
  if (n >= TRANSCRIPTS) return;
  const words = corpus();
  console.log(`generating ${TRANSCRIPTS - n} transcripts from ${words.length} words of text…`);
  const started = performance.now();
  // Segments as rows, so that each transcript's are found by a hash join (an element of a large
  // text[] parameter is found by reading the array from its start).
  await db.exec('CREATE TEMP TABLE IF NOT EXISTS bench_word (id int PRIMARY KEY, word text NOT NULL)');
  await db.query(
    'INSERT INTO bench_word SELECT i::int, w FROM unnest($1::text[]) WITH ORDINALITY AS u(w, i) ON CONFLICT DO NOTHING',
    [words],
  );
  await db.query(
    `CREATE TEMP TABLE IF NOT EXISTS bench_segment AS
     SELECT s.id, string_agg(w.word, ' ' ORDER BY k.k) AS text
       FROM generate_series(1, ${SEGMENTS}) AS s(id)
       CROSS JOIN generate_series(1, 15) AS k(k)
       JOIN bench_word w ON w.id = 1 + abs(hashtext(s.id || ':' || k.k)) % $1
      GROUP BY s.id`,
    [words.length],
  );
  while (n < TRANSCRIPTS) {
    const take = Math.min(CHUNK, TRANSCRIPTS - n);
    // Sermons with audio and no transcript, in a fixed pseudo-random order.
    await db.query(
      `WITH chosen AS (
         SELECT sermon_id, language_code, greatest(coalesce(audio_duration_seconds, 0), 600) AS seconds
           FROM sermon WHERE has_audio AND NOT has_transcript AND publish_timestamp IS NOT NULL
          ORDER BY hashtext(sermon_id) LIMIT $1),
       made AS (
         SELECT c.sermon_id, c.language_code,
                jsonb_agg(jsonb_build_object('start', i * 6, 'end', i * 6 + 6, 'text', g.text) ORDER BY i) AS segments,
                string_agg(g.text, ' ' ORDER BY i) AS body
           FROM chosen c
           CROSS JOIN LATERAL generate_series(0, c.seconds / 6 - 1) AS i
           JOIN bench_segment g ON g.id = 1 + abs(hashtext(c.sermon_id || ':' || i)) % ${SEGMENTS}
          GROUP BY c.sermon_id, c.language_code),
       saved AS (
         INSERT INTO sermon_transcript (sermon_id, language_code, source, caption_state, segments, body, search_vector)
         SELECT sermon_id, language_code, 'pocketsphinx', 'draft', segments, body,
                to_tsvector(language_ts_config(language_code), immutable_unaccent(body)) FROM made
         RETURNING sermon_id)
       UPDATE sermon s SET has_transcript = true FROM saved WHERE s.sermon_id = saved.sermon_id`,
      [take],
    );
    n += take;
    console.log(`  ${n} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  await db.exec('VACUUM ANALYZE sermon_transcript');
}

async function growth(db: Db): Promise<void> {
  const [g] = await db.query<{ n: number; table: number; index: number; words: number }>(
    `SELECT count(*)::int AS n, pg_total_relation_size('sermon_transcript')::float8 AS table,
            pg_relation_size('sermon_transcript_search_idx')::float8 AS index,
            avg(array_length(regexp_split_to_array(body, ' '), 1))::float8 AS words
       FROM sermon_transcript`,
  );
  if (!g) return;
  const mb = (b: number) => `${(b / 1e6).toFixed(0)} MB`;
  console.log(
    `transcripts: ${g.n}, about ${Math.round(g.words)} words each; table with TOAST and indexes ${mb(g.table)} ` +
      `(search index ${mb(g.index)}): ${(g.table / g.n / 1024).toFixed(1)} KB per transcript`,
  );
}

function row(name: string, r: LoadResult, base?: LoadResult): void {
  const ratio = base ? `  ${(r.p95 / base.p95).toFixed(2)}x` : '';
  console.log(
    `${name.padEnd(44)} p50 ${r.p50.toFixed(2).padStart(7)} ms  p95 ${r.p95.toFixed(2).padStart(7)} ms  ${String(Math.round(r.requests / r.seconds)).padStart(5)}/s  errors ${r.errors}${ratio}`,
  );
}

async function main(): Promise<void> {
  const db = openPostgres(DATABASE_URL, CONNECTIONS + 2);
  try {
    await ensureTranscripts(db);
    await growth(db);
    const vocabStarted = performance.now();
    const words = await rebuildVocabulary(db);
    console.log(
      `search vocabulary: ${words} words rebuilt in ${((performance.now() - vocabStarted) / 1000).toFixed(1)} s`,
    );
    const entities = entityCache(db);
    const origin = 'http://bench.test';
    const ctx = { urls: { origin }, requestUrl: new URL(`${origin}/api/v2/node/search`), languageCode: 'en', entities };
    const calls = (queries: string[]) =>
      queries.map(
        (query) => () =>
          search(
            db,
            { query, page: 1, pageSize: 20, lite: true, liteBroadcaster: true, sortBy: 'relevance' } as SearchQuery,
            ctx,
          ),
      );
    const passages = ['Romans 8', 'John 3:16', 'Psalm 23', 'Romans 8:28-30', 'Matthew 5-7', 'Röm 8', 'grace Romans 8'];
    row('passage searches', await callLoad(calls(passages), CONNECTIONS, SECONDS));
    // Words in many titles (their own matches fill the results), and words only spoken: of the
    // transcripts' text and in no title or name, from common to rare in the transcripts.
    const titled = ['grace', 'faith', 'shepherd', 'gospel'];
    const known = new Set((await db.query<{ word: string }>('SELECT word FROM search_word')).map((r) => r.word));
    const counts = new Map<string, number>();
    for (const w of corpus()) if (w.length >= 6 && !known.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
    const byUse = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const spoken = [5, 20, 50, 100, 200, 400, 800].flatMap((rank) => byUse[rank]?.[0] ?? []);
    console.log(`words only spoken: ${spoken.join(', ')}`);
    const wordQueries = [...titled, ...spoken];
    // The same word searches without transcripts: the table set aside for an empty one like it.
    await db.exec(
      'ALTER TABLE sermon_transcript RENAME TO sermon_transcript_aside; CREATE TABLE sermon_transcript (LIKE sermon_transcript_aside INCLUDING ALL)',
    );
    let bare: LoadResult;
    try {
      bare = await callLoad(calls(wordQueries), CONNECTIONS, SECONDS);
    } finally {
      await db.exec('DROP TABLE sermon_transcript; ALTER TABLE sermon_transcript_aside RENAME TO sermon_transcript');
    }
    row('word searches, titles and descriptions only', bare);
    row('word searches reaching transcripts', await callLoad(calls(wordQueries), CONNECTIONS, SECONDS), bare);
    for (const query of [...titled.slice(0, 1), ...spoken]) {
      const body = await calls([query])[0]?.();
      console.log(`  ${query}: ${body?.totalCount} sermons`);
    }
  } finally {
    await db.close();
  }
}

await main();
