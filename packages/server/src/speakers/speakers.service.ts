import type { ListResponse, Speaker } from '@kerygma/domain/catalogue';
import type { SpeakerBroadcastersQuery, SpeakerListQuery } from '@kerygma/domain/catalogue-queries';
import { liteBroadcasterDto, speakerDto, type Urls } from '../catalogue/dto.ts';
import { type ListOptions, listResponse, nextUrl, pagedResponse } from '../catalogue/paging.ts';
import type { Db } from '../db/db.ts';
import { notFound } from '../errors.ts';
import {
  highlightedSpeakers,
  listSpeakers,
  speakerBroadcasters,
  speakerByIdOrName,
  speakerLines,
} from './speakers.queries.ts';

export async function speakerList(
  db: Db,
  q: SpeakerListQuery,
  urls: Urls,
  requestUrl: URL,
  nodeType = 'speakers_list',
  options: ListOptions = {},
): Promise<ListResponse<Speaker>> {
  const paged = await listSpeakers(db, q, options);
  return pagedResponse(paged, q.page, requestUrl, nodeType, 'Speakers', (row) => speakerDto(row, urls));
}

export async function speakerDetail(db: Db, idOrName: string, urls: Urls): Promise<Speaker> {
  const row = await speakerByIdOrName(db, idOrName);
  if (!row) throw notFound('error.speakerNotFound');
  return speakerDto(row, urls);
}

export async function speakerBroadcasterList(
  db: Db,
  idOrName: string,
  query: SpeakerBroadcastersQuery,
  urls: Urls,
  requestUrl: URL,
) {
  const speaker = await speakerByIdOrName(db, idOrName);
  if (!speaker) throw notFound('error.speakerNotFound');
  const offset = (query.page - 1) * query.pageSize;
  const rows = await speakerBroadcasters(db, speaker.speaker_id, { limit: query.pageSize, offset });
  const results = rows.map((row) => ({
    ...liteBroadcasterDto(row, urls),
    sermonCount: row.speaker_sermon_count,
  }));
  // Past the last page there is no row to carry the total.
  const total = rows[0]?.total ?? (query.page === 1 ? 0 : null);
  const next = total !== null && offset + rows.length < total ? nextUrl(requestUrl, query.page, undefined) : null;
  return listResponse('speaker_broadcasters', 'Broadcasters', results, total, next);
}

export async function highlightedSpeakerList(db: Db, urls: Urls, limit: number) {
  const results = (await highlightedSpeakers(db, limit)).map((row) => speakerDto(row, urls));
  return listResponse('highlighted_speakers', 'Speakers', results, results.length, null);
}

/** CRLF-separated `id|sortName|isPrimary` lines. */
export async function speakerListText(db: Db): Promise<string> {
  const rows = await speakerLines(db);
  return rows.map((r) => `${r.speaker_id}|${r.sort_name}|${r.is_primary ? 1 : 0}`).join('\r\n');
}
