import type { Db } from '../../db/db.ts';

/** The SQL of serving original uploads (originals.ts). */

export type OriginalRow = {
  /** The broadcaster the sermon, and so the original, belongs to. */
  broadcaster_id: string;
  /** Whether a media item is this very file (documents are served from their original). */
  is_item: boolean;
};

/** Who owns the original `key` of sermon `sermonId`; undefined when there is no such sermon. */
export async function originalOwner(db: Db, sermonId: string, key: string): Promise<OriginalRow | undefined> {
  const [row] = await db.query<OriginalRow>(
    `SELECT s.broadcaster_id,
            EXISTS (SELECT 1 FROM media_item m WHERE m.sermon_id = s.sermon_id AND m.storage_key = $2) AS is_item
       FROM sermon s WHERE s.sermon_id = $1`,
    [sermonId, key],
  );
  return row;
}
