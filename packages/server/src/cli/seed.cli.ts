import { runCommandLine } from './command-line.ts';

/** `pnpm seed [--reset]`: loads the demo catalogue (and queues its media) into the configured database. */
const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--reset');
if (unknown.length) {
  console.error(`Unknown argument ${unknown[0]}. Usage: pnpm seed [--reset]`);
  process.exit(2);
}
await runCommandLine({ command: 'seed', reset: args.includes('--reset') }, 'pnpm seed');
