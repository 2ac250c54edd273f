import { mkdirSync } from 'node:fs';
import pino from 'pino';
import { buildApp } from './app.ts';
import { scheduleWeeklyStats } from './broadcaster-account/weekly-stats.ts';
import { catalogueChanges, sharedCatalogueChanges } from './catalogue/catalogue-changes.ts';
import { statsCache } from './catalogue/catalogue-stats.ts';
import { entityCache } from './catalogue/entity-cache.ts';
import { serveAdminCommands } from './cli/admin-channel.ts';
import { runAdminCommand } from './cli/admin-commands.ts';
import { loadConfig } from './config.ts';
import { DataDirBusyError, type DataDirLock, lockDataDir } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase, openRequestDatabase } from './db/open.ts';
import { ensureHymnalData } from './hymnal/hymnal-data.ts';
import { jobHandlers } from './jobs/handlers.ts';
import { postgresJobListener } from './jobs/listener.ts';
import { parseRole, type Role } from './jobs/role.ts';
import { settleTools } from './jobs/tools.ts';
import { startWorker, type Worker } from './jobs/worker.ts';
import { scheduleDigest } from './library/digest.ts';
import { linkSecret } from './library/unsubscribe-token.ts';
import { createMailer } from './mail/mailer.ts';
import { mediaCounters } from './media/serving/media-counters.ts';
import { ensureReferenceData } from './reference/reference-data.ts';
import { scheduleVocabulary } from './search/vocabulary.ts';
import { openMediaStore } from './storage/open-store.ts';
import { chooseEngine } from './transcripts/choose-engine.ts';
import { startBackfill } from './transcripts/transcripts.jobs.ts';
import { startLiveIngest } from './webcasts/live-ingest.ts';
import { restreamWhileLive } from './webcasts/multicast/follow-ingest.ts';
import { multicastRuntime } from './webcasts/multicast/restreams.ts';
import { streamSecrets } from './webcasts/multicast/stream-secrets.ts';
import { announceWebcastChanges } from './webcasts/webcast-changes.ts';

/**
 * Starts Kerygma: one process that migrates the database, seeds the demo catalogue on first
 * start, and serves the site, dashboard, API and media on PORT. SIGTERM/SIGINT drain and stop.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  let role: Role;
  let lock: DataDirLock | undefined;
  try {
    config = loadConfig();
    role = parseRole(process.argv);
    // The embedded database belongs to one process, so splitting roles needs PostgreSQL.
    if (role !== 'all' && !config.databaseUrl)
      throw new Error('Invalid --role: web, worker and ingest need DATABASE_URL');
    if (role === 'ingest' && config.webcasts.rtmpPort === null)
      throw new Error('Invalid --role: ingest needs RTMP_PORT');
    // Held from here to exit; `pnpm api-key` and `pnpm seed` send their commands to it meanwhile.
    if (!config.databaseUrl) lock = await lockDataDir(config.dataDir, 'the Kerygma server', true);
  } catch (error) {
    const busy = error instanceof DataDirBusyError;
    console.error(
      `${(error as Error).message}${busy ? ' Stop it first, or give this server another KERYGMA_DATA_DIR.' : ''}`,
    );
    process.exit(1);
  }
  const log = pino({ level: config.logLevel });
  mkdirSync(config.mediaDir, { recursive: true });
  const onIdleError = (error: Error) => log.warn({ err: error }, 'database connection lost; reconnecting');
  const db = await openDatabase(config, onIdleError, lock);
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'database migrated');
  await ensureReferenceData(db);
  await ensureHymnalData(db);
  const media = await openMediaStore(config);
  if (config.demoData) {
    // Loaded only when wanted: production processes never load the demo generator.
    const { seedDemo } = await import('./seed/seed.ts');
    await seedDemo(db, { media, mediaDir: config.mediaDir, reset: false, log: (msg) => log.info(msg) });
  }
  // Uploads probe with ffprobe in web processes; workers encode with ffmpeg.
  const ffmpegMissing = await settleTools(db, log);
  // Without a speech-to-text engine, transcriptions wait for a worker that has one.
  const speech = await chooseEngine(config.transcripts, log);
  const missingTools = speech ? ffmpegMissing : [...ffmpegMissing, 'speech' as const];
  // Catalogue changes made by the worker's jobs (a scheduled sermon published) reach this
  // process's caches; on PostgreSQL also the other processes' (catalogue-changes.ts).
  const shared = config.databaseUrl
    ? await sharedCatalogueChanges(catalogueChanges(), {
        url: config.databaseUrl,
        notify: (channel, payload) => db.query('SELECT pg_notify($1, $2)', [channel, payload]),
        log,
      })
    : undefined;
  const changes = shared?.changes ?? catalogueChanges();
  // What the jobs' e-mails link to (the digest, the managers' notices).
  const mail = createMailer(config.mail, log);
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  const worker: Worker | undefined =
    role === 'web' || role === 'ingest'
      ? undefined
      : await startWorker({
          db,
          handlers: jobHandlers({
            db,
            media,
            changes,
            managerMail: { mail, origin, log },
            searchRefreshPauseMs: config.searchRefreshPauseMs,
            speech,
            transcriptBackfill: config.transcripts.backfill,
            feedImport: { allowLoopback: config.feedImportAllowLoopback },
            listenerMail: { db, mail, origin, secret: linkSecret(config), now: Date.now },
          }),
          log: log.child({ component: 'jobs' }),
          missingTools,
          listener: config.databaseUrl ? postgresJobListener(config.databaseUrl, log) : undefined,
        });

  // The daily digest and the weekly statistics queue their next runs themselves; this starts the chains.
  if (worker) {
    await scheduleDigest(db, Date.now());
    await scheduleWeeklyStats(db, Date.now());
    await scheduleVocabulary(db, Date.now());
    await startBackfill(db, speech, config.transcripts.backfill);
  }

  const shutdown = { draining: false };
  const stats = statsCache(db);
  if (role === 'web' || role === 'all') stats.peek(); // start computing catalogue totals now, not on the first request
  // Requests' statements are cut at DATABASE_STATEMENT_TIMEOUT_MS; jobs, stats and counters run on `db`.
  const serves = role === 'web' || role === 'all';
  const requestDb = serves ? openRequestDatabase(config, db, onIdleError) : db;
  // One set of running restreams per process: the API's start and stop, and the ingest's auto-start.
  const multicast = multicastRuntime(db, streamSecrets(config), { reconnect: config.multicastReconnect });
  const app = !serves
    ? undefined
    : await buildApp(
        {
          db: requestDb,
          config,
          media,
          stats,
          entities: entityCache(requestDb),
          counters: mediaCounters(db, { onError: (err) => log.warn({ err }, 'could not save media counts') }),
          changes,
          shutdown,
          speech,
          multicast,
        },
        { logger: log },
      );
  // Webcasts' RTMP ingest (webcasts/live-ingest.ts); with split roles, its HLS folder
  // (<data dir>/live) must be the web processes' too (README, Webcasts).
  const liveIngest =
    (role === 'all' || role === 'ingest') && config.webcasts.rtmpPort !== null
      ? await startLiveIngest({
          db,
          settings: config.webcasts,
          media,
          log: log.child({ component: 'webcasts' }),
        }).catch((error: Error) => {
          console.error(
            `Invalid RTMP_PORT or RTMPS_*: ${error.message} (set another port, or off; check the certificate files)`,
          );
          process.exit(1);
        })
      : undefined;
  if (liveIngest) restreamWhileLive(liveIngest, multicast.restreams, log.child({ component: 'restreams' }));
  if (liveIngest) announceWebcastChanges(liveIngest, changes);
  const stop = async (signal: string) => {
    if (shutdown.draining) return;
    shutdown.draining = true;
    const drainMs = app ? config.shutdownDrainMs : 0; // a worker has no /healthz to drain by
    log.info({ signal, drainMs }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), drainMs + 10_000);
    timer.unref();
    // /healthz now answers 503; until the load balancer has noticed, requests are still served.
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await Promise.all([app?.close(), worker?.stop(), shared?.stop(), liveIngest?.stop(), multicast.restreams.close()]); // the worker drains before the database closes
    if (requestDb !== db) await requestDb.close();
    await db.close();
    await lock?.release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app?.listen({ port: config.port, host: config.host });
  if (lock) {
    const deps = { db, media, mediaDir: config.mediaDir, where: config.dataDir };
    serveAdminCommands(lock, config.dataDir, async (request, say) => {
      log.info({ command: request.command }, 'command from the command line');
      return runAdminCommand(request, deps, say);
    });
  }
  log.info(
    {
      role,
      port: app ? config.port : null,
      rtmpPort: liveIngest?.port ?? null,
      rtmpsPort: liveIngest?.tlsPort ?? null,
      database: db.kind,
      dataDir: config.dataDir,
    },
    'Kerygma is running',
  );
}

await main();
