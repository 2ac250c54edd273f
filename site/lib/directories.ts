import type { ListResponse, Series, Speaker } from '@kerygma/domain/catalogue';
import type { MessageKey } from '@kerygma/i18n/t';
import { BROADCASTER_LISTS, type BroadcasterListKey, type BroadcasterSort } from './broadcaster-lists.ts';
import type { BroadcasterRow } from './broadcasters.ts';
import { PAGE_SIZE, SERIES_PAGE_SIZE } from './list-pages.ts';
import type { SeriesSort } from './series-lists.ts';
import { SPEAKER_LISTS, type SpeakerListKey, type SpeakerSort } from './speaker-lists.ts';

/**
 * The three directories (broadcasters, speakers, series): what a directory page shows, and each
 * directory's list navigation, sort choices, page size and search form, which
 * components/Directory.astro renders.
 */

/** The series lists, in the order of their navigation. */
export const SERIES_LISTS = ['recent', 'picks', 'podcasts', 'search'] as const;
export type SeriesListKey = (typeof SERIES_LISTS)[number];

/**
 * A directory page's body: title and hint, the list (undefined: nothing asked yet, e.g. an empty
 * search) with its page and sort (undefined: no sort choices), a letter bar (undefined: none;
 * null: no letter chosen) and a search form with its value.
 */
export type DirectoryProps = {
  title: string;
  hint?: string | undefined;
  page?: number | undefined;
  letter?: string | null | undefined;
  search?: { value: string; error?: string | undefined } | undefined;
} & (
  | {
      kind: 'broadcasters';
      current: BroadcasterListKey | 'index';
      list?: ListResponse<BroadcasterRow> | undefined;
      sort?: BroadcasterSort | undefined;
    }
  | {
      kind: 'speakers';
      current: SpeakerListKey | 'index';
      list?: ListResponse<Speaker> | undefined;
      sort?: SpeakerSort | undefined;
    }
  | {
      kind: 'series';
      current: SeriesListKey;
      list?: ListResponse<Series> | undefined;
      /** Broadcaster names by id (series answers carry only the id). */
      names?: Record<string, string> | undefined;
      sort?: SeriesSort | undefined;
    }
);
export type DirectoryKind = DirectoryProps['kind'];

type Choice = { key: string; label: MessageKey };

type Directory = {
  lists: readonly Choice[];
  listsLabel: MessageKey;
  sorts: readonly Choice[];
  pageSize: number;
  /** The search form: its accessible name, the label of its field and the field's id. */
  search: { name: MessageKey; label: MessageKey; id: string };
};

export const DIRECTORIES: Readonly<Record<DirectoryKind, Directory>> = {
  broadcasters: {
    lists: BROADCASTER_LISTS.map((key) => ({ key, label: `catalog.broadcasters.lists.${key}` })),
    listsLabel: 'catalog.broadcasters.listsLabel',
    sorts: [
      { key: 'alphabetical', label: 'catalog.sort.name' },
      { key: 'newest', label: 'catalog.sort.newest' },
    ],
    pageSize: PAGE_SIZE,
    search: {
      name: 'catalog.broadcasters.searchLabel',
      label: 'catalog.broadcasters.searchLabel',
      id: 'broadcaster-search',
    },
  },
  speakers: {
    lists: (Object.keys(SPEAKER_LISTS) as SpeakerListKey[]).map((key) => ({
      key,
      label: `catalog.speakers.lists.${key}`,
    })),
    listsLabel: 'catalog.speakers.listsLabel',
    sorts: [
      { key: 'name', label: 'catalog.sort.name' },
      { key: 'newest', label: 'catalog.sort.newest' },
      { key: 'sermon-count', label: 'catalog.sort.sermonCount' },
    ],
    pageSize: PAGE_SIZE,
    search: { name: 'catalog.speakers.lists.search', label: 'catalog.speakers.searchLabel', id: 'speaker-search' },
  },
  series: {
    lists: SERIES_LISTS.map((key) => ({ key, label: `catalog.series.lists.${key}` })),
    listsLabel: 'catalog.series.listsLabel',
    sorts: [
      { key: 'recent', label: 'catalog.sort.updated' },
      { key: 'title', label: 'catalog.sort.title' },
      { key: 'count', label: 'catalog.sort.sermonCount' },
    ],
    pageSize: SERIES_PAGE_SIZE,
    search: { name: 'catalog.series.lists.search', label: 'catalog.series.searchLabel', id: 'series-search' },
  },
};

/** The sort a directory list has without a `sort` parameter (its sort links leave it out). */
export function defaultSort({ kind, current }: Pick<DirectoryProps, 'kind' | 'current'>): string {
  if (kind === 'speakers') return 'name';
  if (kind === 'series') return 'recent';
  return current === 'newest' ? 'newest' : 'alphabetical';
}

/** The directory props of one directory. */
export type DirectoryOf<K extends DirectoryKind> = Extract<DirectoryProps, { kind: K }>;

/** The number of a page's first row (its list's `start`): 26 on the second page of 25. */
export function firstRow({ kind, page = 1 }: Pick<DirectoryProps, 'kind' | 'page'>): number {
  return (page - 1) * DIRECTORIES[kind].pageSize + 1;
}
