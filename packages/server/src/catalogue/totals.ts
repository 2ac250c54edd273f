import type { Db } from '../db/db.ts';

/**
 * How a list's `totalCount` is settled, for every list (README "Running at scale"), so that no
 * request counts millions of rows. In order, the first that applies:
 * 1. the page shows the list's end: the rows before it and on it;
 * 2. the page's own query counted the matches (a relevance search over few matches);
 * 3. a count the catalogue keeps (a list filtered by one thing only: kept counts);
 * 4. a list that counts at most `cap` rows (search's side lists, '100+');
 * 5. a one-word search PostgreSQL expects ESTIMATED_TOTAL_FROM or more matches of: its estimate;
 * 6. more than ESTIMATE_ONLY_ABOVE rows expected: the planner's estimate;
 * 7. else counted, exact up to EXACT_COUNT_LIMIT, and the estimate above that.
 */

/** Totals are counted exactly up to this many rows. */
export const EXACT_COUNT_LIMIT = 10_000;

/** Above this many expected rows the planner's estimate is the total; no counting at all. */
export const ESTIMATE_ONLY_ABOVE = 50_000;

/**
 * From this many expected matches PostgreSQL's estimate is a one-word search's total, instead
 * of counting 10,001 of them to show '10k+' (spec §9): the estimate of one search term was
 * within 10% of its matches for every word measured at 2.1M sermons (bench/README.md), so
 * 12,000 expected means over 10,000 found.
 */
const ESTIMATED_TOTAL_FROM = 12_000;

/** How long an estimate is reused: the planner's statistics change only when a table is analysed. */
export const ESTIMATE_TTL_MS = 5 * 60_000;
const MAX_ESTIMATES = 5_000;
/** Estimates by database and query text with its parameters. */
const estimates = new WeakMap<Db, Map<string, { rows: number; at: number }>>();

/** The rows a list's filter matches: a FROM ... WHERE ... fragment and its parameters. */
export type Matching = { from: string; params: readonly unknown[] };

/**
 * A full-text search in a list: `alone` when it is the list's only filter (PostgreSQL estimates
 * several words, or other filters, as if unrelated, which can be far off).
 */
export type SearchTerms = { text: string; languageCode: string; alone: boolean };

/**
 * PostgreSQL's estimate of the rows matching: planning only, kept for ESTIMATE_TTL_MS, since
 * planning a full-text query is a search's largest step after running it (0.5 ms at 2.1M
 * sermons) and gives the same answer until the statistics change.
 */
export async function estimateRows(db: Db, { from, params }: Matching): Promise<number> {
  let byQuery = estimates.get(db);
  if (!byQuery) {
    byQuery = new Map();
    estimates.set(db, byQuery);
  }
  const key = `${from}\u0000${JSON.stringify(params)}`;
  const kept = byQuery.get(key);
  if (kept && Date.now() - kept.at < ESTIMATE_TTL_MS) return kept.rows;
  const [plan] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) SELECT 1 ${from}`, params);
  const json = plan?.['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: { 'Plan Rows': number } }];
  const rows = Math.round(parsed[0].Plan['Plan Rows']);
  if (byQuery.size >= MAX_ESTIMATES) byQuery.clear();
  byQuery.set(key, { rows, at: Date.now() });
  return rows;
}

/** Rows matching, counted up to `cap` (so the answer is min(matches, cap)); no estimate. */
export async function cappedCount(db: Db, { from, params }: Matching, cap: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ${cap}) capped`,
    params,
  );
  return row?.n ?? 0;
}

/**
 * A search's total taken from `estimate`, or undefined when it must be counted: the search must
 * be the only filter and one word. A word whose stemmed and verbatim forms differ ('abund' |
 * 'abundant') is estimated as if each form matched other sermons, up to twice its matches, so
 * it needs twice as many expected.
 */
export async function searchEstimate(db: Db, search: SearchTerms, estimate: number): Promise<number | undefined> {
  if (!search.alone || estimate < ESTIMATED_TOTAL_FROM || /\s/.test(search.text.trim())) return undefined;
  if (estimate >= 2 * ESTIMATED_TOTAL_FROM) return estimate;
  // One term: the stemmed and verbatim forms are the same (0017's function then uses it once).
  const [query] = await db.query<{ terms: number }>(
    'SELECT numnode(sermon_search_query($1, $2)) AS terms',
    [search.languageCode, search.text],
    { prepare: true },
  );
  return query?.terms === 1 ? estimate : undefined;
}

/** A page of a list, and what is known of its total besides (see the steps above). */
export type TotalOf = {
  matching: Matching;
  page: number;
  pageSize: number;
  /** Rows the page holds. */
  rows: number;
  /** Every match, when the page's query counted them. */
  counted?: number | undefined;
  /** A count the catalogue keeps for this list, if it keeps one. */
  kept?: () => Promise<number | undefined>;
  /** Count at most this many. */
  cap?: number | undefined;
  /** PostgreSQL's estimate, when the page's query already asked for it. */
  estimate?: number | undefined;
  search?: SearchTerms | undefined;
};

/** The list's totalCount, by the steps above. */
export async function listTotal(db: Db, list: TotalOf): Promise<number> {
  const offset = (list.page - 1) * list.pageSize;
  if (list.rows < list.pageSize && (list.page === 1 || list.rows > 0)) return offset + list.rows;
  if (list.counted !== undefined) return list.counted;
  const kept = await list.kept?.();
  if (kept !== undefined) return kept;
  if (list.cap !== undefined) return cappedCount(db, list.matching, list.cap);
  const estimate = list.estimate ?? (await estimateRows(db, list.matching));
  const searched = list.search && (await searchEstimate(db, list.search, estimate));
  if (searched !== undefined) return searched;
  if (estimate > ESTIMATE_ONLY_ABOVE) return estimate;
  const exact = await cappedCount(db, list.matching, EXACT_COUNT_LIMIT + 1);
  return exact <= EXACT_COUNT_LIMIT ? exact : Math.max(EXACT_COUNT_LIMIT + 1, estimate);
}
