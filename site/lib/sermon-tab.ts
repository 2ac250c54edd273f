import type { MessageKey } from '@kerygma/i18n/t';

/** The orders of a broadcaster's or a speaker's sermons tab, newest first unless asked, with their labels. */
export const TAB_SERMON_SORTS = ['newest', 'oldest', 'title'] as const;
export type TabSermonSort = (typeof TAB_SERMON_SORTS)[number];

export const TAB_SERMON_SORT_LABELS: Readonly<Record<TabSermonSort, MessageKey>> = {
  newest: 'catalog.sort.newest',
  oldest: 'catalog.sort.oldest',
  title: 'catalog.sort.title',
};
