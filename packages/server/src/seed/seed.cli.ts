import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { openMediaStore } from '../storage/open-store.ts';
import { seedDemo } from './seed.ts';

/** `pnpm seed [--reset]`: loads the demo catalogue (and its media) into the configured database. */
const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--reset');
if (unknown.length) {
  console.error(`Unknown argument ${unknown[0]}. Usage: pnpm seed [--reset]`);
  process.exit(2);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const db = await openDatabase(config);
try {
  await migrate(db);
  const result = await seedDemo(db, {
    media: await openMediaStore(config),
    mediaDir: config.mediaDir,
    reset: args.includes('--reset'),
    log: (message) => console.log(message),
  });
  if (result.seeded) {
    const c = result.counts;
    console.log(
      [
        `Seeded ${db.kind === 'pglite' ? config.dataDir : 'PostgreSQL'} in ${result.seconds.toFixed(1)} s:`,
        `  ${c.broadcasters} broadcasters, ${c.speakers} speakers, ${c.series} series, ${c.sermons} sermons`,
        `  ${c.scriptureRows} scripture rows, ${c.topics} topics`,
        `  media of ${c.mediaSermons} sermons queued: the server's worker (\`pnpm start\`) renders and encodes them`,
      ].join('\n'),
    );
  } else {
    console.log('The database already has sermons; run `pnpm seed --reset` to replace them.');
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await db.close();
}
