import pino, { type Logger } from 'pino';
import { localMediaStore } from '../storage/local-store.ts';
import { type LiveIngest, startLiveIngest } from '../webcasts/live-ingest.ts';
import { freePort } from './processes.ts';
import { buildTestApp, getJson, type TestApp } from './test-app.ts';
import { testUser } from './users.ts';

/** A test app that webcasts, with its RTMP ingest: see webcastTestApp. */
export type WebcastTestApp = {
  t: TestApp;
  ingest: LiveIngest;
  /** A verified admin of gracechurch's headers. */
  manager: Record<string, string>;
  /** gracechurch's stream key, and its metadata as the dashboard reads it. */
  key: string;
  meta: { streamKey: string; rtmpURL: string };
  /** The RTMP address a publisher pushes to (gracechurch's key unless another is given). */
  rtmp(streamKey?: string): string;
  close(): Promise<void>;
};

/**
 * The webcast tests' set-up: a test app with `env`, gracechurch (and `alsoWebcasting`) allowed
 * to webcast, a verified manager of gracechurch, and the app's own RTMP ingest on a free
 * loopback port, with the media store when `archive` (the ended webcast's recording is kept),
 * logging to `log` (silent by default).
 * One ingest per process (node-media-server keeps its sessions module-wide): a file's backends
 * run one after another.
 */
export async function webcastTestApp(
  backend: 'pglite' | 'postgres',
  env: Record<string, string>,
  options: { alsoWebcasting?: string[]; archive?: boolean; log?: Logger } = {},
): Promise<WebcastTestApp> {
  const t = await buildTestApp(backend, { env });
  await t.db.query('UPDATE broadcaster SET can_webcast = true WHERE broadcaster_id = ANY($1)', [
    ['gracechurch', ...(options.alsoWebcasting ?? [])],
  ]);
  const manager = (await testUser(t.db, 'manager', { broadcaster: [['gracechurch', 'admin']], verified: true }))
    .headers;
  const ingest = await startLiveIngest({
    db: t.db,
    settings: { ...t.config.webcasts, rtmpPort: await freePort(), rtmpHost: '127.0.0.1' },
    log: options.log ?? pino({ level: 'silent' }),
    ...(options.archive ? { media: localMediaStore(t.mediaDir) } : {}),
  });
  const metadata = await getJson(t.app, '/api/v2/node/broadcasters/gracechurch/webcast_metadata', manager);
  if (metadata.status !== 200) throw new Error(`webcast metadata: ${metadata.status}`);
  const meta = metadata.body as WebcastTestApp['meta'];
  return {
    t,
    ingest,
    manager,
    key: meta.streamKey,
    meta,
    rtmp: (streamKey = meta.streamKey) => `rtmp://127.0.0.1:${ingest.port}/live/${streamKey}`,
    close: async () => {
      await ingest.stop();
      await t.close();
    },
  };
}
