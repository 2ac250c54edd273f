import type { Db } from '../db/db.ts';

/**
 * The sermon that goes with a reading (GET node/spurgeon_devotional's `sermon`; the Python client
 * cannot read a reading without one): the newest published English sermon on the chapter of its
 * key verse, else on that book, else the newest published English sermon, else the newest of
 * any language. Each branch walks an index newest first and stops at its first row, and the
 * later branches run only when the earlier ones found none.
 */
const SERMON_FOR_PASSAGE = `
  (SELECT r.sermon_id FROM sermon_scripture r JOIN sermon s ON s.sermon_id = r.sermon_id
    WHERE r.book_index = $1 AND r.chapter = $2 AND s.language_code = 'en' AND s.publish_timestamp <= now()
    ORDER BY r.preach_date DESC, r.sermon_id DESC LIMIT 1)
  UNION ALL
  (SELECT r.sermon_id FROM sermon_scripture r JOIN sermon s ON s.sermon_id = r.sermon_id
    WHERE r.book_index = $1 AND r.first_in_book AND s.language_code = 'en' AND s.publish_timestamp <= now()
    ORDER BY r.preach_date DESC, r.sermon_id DESC LIMIT 1)
  UNION ALL
  (SELECT sermon_id FROM sermon WHERE language_code = 'en' AND publish_timestamp <= now()
    ORDER BY publish_timestamp DESC, sermon_id DESC LIMIT 1)
  UNION ALL
  (SELECT sermon_id FROM sermon WHERE publish_timestamp <= now()
    ORDER BY publish_timestamp DESC, sermon_id DESC LIMIT 1)
  LIMIT 1`;

/** The id of the sermon for a passage (book index and chapter; null for a reading without one). */
export async function sermonForPassage(
  db: Db,
  passage: { bookIndex: number; chapter: number } | null,
): Promise<string | undefined> {
  const [row] = await db.query<{ sermon_id: string }>(
    SERMON_FOR_PASSAGE,
    [passage?.bookIndex ?? null, passage?.chapter ?? null],
    { prepare: true },
  );
  return row?.sermon_id;
}
