import type { ApiClient } from '@kerygma/api/client';
import type { Query } from '@kerygma/api/request';
import type { ListResponse, Speaker } from '@kerygma/domain/catalogue';
import { SPEAKER_LIST_SORTS } from '@kerygma/domain/query';
import { PAGE_SIZE } from './list-pages.ts';
import { oneOf } from './list-query.ts';
import { pageFrom } from './sermon-lists.ts';

/** The speaker lists (spec §2 "Speakers") and their API queries (spec §9 collections). */
export const SPEAKER_LISTS = {
  featured: { collection: 'featured' },
  choice: { collection: 'choice' },
  classic: { collection: 'classic' },
  puritans: { collection: 'puritan' },
  primary: { primary: true },
  alphabetical: {},
  search: {},
} as const satisfies Record<string, Query>;
export type SpeakerListKey = keyof typeof SPEAKER_LISTS;

export type SpeakerSort = (typeof SPEAKER_LIST_SORTS)[number];

/** The `sort` parameter when it is a speaker list sort (spec §9: newest, sermon-count, name). */
export function speakerSortParam(url: URL): SpeakerSort | undefined {
  return oneOf(url, 'sort', SPEAKER_LIST_SORTS);
}

export type SpeakerPage = {
  page: number;
  sort: SpeakerSort;
  list: ListResponse<Speaker>;
};

/** One page (25) of speakers matching `query`, sorted by the page's `sort` parameter (by name without one). */
export async function loadSpeakers(api: ApiClient, url: URL, query: Query): Promise<SpeakerPage> {
  const page = pageFrom(url);
  const sort = speakerSortParam(url) ?? 'name';
  const list = await api.speakers({ ...query, sortBy: sort, page, pageSize: PAGE_SIZE });
  return { page, sort, list };
}
