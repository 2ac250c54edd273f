/**
 * The one place catalogue changes are announced (issue 24 item 9). A write that changes what
 * the public sees (a sermon published, edited, taken down, deleted or restored; a speaker or
 * series edited) announces it here once its transaction has committed; what keeps copies of
 * the catalogue listens and drops only what the change touches: the page cache (pages tagged
 * with the sermons, broadcasters, speakers and series they show, site/page-cache.ts), the
 * entity cache (catalogue/entity-cache.ts) and the sitemaps' summary. Search reads the database
 * (its vectors are kept by triggers and the sermon-vectors job), so it needs no telling.
 */

import { randomUUID } from 'node:crypto';
import { type ListenLog, listenPostgres } from '../db/postgres-listen.ts';

export type CatalogueChange = {
  sermonIds?: readonly string[];
  broadcasterIds?: readonly string[];
  speakerIds?: readonly number[];
  seriesIds?: readonly number[];
  /** What is published changed (not only an item's fields): every public list may change too. */
  listed?: boolean;
  /** A webcast went live, offline or ended: the pages listing webcasts in progress change. */
  webcasts?: boolean;
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

const CHANNEL = 'kerygma_catalogue';
/** NOTIFY payloads must stay under 8,000 bytes: a change naming more sermons is sent in parts. */
const IDS_PER_NOTICE = 200;

/**
 * The processes on one PostgreSQL database share their changes (several web processes, a
 * `--role worker` publishing scheduled sermons or saving encodes): each change announced here
 * is also sent with NOTIFY, and each process announces the others' to its own listeners. A
 * process that lost its LISTEN connection misses the changes made meanwhile: its pages stay as
 * they were until their time-to-live (PAGE_CACHE_TTL_SECONDS), which bounds the staleness.
 */
export async function sharedCatalogueChanges(
  local: CatalogueChanges,
  postgres: { url: string; notify: (channel: string, payload: string) => Promise<unknown>; log?: ListenLog },
): Promise<{ changes: CatalogueChanges; stop: () => Promise<void> }> {
  const origin = randomUUID();
  const stop = await listenPostgres(
    postgres.url,
    CHANNEL,
    {
      onMessage: (payload) => {
        const notice = JSON.parse(payload) as { origin: string; change: CatalogueChange };
        if (notice.origin !== origin) local.announce(notice.change);
      },
    },
    { log: postgres.log },
  );
  const send = (change: CatalogueChange) =>
    postgres.notify(CHANNEL, JSON.stringify({ origin, change })).catch((err: Error) => {
      postgres.log?.warn({ err }, 'could not share a catalogue change with the other processes');
    });
  return {
    changes: {
      announce(change) {
        local.announce(change);
        const { sermonIds = [], ...rest } = change;
        if (sermonIds.length <= IDS_PER_NOTICE) return void send(change);
        for (let i = 0; i < sermonIds.length; i += IDS_PER_NOTICE) {
          void send({ ...rest, sermonIds: sermonIds.slice(i, i + IDS_PER_NOTICE) });
        }
      },
      subscribe: local.subscribe,
    },
    stop,
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
  /** The webcasts in progress and the replays (webcasts/webcast-changes.ts). */
  webcasts: 'webcasts',
} as const;

/** The tags of the pages a change touches. */
export function changeTags(change: CatalogueChange): string[] {
  return [
    ...(change.sermonIds ?? []).map(CACHE_TAGS.sermon),
    ...(change.broadcasterIds ?? []).map(CACHE_TAGS.broadcaster),
    ...(change.speakerIds ?? []).map(CACHE_TAGS.speaker),
    ...(change.seriesIds ?? []).map(CACHE_TAGS.series),
    ...(change.listed ? [CACHE_TAGS.lists] : []),
    ...(change.webcasts ? [CACHE_TAGS.webcasts] : []),
  ];
}
