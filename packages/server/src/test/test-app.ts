import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type CatalogueChanges, catalogueChanges } from '../catalogue/catalogue-changes.ts';
import { statsCache } from '../catalogue/catalogue-stats.ts';
import { entityCache } from '../catalogue/entity-cache.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { openPostgres } from '../db/postgres.ts';
import { type MediaCounters, mediaCounters } from '../media/serving/media-counters.ts';
import { localMediaStore } from '../storage/local-store.ts';
import type { MediaStore } from '../storage/store.ts';
import type { SpeechEngine } from '../transcripts/engine.ts';
import type { MulticastRuntime } from '../webcasts/multicast/restreams.ts';
import { loadFixture } from './fixture.ts';
import { openTestDb } from './test-db.ts';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  mediaDir: string;
  /** The configuration the app was built with. */
  config: Config;
  counters: MediaCounters;
  /** The app's catalogue changes (what jobs run by a test announce to). */
  changes: CatalogueChanges;
  close(): Promise<void>;
};

/**
 * The whole HTTP app on a fresh database holding the fixture catalogue, for app.inject tests.
 * Media are in a local store in a fresh folder unless `options.media` gives another store;
 * `options.env` adds to (or, with '', unsets) the configuration's variables; `options.rootDir`
 * is where the built site is looked for (none by default).
 */
export async function buildTestApp(
  backend: 'pglite' | 'postgres',
  /**
   * `statementTimeoutMs`: requests use a PostgreSQL pool of their own with that statement timeout, as in main.ts.
   * `env`: configuration beside the test defaults; `rootDir`: where the site's build is looked for.
   */
  options: {
    media?: MediaStore;
    statementTimeoutMs?: number;
    env?: Record<string, string>;
    rootDir?: string;
    /** The clock sessions and codes are timed by. */
    now?: () => number;
    /** The speech-to-text engine (none by default: transcriptions asked for answer 503). */
    speech?: SpeechEngine | null;
    /** Restreams made with the test's own options (a file source played at its pace); the app's own by default. */
    multicast?: (db: Db, config: Config) => MulticastRuntime;
  } = {},
): Promise<TestApp> {
  const testDb = await openTestDb(backend);
  await loadFixture(testDb.db);
  const requestDb =
    options.statementTimeoutMs && testDb.url
      ? openPostgres(testDb.url, 4, undefined, { statementTimeoutMs: options.statementTimeoutMs })
      : testDb.db;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kerygma-test-'));
  const config = loadConfig({
    KERYGMA_DATA_DIR: dataDir,
    PUBLIC_URL: 'http://kerygma.test',
    API_RATE_LIMIT: '0', // tests make many requests from one address; rate-limit tests turn it on
    WEBCAST_LOWER_RUNG: 'off', // the same on any machine; the rung's tests turn it on
    ...options.env,
  });
  mkdirSync(path.join(config.mediaDir, '1000'), { recursive: true });
  writeFileSync(path.join(config.mediaDir, '1000/audio-high.mp3'), Buffer.alloc(4096, 7));
  writeFileSync(
    path.join(config.mediaDir, '1000/waveform.json'),
    JSON.stringify({
      version: 2,
      channels: 1,
      sample_rate: 8000,
      samples_per_pixel: 800,
      bits: 8,
      length: 2,
      data: [-10, 12, -5, 7],
    }),
  );
  const counters = mediaCounters(testDb.db, { flushMs: 60_000 });
  const changes = catalogueChanges();
  const app = await buildApp(
    {
      db: requestDb,
      config,
      media: options.media ?? localMediaStore(config.mediaDir),
      stats: statsCache(testDb.db),
      entities: entityCache(requestDb),
      counters,
      changes,
      now: options.now,
      speech: options.speech,
      multicast: options.multicast?.(requestDb, config),
    },
    { rootDir: options.rootDir ?? dataDir },
  );
  return {
    app,
    db: testDb.db,
    mediaDir: config.mediaDir,
    config,
    counters,
    changes,
    async close() {
      await app.close();
      if (requestDb !== testDb.db) await requestDb.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** GET a path and parse its JSON body. */
// biome-ignore lint/suspicious/noExplicitAny: tests index into arbitrary response JSON
export async function getJson<T = any>(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: JSON.parse(res.body) as T, raw: res.body, headers: res.headers };
}
