import type { CatalogueChanges } from './catalogue/catalogue-changes.ts';
import type { StatsCache } from './catalogue/catalogue-stats.ts';
import type { EntityCache } from './catalogue/entity-cache.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { MediaCounters } from './media/serving/media-counters.ts';
import type { MediaStore } from './storage/store.ts';
import type { SpeechEngine } from './transcripts/engine.ts';
import type { MulticastRuntime } from './webcasts/multicast/restreams.ts';

/** Everything a route module needs, passed explicitly (no globals). */
export type ApiDeps = {
  db: Db;
  config: Config;
  media: MediaStore;
  stats: StatsCache;
  entities: EntityCache;
  counters: MediaCounters;
  /**
   * Where catalogue changes are announced (catalogue/catalogue-changes.ts); one of its own when
   * not given. main.ts shares one between the app and the worker's jobs.
   */
  changes?: CatalogueChanges;
  /** The clock account sessions and codes are timed by (tests move it); Date.now by default. */
  now?: () => number;
  /** The speech-to-text engine (transcripts/choose-engine.ts): none answers 503 to a transcription asked for. */
  speech?: SpeechEngine | null;
  /**
   * Restreams (webcasts/multicast/): the sealing of destinations' addresses and keys, and this
   * process's running restreams, which the webcast core starts and stops. buildApp makes one when
   * not given and stops its restreams when the app closes.
   */
  multicast?: MulticastRuntime;
  /** Set when the process is shutting down: /healthz then answers 503 (main.ts). */
  shutdown?: { draining: boolean };
};
