import type { ApiClient } from '@kerygma/api/client';
import type { Query } from '@kerygma/api/request';
import type { ListResponse, Speaker } from '@kerygma/domain/catalogue';
import { SPEAKER_LIST_SORTS } from '@kerygma/domain/query';
import { oneOf } from '../../lib/list-query.ts';
import { PAGE_SIZE, pageFrom } from '../broadcasters/_lib.ts';

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
export function sortParam(url: URL): SpeakerSort | undefined {
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
  const sort = sortParam(url) ?? 'name';
  const list = await api.speakers({ ...query, sortBy: sort, page, pageSize: PAGE_SIZE });
  return { page, sort, list };
}

/** Letters of the alphabetical bar; '#' collects names that do not start with A–Z. */
export const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const;

/** A letter from the path ('a' → 'A', '#'), or undefined for none or anything else. */
export function letterParam(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const upper = (/^%23$/i.test(value) ? '#' : value).toUpperCase();
  return (LETTERS as readonly string[]).includes(upper) ? upper : undefined;
}
