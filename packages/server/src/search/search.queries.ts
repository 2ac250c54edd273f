import type { Db } from '../db/db.ts';
import { escapeLike } from '../db/like.ts';
import { trimPunctuation } from './search-text.ts';

/**
 * Hashtags starting with the first word of `query` (the side searches' query, search-text.ts)
 * without the punctuation around it ('#faith,' → 'faith'), most used first. The matches are
 * found on the prefix index (migration 0013) and then sorted: a word's hashtags are few, and
 * left to itself the planner walked all hashtags by count when it expected a prefix to have many
 * (0.7 ms for 'amillenni' with 37 hashtags at 9,222, 0.13 ms on the index).
 */
export function hashtags(db: Db, query: string, limit: number) {
  const word = trimPunctuation(query.split(' ')[0] ?? '').toLowerCase();
  return db.query<{ hashtag: string; display: string; sermon_count: number }>(
    `SELECT hashtag, display, sermon_count
       FROM (SELECT * FROM hashtag WHERE hashtag LIKE $1 AND sermon_count > 0 OFFSET 0) prefixed
      ORDER BY sermon_count DESC, hashtag LIMIT $2`,
    [`${escapeLike(word)}%`, limit],
  );
}
