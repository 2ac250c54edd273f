import type { Db } from '../db/db.ts';
import { catalogueAggregates } from './catalogue.queries.ts';

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

async function compute(db: Db): Promise<CatalogueStats> {
  const { languages, events, books, totals, years } = await catalogueAggregates(db);
  const byLanguage = new Map(languages.map((r) => [r.k, r.n]));
  return {
    sermonCount: [...byLanguage.values()].reduce((a, b) => a + b, 0),
    englishCount: byLanguage.get('en') ?? 0,
    totalSeconds: totals.seconds ?? 0,
    byLanguage,
    byEventType: new Map(events.map((r) => [r.k, r.n])),
    byBook: new Map(books.map((r) => [r.k, r.n])),
    staffPickCount: totals.picks,
    featuredCount: totals.featured,
    years,
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
