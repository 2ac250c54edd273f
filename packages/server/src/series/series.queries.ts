import type { SeriesListQuery } from '@kerygma/domain/catalogue-queries';
import { SERIES_COLUMNS } from '../catalogue/catalogue.queries.ts';
import { PUBLISHED } from '../catalogue/counts.ts';
import type { KeyColumn } from '../catalogue/keyset.ts';
import { type ListOptions, type Paged, pagedRows } from '../catalogue/paging.ts';
import type { SeriesRow, SpeakerRow } from '../catalogue/rows.ts';
import type { Db } from '../db/db.ts';
import { containsPattern } from '../db/like.ts';

const ORDERS: Record<SeriesListQuery['sort_by'], KeyColumn[]> = {
  last_updated: [
    { expr: 'se.updated_at', type: 'timestamptz', dir: 'DESC' },
    { expr: 'se.series_id', type: 'int8', dir: 'DESC' },
  ],
  newest_sermon_create_date: [
    { expr: 'se.created_at', type: 'timestamptz', dir: 'DESC' },
    { expr: 'se.series_id', type: 'int8', dir: 'DESC' },
  ],
  title: [
    { expr: 'se.title', type: 'text', dir: 'ASC' },
    { expr: 'se.series_id', type: 'int8', dir: 'ASC' },
  ],
  sermon_count_highest: [
    { expr: 'se.sermon_count', type: 'int', dir: 'DESC' },
    { expr: 'se.series_id', type: 'int8', dir: 'DESC' },
  ],
  sermon_count_lowest: [
    { expr: 'se.sermon_count', type: 'int', dir: 'ASC' },
    { expr: 'se.series_id', type: 'int8', dir: 'ASC' },
  ],
};

/** Series with their podcast speaker's name; `broadcasterId` undefined lists every broadcaster's. */
export function listSeries(
  db: Db,
  q: SeriesListQuery,
  broadcasterId: string | undefined,
  options: ListOptions = {},
): Promise<Paged<SeriesRow>> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['true'];
  if (broadcasterId !== undefined) where.push(`se.broadcaster_id = ${p(broadcasterId)}`);
  if (q.filterBy === 'podcast-enabled') where.push('se.podcast_enabled');
  if (q.filterBy === 'podcast-disabled') where.push('NOT se.podcast_enabled');
  const search = q.query ?? q.searchKeyword;
  if (search)
    where.push(
      // search_title: the title lower-cased and unaccented, with a trigram index (migration 0010).
      `se.search_title LIKE immutable_unaccent(${p(containsPattern(search))})`,
    );
  return pagedRows<SeriesRow>(db, {
    select: SERIES_COLUMNS,
    from: `FROM series se WHERE ${where.join(' AND ')}`,
    params,
    order: ORDERS[q.sort_by],
    page: q.page,
    pageSize: q.pageSize,
    cursor: q.cursor,
    ...options,
  });
}

/** A series by id, or by title within a broadcaster (existing clients address series by name). */
export async function seriesByIdOrTitle(db: Db, value: string, broadcasterId?: string): Promise<SeriesRow | undefined> {
  const byId = /^\d{1,18}$/.test(value);
  const [row] = await db.query<SeriesRow>(
    `SELECT ${SERIES_COLUMNS}
       FROM series se
      WHERE ${byId ? 'se.series_id = $1::int8' : 'lower(se.title) = lower($1)'}
        AND ($2::text IS NULL OR se.broadcaster_id = $2)
      ORDER BY se.updated_at DESC LIMIT 1`,
    [value, broadcasterId ?? null],
  );
  return row;
}

/** Speakers preaching in a series (published sermons), most sermons first. */
export function seriesSpeakers(db: Db, seriesId: number): Promise<SpeakerRow[]> {
  return db.query<SpeakerRow>(
    `SELECT sp.* FROM (SELECT speaker_id, count(*) n FROM sermon WHERE series_id = $1 AND ${PUBLISHED} GROUP BY speaker_id) c
       JOIN speaker sp USING (speaker_id) ORDER BY c.n DESC, sp.sort_name`,
    [seriesId],
  );
}
