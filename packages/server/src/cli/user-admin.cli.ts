import { runCommandLine } from './command-line.ts';

/**
 * `pnpm user:admin <username-or-email> [email]`: makes an account a site admin, or creates one
 * (with a generated password, printed once) when none has that name; creating needs an e-mail
 * address, given as the name itself or as the second argument.
 */
const [name, email, ...rest] = process.argv.slice(2);
if (!name || rest.length) {
  console.error('Usage: pnpm user:admin <username-or-email> [email]');
  process.exit(2);
}
await runCommandLine({ command: 'site-admin', name, email }, 'pnpm user:admin');
