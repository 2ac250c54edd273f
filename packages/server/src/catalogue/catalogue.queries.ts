import type { Db } from '../db/db.ts';
import { PUBLISHED } from './counts.ts';
import type { BroadcasterRow, SeriesRow, SpeakerRow } from './rows.ts';

/** The broadcasters, speakers and series that sermons show, by id (entity-cache.ts keeps them). Fixed texts: plans kept. */

export function broadcastersByIds(db: Db, ids: readonly string[]): Promise<BroadcasterRow[]> {
  return db.query<BroadcasterRow>('SELECT * FROM broadcaster WHERE broadcaster_id = ANY($1::text[])', [ids], {
    prepare: true,
  });
}

export function speakersByIds(db: Db, ids: readonly number[]): Promise<SpeakerRow[]> {
  return db.query<SpeakerRow>('SELECT * FROM speaker WHERE speaker_id = ANY($1::int8[])', [ids], { prepare: true });
}

/** A series row with its podcast speaker's name, as every series query selects it. */
export const SERIES_COLUMNS =
  'se.*, (SELECT display_name FROM speaker WHERE speaker_id = se.podcast_speaker_id) AS podcast_speaker_name';

export function seriesByIds(db: Db, ids: readonly number[]): Promise<SeriesRow[]> {
  return db.query<SeriesRow>(`SELECT ${SERIES_COLUMNS} FROM series se WHERE se.series_id = ANY($1::int8[])`, [ids], {
    prepare: true,
  });
}

type Counted<K> = { k: K; n: number };

/**
 * Whole-catalogue aggregates of published sermons (catalogue-stats.ts): per language, event
 * type and Bible book, total length, staff picks, featured, and the years with sermons.
 */
export async function catalogueAggregates(db: Db) {
  const [languages, events, books, [totals], years] = await Promise.all([
    db.query<Counted<string>>(`SELECT language_code k, count(*)::int8 n FROM sermon WHERE ${PUBLISHED} GROUP BY 1`),
    db.query<Counted<string>>(`SELECT event_type k, count(*)::int8 n FROM sermon WHERE ${PUBLISHED} GROUP BY 1`),
    db.query<Counted<number>>(
      `SELECT r.book_index::int k, count(*)::int8 n FROM sermon_scripture r JOIN sermon s USING (sermon_id)
        WHERE r.first_in_book AND ${PUBLISHED.replaceAll('publish_timestamp', 's.publish_timestamp')} GROUP BY 1`,
    ),
    db.query<{ seconds: number | null; picks: number; featured: number }>(
      `SELECT sum(greatest(audio_duration_seconds, video_duration_seconds))::int8 seconds,
              count(*) FILTER (WHERE pick_date IS NOT NULL)::int8 picks,
              count(*) FILTER (WHERE last_feature_date IS NOT NULL)::int8 featured
         FROM sermon WHERE ${PUBLISHED}`,
    ),
    // Distinct years (of published sermons) by skipping through the preach_date index instead of reading every row.
    db.query<{ y: number }>(`WITH RECURSIVE y(d) AS (
        SELECT min(preach_date) FROM sermon WHERE ${PUBLISHED}
        UNION ALL
        SELECT (SELECT min(preach_date) FROM sermon
                 WHERE preach_date >= date_trunc('year', y.d) + interval '1 year' AND ${PUBLISHED})
          FROM y WHERE y.d IS NOT NULL)
      SELECT extract(year FROM d)::int y FROM y WHERE d IS NOT NULL ORDER BY 1 DESC`),
  ]);
  return {
    languages,
    events,
    books,
    totals: totals ?? { seconds: 0, picks: 0, featured: 0 },
    years: years.map((r) => r.y),
  };
}
