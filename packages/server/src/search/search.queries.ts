import type { Db } from '../db/db.ts';
import { escapeLike } from '../db/like.ts';

/** Hashtags starting with the query's first word, most used first. */
export function hashtags(db: Db, query: string, limit: number) {
  const word = query.trim().split(/\s+/)[0]?.replace(/^#/, '').toLowerCase() ?? '';
  return db.query<{ hashtag: string; display: string; sermon_count: number }>(
    `SELECT hashtag, display, sermon_count FROM hashtag
      WHERE hashtag LIKE $1 AND sermon_count > 0 ORDER BY sermon_count DESC, hashtag LIMIT $2`,
    [`${escapeLike(word)}%`, limit],
  );
}
