import type { Db } from '../db/db.ts';

/** The condition that makes a sermon visible in public lists and counts. */
export const PUBLISHED = 'publish_timestamp IS NOT NULL AND publish_timestamp <= now()';

/**
 * Recomputes the denormalised counters (broadcaster.sermon_count, speaker.sermon_count and
 * most_recent_preach_date, series count/earliest/latest, the sermon_hashtag links, hashtag and topic counts)
 * in set-based SQL.
 * Used after bulk loads (demo seed, scale data); single writes keep them up to date themselves.
 */
export async function refreshCatalogueCounts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec(`
      UPDATE broadcaster b SET sermon_count = coalesce(c.n, 0)
        FROM broadcaster b2 LEFT JOIN (
          SELECT broadcaster_id, count(*)::int n FROM sermon WHERE ${PUBLISHED} GROUP BY broadcaster_id
        ) c ON c.broadcaster_id = b2.broadcaster_id
       WHERE b.broadcaster_id = b2.broadcaster_id AND b.sermon_count IS DISTINCT FROM coalesce(c.n, 0);

      UPDATE speaker s SET sermon_count = coalesce(c.n, 0), most_recent_preach_date = c.latest
        FROM speaker s2 LEFT JOIN (
          SELECT speaker_id, count(*)::int n, max(preach_date) latest FROM sermon WHERE ${PUBLISHED} GROUP BY speaker_id
        ) c ON c.speaker_id = s2.speaker_id
       WHERE s.speaker_id = s2.speaker_id;

      UPDATE series s SET sermon_count = coalesce(c.n, 0), earliest = c.earliest, latest = c.latest
        FROM series s2 LEFT JOIN (
          SELECT series_id, count(*)::int n, min(preach_date) earliest, max(preach_date) latest
            FROM sermon WHERE series_id IS NOT NULL AND ${PUBLISHED} GROUP BY series_id
        ) c ON c.series_id = s2.series_id
       WHERE s.series_id = s2.series_id;

      -- Bulk loads may have run without the trigger that keeps sermon_hashtag (migration 0005).
      DELETE FROM sermon_hashtag;
      INSERT INTO sermon_hashtag (hashtag, sermon_id, preach_date)
      SELECT h, sermon_id, preach_date FROM sermon, keyword_hashtags(keywords) AS h WHERE keywords <> '';

      INSERT INTO hashtag (hashtag, display, sermon_count)
      SELECT lower(ltrim(tag, '#')), min(ltrim(tag, '#')), count(DISTINCT sermon_id)::int
        FROM sermon, regexp_split_to_table(keywords, '\\s+') AS tag
       WHERE keywords <> '' AND ltrim(tag, '#') <> '' AND ${PUBLISHED}
       GROUP BY lower(ltrim(tag, '#'))
      ON CONFLICT (hashtag) DO UPDATE SET sermon_count = EXCLUDED.sermon_count, updated_at = now();
      UPDATE topic t SET sermon_count = coalesce(c.n, 0)
        FROM topic t2 LEFT JOIN (
          SELECT st.topic_id, count(*)::int n FROM sermon_topic st JOIN sermon s USING (sermon_id)
           WHERE ${PUBLISHED.replaceAll('publish_timestamp', 's.publish_timestamp')} GROUP BY st.topic_id
        ) c ON c.topic_id = t2.topic_id
       WHERE t.topic_id = t2.topic_id AND t.sermon_count IS DISTINCT FROM coalesce(c.n, 0);

      UPDATE hashtag h SET sermon_count = 0, updated_at = now()
       WHERE sermon_count > 0
         AND NOT EXISTS (SELECT 1 FROM sermon_hashtag sh JOIN sermon s USING (sermon_id)
                          WHERE sh.hashtag = h.hashtag AND ${PUBLISHED.replaceAll('publish_timestamp', 's.publish_timestamp')});
    `);
  });
}
