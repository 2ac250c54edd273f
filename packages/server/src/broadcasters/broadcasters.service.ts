import type { Broadcaster, ListResponse, LiteBroadcaster } from '@kerygma/domain/catalogue';
import { broadcasterDto, liteBroadcasterDto, speakerDto, type Urls } from '../catalogue/dto.ts';
import type { EntityCache } from '../catalogue/entity-cache.ts';
import { type ListOptions, listResponse, pagedResponse } from '../catalogue/paging.ts';
import type { Db } from '../db/db.ts';
import { notFound } from '../errors.ts';
import {
  type BroadcasterList,
  broadcasterById,
  listBroadcasters,
  speakerSermonCounts,
} from './broadcasters.queries.ts';

/**
 * A broadcaster's page data: primarySpeakers are display names (spec §3); primarySpeakerIDs the
 * same speakers' ids in the same order, so links go to the speaker's id page without the
 * name's redirect.
 */
export type BroadcasterDetail = Broadcaster & {
  primarySpeakers: string[];
  primarySpeakerIDs: number[];
  soloSite: null;
  followed: null;
};

export async function broadcasterList(
  db: Db,
  q: BroadcasterList,
  urls: Urls,
  requestUrl: URL,
  nodeType = 'broadcasters_list',
  options: ListOptions = {},
): Promise<ListResponse<Broadcaster | LiteBroadcaster>> {
  const paged = await listBroadcasters(db, q, options);
  return pagedResponse(paged, q.page, requestUrl, nodeType, 'Broadcasters', (row) =>
    q.lite ? liteBroadcasterDto(row, urls) : broadcasterDto(row, urls),
  );
}

/** A broadcaster by id, looked up lower-case (spec §3). */
export async function broadcasterDetail(
  db: Db,
  id: string,
  lite: boolean,
  urls: Urls,
): Promise<BroadcasterDetail | LiteBroadcaster> {
  const row = await broadcasterById(db, id);
  if (!row) throw notFound('error.broadcasterNotFound');
  if (lite) return liteBroadcasterDto(row, urls);
  return {
    ...broadcasterDto(row, urls),
    primarySpeakers: row.primary_speakers,
    primarySpeakerIDs: row.primary_speaker_ids,
    soloSite: null,
    followed: null,
  };
}

/** The stored (lower-case) id of an existing broadcaster, else 404 'Broadcaster not found'. */
export async function requireBroadcaster(entities: EntityCache, id: string): Promise<string> {
  const key = id.toLowerCase();
  if (!(await entities.broadcasters([key])).has(key)) throw notFound('error.broadcasterNotFound');
  return key;
}

export async function broadcasterSpeakerCounts(db: Db, entities: EntityCache, id: string, urls: Urls) {
  const broadcasterId = await requireBroadcaster(entities, id);
  const rows = await speakerSermonCounts(db, broadcasterId);
  const results = rows.map((row) => ({
    speaker: row.display_name,
    speakerID: row.speaker_id,
    count: row.broadcaster_sermon_count,
    speakerDetail: speakerDto(row, urls),
  }));
  return listResponse('speaker_sermon_counts', 'Speakers', results, results.length, null);
}
