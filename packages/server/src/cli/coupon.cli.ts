import { SIGNUP_COUPON_KINDS } from '@kerygma/domain/broadcaster-account-values';
import { runCommandLine } from './command-line.ts';

/**
 * `pnpm coupon <code> <kind> [description]`: makes a sign-up coupon (or changes the one of that
 * code), which `/broadcaster/sign-up?coupon=<code>` then offers; `pnpm coupon <code> --remove`
 * removes it.
 */
const [code, kind, ...words] = process.argv.slice(2);
const usage = `Usage: pnpm coupon <code> <kind> [description]   (kinds: ${SIGNUP_COUPON_KINDS.join(', ')})
       pnpm coupon <code> --remove`;
if (!code || !kind) {
  console.error(usage);
  process.exit(2);
}
if (kind !== '--remove' && !(SIGNUP_COUPON_KINDS as readonly string[]).includes(kind)) {
  console.error(`Unknown coupon kind ${kind}.\n${usage}`);
  process.exit(2);
}
await runCommandLine(
  {
    command: 'coupon',
    code,
    kind: kind === '--remove' ? null : (kind as (typeof SIGNUP_COUPON_KINDS)[number]),
    description: words.join(' '),
  },
  'pnpm coupon',
);
