/**
 * Which parts this process runs: `web` (HTTP only), `worker` (jobs only), `ingest` (the RTMP
 * ingest of webcasts only) or `all` (all three, the default). From `--role web|worker|ingest|all`
 * or `--role=...` on the command line.
 */
export type Role = 'web' | 'worker' | 'ingest' | 'all';

const ROLES: readonly Role[] = ['web', 'worker', 'ingest', 'all'];

/** Throws a one-line Error naming the flag when the value is not a role. */
export function parseRole(argv: readonly string[]): Role {
  let value: string | undefined;
  argv.forEach((arg, i) => {
    if (arg === '--role') value = argv[i + 1] ?? '';
    else if (arg.startsWith('--role=')) value = arg.slice('--role='.length);
  });
  if (value === undefined) return 'all';
  if (!(ROLES as readonly string[]).includes(value)) {
    throw new Error(`Invalid --role: expected web, worker, ingest or all (got ${JSON.stringify(value)})`);
  }
  return value as Role;
}
