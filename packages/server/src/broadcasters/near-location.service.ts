import type { ListResponse } from '@kerygma/domain/catalogue';
import type { NearbyBroadcaster } from '@kerygma/domain/contracts/broadcasters';
import { broadcasterDto, type Urls } from '../catalogue/dto.ts';
import { pagedResponse } from '../catalogue/paging.ts';
import type { Db } from '../db/db.ts';
import { broadcastersNear, type NearQuery } from './near-location.queries.ts';

/** GET node/broadcasters/near_location: the broadcasters near a place, nearest first, in the list envelope. */
export async function broadcastersNearLocation(
  db: Db,
  q: NearQuery,
  urls: Urls,
  requestUrl: URL,
): Promise<ListResponse<NearbyBroadcaster>> {
  const paged = await broadcastersNear(db, q);
  return pagedResponse(paged, q.page, requestUrl, 'broadcasters_near_location', 'Broadcasters', (row) => ({
    broadcaster: broadcasterDto(row, urls),
    meters: Number(row.meters),
  }));
}
