import type { Sermon } from '@kerygma/domain/catalogue';
import type { HighlightedSermons } from '@kerygma/domain/contracts/broadcasters';
import type { Urls } from '../catalogue/dto.ts';
import type { EntityCache } from '../catalogue/entity-cache.ts';
import type { Db } from '../db/db.ts';
import { sermonDetail } from '../sermons/sermons.service.ts';
import { requireBroadcaster } from './broadcasters.service.ts';
import { highlightedSermonsOf } from './highlighted-sermons.queries.ts';

/**
 * GET node/broadcasters/{id}/highlighted_sermons (spec §3 Broadcaster "highlighted sermons"):
 * the object itself, not a list; every key null for a broadcaster that highlights nothing.
 */
export async function highlightedSermons(
  db: Db,
  entities: EntityCache,
  id: string,
  urls: Urls,
): Promise<HighlightedSermons> {
  const row = await highlightedSermonsOf(db, await requireBroadcaster(entities, id));
  return {
    sortOrder: (row?.sort_order ?? null) as HighlightedSermons['sortOrder'],
    sortTitle: row?.sort_title ?? null,
    audioTitle: row?.audio_title ?? null,
    audioSermon: row?.sermon_id ? ((await sermonDetail(db, entities, row.sermon_id, false, urls)) as Sermon) : null,
  };
}
