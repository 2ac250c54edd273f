/**
 * The one place catalogue changes are announced (issue 24 item 9). A write that changes what
 * the public sees (a sermon published, edited, taken down, deleted or restored; a speaker or
 * series edited) announces it here once its transaction has committed; what keeps copies of
 * the catalogue listens and drops only what the change touches: the page cache (pages tagged
 * with the sermons, broadcasters, speakers and series they show, site/page-cache.ts), the
 * entity cache (catalogue/entity-cache.ts) and the sitemaps' summary. Search reads the database
 * (its vectors are kept by triggers and the sermon-vectors job), so it needs no telling.
 */

export type CatalogueChange = {
  sermonIds?: readonly string[];
  broadcasterIds?: readonly string[];
  speakerIds?: readonly number[];
  seriesIds?: readonly number[];
  /** What is published changed (not only an item's fields): every public list may change too. */
  listed?: boolean;
};

export type CatalogueListener = (change: CatalogueChange) => void;

export type CatalogueChanges = {
  announce(change: CatalogueChange): void;
  /** Returns the function that stops listening. */
  subscribe(listener: CatalogueListener): () => void;
};

export function catalogueChanges(): CatalogueChanges {
  const listeners = new Set<CatalogueListener>();
  return {
    announce(change) {
      for (const listener of listeners) listener(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The cache tags of pages that show an item, or a list of sermons not limited to one item. */
export const CACHE_TAGS = {
  sermon: (id: string) => `sermon:${id}`,
  broadcaster: (id: string) => `broadcaster:${id.toLowerCase()}`,
  speaker: (id: number | string) => `speaker:${id}`,
  series: (id: number | string) => `series:${id}`,
  /** Lists across the catalogue (home, all sermons, search, discovery). */
  lists: 'sermon-lists',
} as const;

/** The tags of the pages a change touches. */
export function changeTags(change: CatalogueChange): string[] {
  return [
    ...(change.sermonIds ?? []).map(CACHE_TAGS.sermon),
    ...(change.broadcasterIds ?? []).map(CACHE_TAGS.broadcaster),
    ...(change.speakerIds ?? []).map(CACHE_TAGS.speaker),
    ...(change.seriesIds ?? []).map(CACHE_TAGS.series),
    ...(change.listed ? [CACHE_TAGS.lists] : []),
  ];
}
