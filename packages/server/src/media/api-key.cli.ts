import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { createApiKey } from './api-keys.ts';

/** `pnpm api-key <broadcasterID> [label]`: makes an API key for a broadcaster and prints it once. */
const [broadcasterArg, label = ''] = process.argv.slice(2);
if (!broadcasterArg) {
  console.error('Usage: pnpm api-key <broadcasterID> [label]');
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
  const broadcasterId = broadcasterArg.toLowerCase();
  const [exists] = await db.query('SELECT 1 FROM broadcaster WHERE broadcaster_id = $1', [broadcasterId]);
  if (!exists) {
    console.error(`No broadcaster '${broadcasterId}'.`);
    process.exitCode = 1;
  } else {
    console.log(await createApiKey(db, broadcasterId, label));
  }
} finally {
  await db.close();
}
