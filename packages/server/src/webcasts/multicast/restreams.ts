import type { Db } from '../../db/db.ts';
import {
  autoStartMulticasts,
  insertRestreamEvent,
  type MulticastRow,
  setMulticastStatus,
  stopStaleStatuses,
} from './multicast.queries.ts';
import { type Restream, type RestreamOptions, startRestream } from './restream.ts';
import type { StreamSecrets } from './stream-secrets.ts';

/**
 * The restreams running in this process, and the live source of each broadcaster that is live
 * here. The webcast core calls `startBroadcasterRestreams` when a broadcaster goes live (its
 * auto-start destinations begin) and `stopBroadcasterRestreams` when the webcast ends; the API's
 * start, stop and restart act on the same restreams. Statuses and events are written to the
 * destination's row as they happen, in order.
 */
export type Restreams = {
  /** The broadcaster is live from `sourceUrl`: remembers it and starts its enabled auto-start destinations. Their ids. */
  startBroadcasterRestreams(broadcasterId: string, sourceUrl: string): Promise<number[]>;
  /** The broadcaster's webcast ended: stops all its restreams and forgets its source. */
  stopBroadcasterRestreams(broadcasterId: string): Promise<void>;
  /** The source the broadcaster is live from in this process, or undefined. */
  liveSource(broadcasterId: string): string | undefined;
  /** Starts one destination from the broadcaster's live source (nothing to do when it runs). False when not live. */
  start(row: MulticastRow): Promise<boolean>;
  /** Stops one destination's restream (marks it stopped when it runs elsewhere or nowhere). */
  stop(multicastId: number): Promise<void>;
  /** Stops everything (the app closing); settles when the last status is written. */
  close(): Promise<void>;
};

export type RestreamsDeps = {
  db: Db;
  secrets: StreamSecrets;
  reconnect: RestreamOptions['reconnect'];
  /** `-re` for sources that are files (tests). */
  realtime?: boolean;
  onError?: (err: unknown) => void;
};

export function restreams(deps: RestreamsDeps): Restreams {
  const running = new Map<number, { broadcasterId: string; restream: Restream }>();
  const sources = new Map<string, string>();
  // One chain of writes keeps each destination's statuses and events in the order they happened.
  let writes = Promise.resolve();
  const write = (fn: () => Promise<void>) => {
    writes = writes.then(fn).catch((err) => deps.onError?.(err));
    return writes;
  };

  function launch(row: MulticastRow, sourceUrl: string) {
    const id = row.multicast_id;
    const restream = startRestream(
      sourceUrl,
      {
        url: deps.secrets.open('stream_url', row.stream_url_sealed),
        key: deps.secrets.open('stream_key', row.stream_key_sealed),
      },
      {
        reconnect: deps.reconnect,
        realtime: deps.realtime,
        onStatus: (status) => void write(() => setMulticastStatus(deps.db, id, status)),
        onEvent: (event) => void write(() => insertRestreamEvent(deps.db, id, event)),
      },
    );
    const entry = { broadcasterId: row.broadcaster_id, restream };
    running.set(id, entry);
    void restream.stopped.then(() => {
      if (running.get(id) === entry) running.delete(id);
    });
  }

  const stopOne = async (multicastId: number) => {
    const entry = running.get(multicastId);
    if (entry) await entry.restream.stop();
    else await write(() => setMulticastStatus(deps.db, multicastId, 'stopped'));
    await writes;
  };

  return {
    async startBroadcasterRestreams(broadcasterId, sourceUrl) {
      sources.set(broadcasterId, sourceUrl);
      const mine = [...running].filter(([, e]) => e.broadcasterId === broadcasterId).map(([id]) => id);
      await stopStaleStatuses(deps.db, broadcasterId, mine);
      const rows = (await autoStartMulticasts(deps.db, broadcasterId)).filter((r) => !running.has(r.multicast_id));
      for (const row of rows) launch(row, sourceUrl);
      return rows.map((r) => r.multicast_id);
    },
    async stopBroadcasterRestreams(broadcasterId) {
      sources.delete(broadcasterId);
      const mine = [...running].filter(([, e]) => e.broadcasterId === broadcasterId).map(([id]) => id);
      await Promise.all(mine.map(stopOne));
    },
    liveSource: (broadcasterId) => sources.get(broadcasterId),
    async start(row) {
      const source = sources.get(row.broadcaster_id);
      if (!source) return false;
      if (!running.has(row.multicast_id)) launch(row, source);
      await writes; // 'starting' is on the row when this answers
      return true;
    },
    stop: stopOne,
    async close() {
      sources.clear();
      await Promise.all([...running.keys()].map(stopOne));
      await writes;
    },
  };
}

/** What the multicast calls and the webcast core share: the sealing of addresses and keys, and the running restreams. */
export type MulticastRuntime = { secrets: StreamSecrets; restreams: Restreams };

export function multicastRuntime(
  db: Db,
  secrets: StreamSecrets,
  options: Omit<RestreamsDeps, 'db' | 'secrets'>,
): MulticastRuntime {
  return { secrets, restreams: restreams({ db, secrets, ...options }) };
}
