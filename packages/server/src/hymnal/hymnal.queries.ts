import type { HymnDetail, HymnSort, HymnSummary, PsalmDetail, PsalmSummary } from '@kerygma/domain/hymnal';
import type { KeyColumn } from '../catalogue/keyset.ts';
import { type Paged, pagedRows } from '../catalogue/paging.ts';
import type { Db } from '../db/db.ts';
import { containsPattern } from '../db/like.ts';

/**
 * SQL of the hymnal and psalter. The two tables share their list columns (migration 0023), so
 * each query here serves both; only the table's own filters (tune, section; psalm) differ.
 */
export type SongTable = 'hymn' | 'psalter_selection';

export type SongFilter = {
  keyword?: string | undefined;
  meterKey?: string | undefined;
  /** hymn only */
  tuneID?: string | undefined;
  /** hymn only, any case */
  category?: string | undefined;
  /** psalter_selection only */
  psalm?: number | undefined;
};

/** A hymn's or psalm's list entry as stored (jsonb, written by hymnal-data.ts), and its views. */
export type SongRow = { summary: Omit<HymnSummary, 'viewCount'> | Omit<PsalmSummary, 'viewCount'>; view_count: number };

const ORDERS: Record<Exclude<HymnSort, 'relevance'>, readonly KeyColumn[]> = {
  alphabetical: [
    { expr: 's.sort_key', type: 'text', dir: 'ASC' },
    { expr: 's.seq', type: 'integer', dir: 'ASC' },
  ],
  popular: [
    { expr: 's.view_count', type: 'integer', dir: 'DESC' },
    { expr: 's.sort_key', type: 'text', dir: 'ASC' },
    { expr: 's.seq', type: 'integer', dir: 'ASC' },
  ],
  number: [
    { expr: 's.number', type: 'integer', dir: 'ASC' },
    { expr: 's.seq', type: 'integer', dir: 'ASC' },
  ],
};

/** A page of hymns or psalms, keyset-paged like every list; totals are exact (the tables are small). */
export function listSongs(
  db: Db,
  table: SongTable,
  filter: SongFilter,
  list: { sort: HymnSort; page: number; pageSize: number; cursor: string | undefined },
): Promise<Paged<SongRow>> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  let rank: string | undefined;
  if (filter.keyword) {
    // Words (stemmed or as written) anywhere, or the text within a title, first line or name.
    const query = `hymn_search_query(${param(filter.keyword)})`;
    rank = `ts_rank(s.search, ${query})`;
    where.push(
      `(s.search @@ ${query} OR ` +
        `immutable_unaccent(lower(s.search_names)) LIKE immutable_unaccent(${param(containsPattern(filter.keyword))}))`,
    );
  }
  if (filter.meterKey) where.push(`s.meter_key = ${param(filter.meterKey)}`);
  if (filter.tuneID) where.push(`s.tune_id = ${param(filter.tuneID)}`);
  if (filter.category) where.push(`lower(s.category) = lower(${param(filter.category)})`);
  if (filter.psalm) where.push(`s.number = ${param(filter.psalm)}`);
  // Relevance: words in the title and first line before names, topics and the words of stanzas.
  const order: readonly KeyColumn[] =
    list.sort !== 'relevance'
      ? ORDERS[list.sort]
      : rank
        ? [{ expr: rank, type: 'real', dir: 'DESC' }, ...ORDERS.alphabetical]
        : ORDERS.alphabetical;
  return pagedRows<SongRow>(db, {
    select: 's.summary, s.view_count',
    from: `FROM ${table} s WHERE ${where.length ? where.join(' AND ') : 'true'}`,
    params,
    order,
    page: list.page,
    pageSize: list.pageSize,
    cursor: list.cursor,
    // Exact totals: a whole table is at most a few hundred rows.
    countCap: 100_000,
  });
}

export type SongDetailRow = {
  detail: Omit<HymnDetail, 'viewCount'> | Omit<PsalmDetail, 'viewCount'>;
  view_count: number;
};

/** One hymn or psalm by its URL id. */
export async function songById(db: Db, table: SongTable, id: string): Promise<SongDetailRow | undefined> {
  const [row] = await db.query<SongDetailRow>(`SELECT detail, view_count FROM ${table} WHERE id = $1`, [id], {
    prepare: true,
  });
  return row;
}

export type TuneRow = {
  tune_id: string;
  name: string;
  meter: string;
  meter_key: string | null;
  hymn_ids: number[];
  psalm_count: number;
};

/**
 * Tunes with the number of psalter selections in their metre: those of one metre, one tune by
 * id, or (`psalterOnly`) only tunes some psalm can be sung to. In the order of their ids.
 */
export function tunes(
  db: Db,
  filter: { meterKey?: string; tuneID?: string; psalterOnly?: boolean },
): Promise<TuneRow[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.meterKey !== undefined) {
    params.push(filter.meterKey);
    where.push(`t.meter_key = $${params.length}`);
  }
  if (filter.tuneID !== undefined) {
    params.push(filter.tuneID);
    where.push(`t.tune_id = $${params.length}`);
  }
  if (filter.psalterOnly) where.push('p.n > 0');
  return db.query<TuneRow>(
    `SELECT t.tune_id, t.name, t.meter, t.meter_key, t.hymn_ids, coalesce(p.n, 0)::int AS psalm_count
       FROM hymn_tune t
       LEFT JOIN (SELECT meter_key, count(*)::int AS n FROM psalter_selection
                   WHERE meter_key IS NOT NULL GROUP BY meter_key) p ON p.meter_key = t.meter_key
      WHERE ${where.length ? where.join(' AND ') : 'true'}
      ORDER BY t.tune_id COLLATE "C"`,
    params,
  );
}

/** Adds counted views to hymns and psalms, in one transaction. */
export async function addViews(db: Db, views: { table: SongTable; id: string; n: number }[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of ['hymn', 'psalter_selection'] as const) {
      const mine = views.filter((v) => v.table === table);
      if (mine.length === 0) continue;
      await tx.query(
        `UPDATE ${table} s SET view_count = s.view_count + v.n
           FROM unnest($1::text[], $2::integer[]) AS v(id, n) WHERE s.id = v.id`,
        [mine.map((v) => v.id), mine.map((v) => v.n)],
      );
    }
  });
}
