import { mkdirSync } from 'node:fs';
import pino from 'pino';
import { buildApp } from './app.ts';
import { entityCache } from './catalogue/entity-cache.ts';
import { ensureReferenceData } from './catalogue/reference-data.ts';
import { loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { mediaCounters } from './media/media-counters.ts';
import { localMediaStore } from './media/media-store.ts';
import { statsCache } from './reference/catalogue-stats.ts';

/**
 * Starts Kerygma: one process that migrates the database, seeds the demo catalogue on first
 * start, and serves the site, dashboard, API and media on PORT. SIGTERM/SIGINT drain and stop.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const log = pino({ level: config.logLevel });
  mkdirSync(config.mediaDir, { recursive: true });
  const db = await openDatabase(config, (error) => log.warn({ err: error }, 'database connection lost; reconnecting'));
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'database migrated');
  await ensureReferenceData(db);
  if (config.demoData) {
    // Loaded only when wanted: production processes never load the demo generator.
    const { seedDemo } = await import('./seed/seed.ts');
    await seedDemo(db, { mediaDir: config.mediaDir, reset: false, log: (msg) => log.info(msg) });
  }

  const stats = statsCache(db);
  stats.peek(); // start computing catalogue totals now, not on the first request
  const app = await buildApp(
    {
      db,
      config,
      media: localMediaStore(config.mediaDir),
      stats,
      entities: entityCache(db),
      counters: mediaCounters(db, { onError: (err) => log.warn({ err }, 'could not save media counts') }),
    },
    { logger: log },
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  log.info({ port: config.port, database: db.kind, dataDir: config.dataDir }, 'Kerygma is running');
}

await main();
