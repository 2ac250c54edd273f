import { buildApp } from '../../packages/server/src/app.ts';
import { statsCache } from '../../packages/server/src/catalogue/catalogue-stats.ts';
import { entityCache } from '../../packages/server/src/catalogue/entity-cache.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
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
const db = await openDatabase(config, () => {});
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
  process.exit(0);
});
await app.listen({ port: config.port, host: config.host });
