import type { Db } from '../db/db.ts';
import type { JobHandler } from '../jobs/job-types.ts';
import { enqueue } from '../jobs/queue.ts';

/**
 * 'Did you mean' (issue 26): the catalogue's own words, rebuilt once a day by the
 * 'search.vocabulary' job from published titles, speakers' names and series titles (search_word,
 * migration 0052), and the closest of them by trigram similarity to a word no sermon uses.
 */

const DAY_MS = 24 * 3600_000;
/** Words shorter than this are left alone (articles, particles; too short to correct). */
const MIN_WORD = 4;

/** The words, as the 'simple' configuration splits them, of these texts, with the sermons using each. */
const SOURCES = [
  `SELECT to_tsvector('simple', immutable_unaccent(concat_ws(' ', full_title, subtitle))) FROM sermon
    WHERE publish_timestamp IS NOT NULL`,
  `SELECT to_tsvector('simple', immutable_unaccent(display_name)) FROM speaker`,
  `SELECT to_tsvector('simple', immutable_unaccent(title)) FROM series`,
];

/** Rebuilds search_word in one transaction: searches see the old words until it commits. */
export async function rebuildVocabulary(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.exec('DELETE FROM search_word');
    for (const source of SOURCES) {
      await tx.query(
        `INSERT INTO search_word (word, uses)
         SELECT word, ndoc FROM ts_stat($1) WHERE length(word) BETWEEN ${MIN_WORD} AND 40 AND word !~ '[0-9]'
         ON CONFLICT (word) DO UPDATE SET uses = search_word.uses + excluded.uses`,
        [source],
      );
    }
    const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM search_word');
    return row?.n ?? 0;
  });
}

/** Queues tomorrow's rebuild, or one now when there are no words yet (start-up and each run call it). */
export async function scheduleVocabulary(db: Db, now: number): Promise<number | null> {
  const [empty] = await db.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM search_word) AS empty');
  const at = new Date(empty?.empty ? now : now + DAY_MS);
  return enqueue(db, 'search.vocabulary', {}, { runAt: at, dedupeKey: 'search.vocabulary', priority: 5 });
}

export function vocabularyJob(db: Db): JobHandler<'search.vocabulary'> {
  return async (_payload, ctx) => {
    const words = await rebuildVocabulary(db);
    ctx.log.info({ words }, 'search vocabulary rebuilt');
    await scheduleVocabulary(db, Date.now());
  };
}

/**
 * The query with each word no sermon's title or name uses replaced by the most similar word
 * that is used (the most used among equals); null when nothing changed.
 */
export async function didYouMean(db: Db, query: string): Promise<string | null> {
  const words = query.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 8) return null;
  const rows = await db.query<{ i: number; known: boolean; best: string | null }>(
    `SELECT w.i::int AS i, EXISTS (SELECT 1 FROM search_word k WHERE k.word = w.key) AS known,
            (SELECT c.word FROM search_word c WHERE c.word % w.key
              ORDER BY similarity(c.word, w.key) DESC, c.uses DESC, c.word LIMIT 1) AS best
       FROM (SELECT i, lower(immutable_unaccent(word)) AS key
               FROM unnest($1::text[]) WITH ORDINALITY AS u(word, i)) w
      WHERE length(w.key) >= ${MIN_WORD} AND w.key ~ '^[[:alpha:]]+$'`,
    [words],
  );
  let changed = false;
  const corrected = [...words];
  for (const row of rows) {
    if (row.known || !row.best) continue;
    corrected[row.i - 1] = row.best;
    changed = true;
  }
  return changed ? corrected.join(' ') : null;
}
