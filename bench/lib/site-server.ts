import { buildApp } from '../../packages/server/src/app.ts';
import { statsCache } from '../../packages/server/src/catalogue/catalogue-stats.ts';
import { entityCache } from '../../packages/server/src/catalogue/entity-cache.ts';
import { serveAdminCommands } from '../../packages/server/src/cli/admin-channel.ts';
import { runAdminCommand } from '../../packages/server/src/cli/admin-commands.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { lockDataDir } from '../../packages/server/src/db/data-dir-lock.ts';
import { openDatabase } from '../../packages/server/src/db/open.ts';
import { jobHandlers } from '../../packages/server/src/jobs/handlers.ts';
import { startWorker } from '../../packages/server/src/jobs/worker.ts';
import { mediaCounters } from '../../packages/server/src/media/serving/media-counters.ts';
import { openMediaStore } from '../../packages/server/src/storage/open-store.ts';

/**
 * The web process of main.ts (buildApp: same routes, hooks, mountSite and page delivery) with
 * the site build taken from SITE_ROOT (a folder holding `dist/`), so that bench/pages.ts serves
 * its own build of site/ (which a concurrent `pnpm build` cannot swap under it) and the bare
 * reference page of bench/bare-site through the same code. Other settings from the environment,
 * as main.ts reads them. It neither migrates nor seeds: the database is prepared beforehand
 * (bench:data, or seed.cli for Lighthouse's demo catalogue). With RUN_JOBS=true it also runs the
 * job worker, as main.ts does, so that a freshly seeded demo catalogue gets its media encoded.
 */
const siteRoot = process.env.SITE_ROOT;
if (!siteRoot) throw new Error('SITE_ROOT is required');
const config = loadConfig();
// The embedded database is this process's, as in main.ts: it holds the data directory's lock
// and takes the command line's commands (the site admin demoMediaReady watches the media as).
const lock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir, 'the benchmark site server', true);
const db = await openDatabase(config, () => {}, lock);
const media = await openMediaStore(config);
const worker =
  process.env.RUN_JOBS === 'true'
    ? await startWorker({ db, handlers: jobHandlers({ db, media, searchRefreshPauseMs: config.searchRefreshPauseMs }) })
    : undefined;
const stats = statsCache(db);
stats.peek(); // start computing catalogue totals now, as main.ts does
const app = await buildApp(
  {
    db,
    config,
    media,
    stats,
    entities: entityCache(db),
    counters: mediaCounters(db),
  },
  { rootDir: siteRoot },
);
process.on('SIGTERM', async () => {
  await worker?.stop();
  await app.close();
  await db.close();
  await lock?.release();
  process.exit(0);
});
await app.listen({ port: config.port, host: config.host });
if (lock)
  serveAdminCommands(lock, config.dataDir, (request, say) =>
    runAdminCommand(request, { db, media, mediaDir: config.mediaDir, where: config.dataDir }, say),
  );
