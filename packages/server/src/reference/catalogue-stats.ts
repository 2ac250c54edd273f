import type { Db } from '../db/db.ts';

/**
 * Whole-catalogue aggregates (sermons per language and per event type, total length, years
 * with sermons). Over millions of sermons these take a few hundred milliseconds, so they are
 * computed in the background, at most every `ttlMs`, and requests read the last result.
 */
export type CatalogueStats = {
  sermonCount: number;
  englishCount: number;
  totalSeconds: number;
  byLanguage: Map<string, number>;
  byEventType: Map<string, number>;
  /** Sermons per Bible book (index in canon order), counted once per sermon and book. */
  byBook: Map<number, number>;
  /** Staff picks and featured sermons: the totals of their lists (and of the home page's). */
  staffPickCount: number;
  featuredCount: number;
  years: number[];
  computedAt: number;
};

export type StatsCache = {
  get(): Promise<CatalogueStats>;
  /** The last result without waiting (starting a refresh when there is none or it is old). */
  peek(): CatalogueStats | undefined;
};

const PUBLISHED = 'publish_timestamp IS NOT NULL AND publish_timestamp <= now()';

async function compute(db: Db): Promise<CatalogueStats> {
  const [languages, events, books, totals, years] = await Promise.all([
    db.query<{ k: string; n: number }>(
      `SELECT language_code k, count(*)::int8 n FROM sermon WHERE ${PUBLISHED} GROUP BY 1`,
    ),
    db.query<{ k: string; n: number }>(
      `SELECT event_type k, count(*)::int8 n FROM sermon WHERE ${PUBLISHED} GROUP BY 1`,
    ),
    db.query<{ k: number; n: number }>(
      `SELECT r.book_index k, count(*)::int8 n FROM sermon_scripture r JOIN sermon s USING (sermon_id)
        WHERE r.first_in_book AND s.${PUBLISHED} GROUP BY 1`,
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
  const byLanguage = new Map(languages.map((r) => [r.k, Number(r.n)]));
  return {
    sermonCount: [...byLanguage.values()].reduce((a, b) => a + b, 0),
    englishCount: byLanguage.get('en') ?? 0,
    totalSeconds: Number(totals[0]?.seconds ?? 0),
    byLanguage,
    byEventType: new Map(events.map((r) => [r.k, Number(r.n)])),
    byBook: new Map(books.map((r) => [Number(r.k), Number(r.n)])),
    staffPickCount: Number(totals[0]?.picks ?? 0),
    featuredCount: Number(totals[0]?.featured ?? 0),
    years: years.map((r) => r.y),
    computedAt: Date.now(),
  };
}

export function statsCache(db: Db, ttlMs = 10 * 60_000): StatsCache {
  let current: CatalogueStats | undefined;
  let pending: Promise<CatalogueStats> | undefined;
  const refresh = () => {
    pending ??= compute(db)
      .then((stats) => {
        current = stats;
        return stats;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  return {
    get() {
      if (!current) return refresh();
      if (Date.now() - current.computedAt > ttlMs) refresh().catch(() => {}); // serve stale meanwhile
      return Promise.resolve(current);
    },
    peek() {
      if (!current || Date.now() - current.computedAt > ttlMs) refresh().catch(() => {});
      return current;
    },
  };
}
