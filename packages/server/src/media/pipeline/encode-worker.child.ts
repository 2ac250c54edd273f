import { openPglite } from '../../db/pglite.ts';
import { openPostgres } from '../../db/postgres.ts';
import { jobHandlers } from '../../jobs/handlers.ts';
import { startWorker } from '../../jobs/worker.ts';
import { localMediaStore } from '../../storage/local-store.ts';

/**
 * A worker process for restart.db.test.ts, which kills it (SIGKILL) mid-encode: argv is the
 * database (a PGlite folder or a postgres:// URL) and the media folder. Prints 'encoding' once
 * an encode's ffmpeg work has started. Short leases, so the job is free again soon after.
 */
const [database = '', mediaDir = ''] = process.argv.slice(2);
const db = database.startsWith('postgres') ? openPostgres(database, 2) : await openPglite(database);
const handlers = jobHandlers({ db, media: localMediaStore(mediaDir) });
await startWorker({
  db,
  pollMs: 50,
  leaseMs: 4_000,
  handlers: {
    ...handlers,
    'media.encode-audio': async (payload, ctx) => {
      setTimeout(() => process.stdout.write('encoding\n'), 300); // ffmpeg is running by then
      await handlers['media.encode-audio'](payload, ctx);
    },
  },
});
