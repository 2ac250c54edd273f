import { type Config, loadConfig } from '../config.ts';
import { DataDirBusyError, type DataDirLock, lockDataDir } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { openMediaStore } from '../storage/open-store.ts';
import { sendAdminCommand } from './admin-channel.ts';
import { type AdminRequest, adminRequest, type CommandResult, runAdminCommand } from './admin-commands.ts';

/** How long a command waits for a server that holds the data dir but is still starting (or too busy to answer). */
const STARTING_WAIT_MS = 120_000;

/**
 * Runs a command that changes data (`pnpm api-key`, `pnpm seed`) where it belongs: on
 * PostgreSQL directly when DATABASE_URL is set; else, the embedded database being one process's
 * alone, through the server that holds the data dir when one runs, or holding the data dir
 * itself while it opens the database when none does. Refuses, saying who holds it, when another
 * command does. Prints the result and sets the exit code.
 */
export async function runCommandLine(request: AdminRequest, name: string): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
    return;
  }
  const parsed = adminRequest.safeParse(request);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
    process.exitCode = 2;
    return;
  }
  const result = config.databaseUrl
    ? await runHere(config, parsed.data)
    : await runOnDataDir(config, parsed.data, name);
  if (result.ok) console.log(result.text);
  else {
    console.error(result.text);
    process.exitCode = 1;
  }
}

async function runOnDataDir(config: Config, request: AdminRequest, name: string): Promise<CommandResult> {
  const until = Date.now() + STARTING_WAIT_MS;
  let waiting = false;
  for (;;) {
    let lock: DataDirLock;
    try {
      lock = await lockDataDir(config.dataDir, name);
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
      const sent = await sendAdminCommand(config.dataDir, request, (line) => console.log(line));
      if (sent !== null && !('holder' in sent)) return sent;
      // Null: the holder stopped meanwhile, and the data dir is free to take. A holder that did
      // not answer in time is busy (the server starting the database blocks it for seconds).
      const holder = sent?.holder;
      if (holder && !((holder.starting || !holder.pid) && Date.now() < until)) {
        return {
          ok: false,
          text: `${new DataDirBusyError(config.dataDir, holder).message} Run this again once it has stopped.`,
        };
      }
      if (holder && !waiting)
        console.log(`Waiting for ${holder.holder} ${holder.starting ? 'to finish starting' : 'to answer'}…`);
      waiting = Boolean(holder);
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      return await runHere(config, request, lock);
    } finally {
      await lock.release();
    }
  }
}

/** Opens the database in this process (PostgreSQL, or the data dir this process holds) and runs the command. */
async function runHere(config: Config, request: AdminRequest, lock?: DataDirLock): Promise<CommandResult> {
  const db = await openDatabase(config, undefined, lock);
  try {
    await migrate(db);
    const where = db.kind === 'pglite' ? config.dataDir : 'PostgreSQL';
    const deps = { db, media: await openMediaStore(config), mediaDir: config.mediaDir, where };
    return await runAdminCommand(request, deps, (line) => console.log(line));
  } finally {
    await db.close();
  }
}
