import type { Db } from '../db/db.ts';

export type HighlightedSermonsRow = {
  sort_order: string | null;
  sort_title: string | null;
  audio_title: string | null;
  /** The highlighted sermon while it is published; null otherwise. */
  sermon_id: string | null;
};

/** What a broadcaster highlights (migration 0028), or undefined when it has set nothing. */
export async function highlightedSermonsOf(db: Db, broadcasterId: string): Promise<HighlightedSermonsRow | undefined> {
  const [row] = await db.query<HighlightedSermonsRow>(
    `SELECT h.sort_order, h.sort_title, h.audio_title, s.sermon_id
       FROM broadcaster_highlighted_sermons h
       LEFT JOIN sermon s ON s.sermon_id = h.sermon_id AND s.publish_timestamp <= now()
      WHERE h.broadcaster_id = $1`,
    [broadcasterId],
    { prepare: true },
  );
  return row;
}
