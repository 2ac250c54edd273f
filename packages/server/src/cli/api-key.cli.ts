import { runCommandLine } from './command-line.ts';

/** `pnpm api-key <broadcasterID> [label]`: makes an API key for a broadcaster and prints it once. */
const [broadcasterId, label = ''] = process.argv.slice(2);
if (!broadcasterId) {
  console.error('Usage: pnpm api-key <broadcasterID> [label]');
  process.exit(2);
}
await runCommandLine({ command: 'api-key', broadcasterId: broadcasterId.toLowerCase(), label }, 'pnpm api-key');
