/** Spec §4 publish state: Draft (no publishTimestamp), Scheduled (in the future), Published. */
export type PublishState = 'draft' | 'scheduled' | 'published';

export function publishState(publishTimestamp: number | null, nowSeconds = Date.now() / 1000): PublishState {
  if (publishTimestamp === null) return 'draft';
  return publishTimestamp > nowSeconds ? 'scheduled' : 'published';
}

/** The list's state filter as the sermon list's query says it. */
export const STATE_QUERY: Record<
  PublishState | 'all',
  { includeDrafts: boolean; includeScheduled: boolean; includePublished: boolean }
> = {
  all: { includeDrafts: true, includeScheduled: true, includePublished: true },
  draft: { includeDrafts: true, includeScheduled: false, includePublished: false },
  scheduled: { includeDrafts: false, includeScheduled: true, includePublished: false },
  published: { includeDrafts: false, includeScheduled: false, includePublished: true },
};
