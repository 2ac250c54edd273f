import type { ListResponse, Series } from '@kerygma/domain/catalogue';
import type { SeriesListQuery } from '@kerygma/domain/catalogue-queries';
import { seriesDto, speakerDto, type Urls } from '../catalogue/dto.ts';
import { type ListOptions, listResponse, pagedResponse } from '../catalogue/paging.ts';
import type { SeriesRow } from '../catalogue/rows.ts';
import type { Db } from '../db/db.ts';
import { notFound } from '../errors.ts';
import { listSeries, seriesByIdOrTitle, seriesSpeakers } from './series.queries.ts';

export async function seriesList(
  db: Db,
  q: SeriesListQuery,
  broadcasterId: string | undefined,
  urls: Urls,
  requestUrl: URL,
  nodeType = 'series_list',
  options: ListOptions = {},
): Promise<ListResponse<Series>> {
  const paged = await listSeries(db, q, broadcasterId, options);
  return pagedResponse(paged, q.page, requestUrl, nodeType, 'Series', (row) => seriesDto(row, urls));
}

async function requireSeries(db: Db, idOrTitle: string, broadcasterId?: string): Promise<SeriesRow> {
  const row = await seriesByIdOrTitle(db, idOrTitle, broadcasterId);
  if (!row) throw notFound('error.seriesNotFound');
  return row;
}

export async function seriesDetail(db: Db, idOrTitle: string, urls: Urls, broadcasterId?: string): Promise<Series> {
  return seriesDto(await requireSeries(db, idOrTitle, broadcasterId), urls);
}

export async function seriesSpeakerList(db: Db, idOrTitle: string, broadcasterId: string, urls: Urls) {
  const series = await requireSeries(db, idOrTitle, broadcasterId);
  const results = (await seriesSpeakers(db, series.series_id)).map((row) => speakerDto(row, urls));
  return listResponse('speakers_list', 'Speakers', results, results.length, null);
}
