import type { ListResponse } from '@kerygma/domain/catalogue';
import {
  type HymnDetail,
  type HymnListQuery,
  type HymnSummary,
  hymnSort,
  meterKey,
  type PsalmDetail,
  type PsalmSummary,
  type Tune,
} from '@kerygma/domain/hymnal';
import { listResponse, pagedResponse } from '../catalogue/paging.ts';
import type { Db } from '../db/db.ts';
import { invalid, notFound } from '../errors.ts';
import type { HymnViews } from './hymn-views.ts';
import {
  listSongs,
  type SongFilter,
  type SongRow,
  type SongTable,
  songById,
  type TuneRow,
  tunes,
} from './hymnal.queries.ts';

/** Rules of the hymnal and psalter calls (spec §7 node/discover/hymns…): which table, filters, not found. */

const tableOf = (psalter: boolean | undefined): SongTable => (psalter ? 'psalter_selection' : 'hymn');

const LISTS = {
  hymn: { nodeType: 'hymns', nodeDisplayName: 'Hymns', notFound: 'error.hymnNotFound' },
  psalter_selection: { nodeType: 'psalter', nodeDisplayName: 'Psalter', notFound: 'error.psalmNotFound' },
} as const;

/** A metre in a request ('8.6.8.6', '8 6 8 6', 'C.M.'), or a 400 naming the parameter. */
function requireMeter(name: string, value: string): string {
  const key = meterKey(value);
  if (!key) throw invalid({ [name]: { key: 'error.invalidParameter', params: { name, detail: 'not a metre' } } });
  return key;
}

/** A filter that the other book does not have is a mistake in the request, not an empty list. */
function filterOf(table: SongTable, q: HymnListQuery): SongFilter {
  const misplaced =
    table === 'hymn'
      ? q.psalm !== undefined
        ? 'psalm'
        : undefined
      : q.tuneID
        ? 'tuneID'
        : q.category
          ? 'category'
          : undefined;
  if (misplaced) {
    const detail = table === 'hymn' ? 'only with psalter=true' : 'only without psalter=true';
    throw invalid({ [misplaced]: { key: 'error.invalidParameter', params: { name: misplaced, detail } } });
  }
  return {
    keyword: q.searchKeyword ?? q.query,
    meterKey: q.meter ? requireMeter('meter', q.meter) : undefined,
    tuneID: q.tuneID,
    category: q.category,
    psalm: q.psalm,
  };
}

const summaryOf = (row: SongRow): HymnSummary | PsalmSummary => ({ ...row.summary, viewCount: row.view_count });

/** node/discover/hymns: hymns, or with `psalter` psalms, filtered, sorted and paged. */
export async function hymnList(
  db: Db,
  q: HymnListQuery,
  requestUrl: URL,
  filter: SongFilter = {},
): Promise<ListResponse<HymnSummary | PsalmSummary>> {
  const table = tableOf(q.psalter);
  const songFilter = { ...filterOf(table, q), ...filter };
  const paged = await listSongs(db, table, songFilter, {
    sort: hymnSort(q.sortBy, Boolean(songFilter.keyword)),
    page: q.page,
    pageSize: q.pageSize,
    cursor: q.cursor,
  });
  const { nodeType, nodeDisplayName } = LISTS[table];
  return pagedResponse(paged, q.page, requestUrl, nodeType, nodeDisplayName, summaryOf);
}

/** node/discover/hymns/{id}: one hymn, or with `psalter` one psalm; its view is counted. */
export async function hymnDetail(
  db: Db,
  views: HymnViews,
  id: string,
  psalter: boolean | undefined,
): Promise<HymnDetail | PsalmDetail> {
  const table = tableOf(psalter);
  const row = await songById(db, table, id);
  if (!row) throw notFound(LISTS[table].notFound);
  views.record(table, id);
  return { ...row.detail, viewCount: row.view_count };
}

function tuneDto(row: TuneRow): Tune {
  return {
    tuneID: row.tune_id,
    name: row.name,
    meter: row.meter,
    meterKey: row.meter_key,
    hymnIDs: row.hymn_ids,
    psalmCount: row.psalm_count,
    // No tune has a recording yet.
    hasAudio: false,
  };
}

const tuneList = (nodeType: string, rows: TuneRow[]) =>
  listResponse(nodeType, 'Tunes', rows.map(tuneDto), rows.length, null);

/** node/discover/hymns/metric/{metric}/tunes: the tunes of a metre (`psalter`: only those a psalm fits; `audioOnly`: with a recording). */
export async function tunesForMeter(
  db: Db,
  metric: string,
  options: { psalter?: boolean | undefined; audioOnly?: boolean | undefined },
): Promise<ListResponse<Tune>> {
  const rows = await tunes(db, { meterKey: requireMeter('metric', metric), psalterOnly: options.psalter });
  return tuneList('hymn_tunes', options.audioOnly ? [] : rows);
}

/** node/discover/hymns/psalter/tunes: the tunes that fit at least one psalm of the psalter. */
export async function psalterTunes(db: Db): Promise<ListResponse<Tune>> {
  return tuneList('psalter_tunes', await tunes(db, { psalterOnly: true }));
}

/** node/discover/hymns/tune/{tune}/psalms: the psalms in the tune's metre; 404 for an unknown tune. */
export async function psalmsForTune(
  db: Db,
  tuneID: string,
  q: HymnListQuery,
  requestUrl: URL,
): Promise<ListResponse<HymnSummary | PsalmSummary>> {
  const [tune] = await tunes(db, { tuneID });
  if (!tune) throw notFound('hymnal.tuneNotFound');
  // A tune of an irregular metre fits no psalm.
  const meter = tune.meter_key ?? '\u0000';
  return hymnList(db, { ...q, psalter: true, meter: undefined }, requestUrl, { meterKey: meter });
}
