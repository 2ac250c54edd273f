import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Real processes for tests that need two of them: the server (main.ts) and the command-line
 * tools (cli/*.cli.ts), each spawned with a small environment of its own.
 */

const MAIN = new URL('../main.ts', import.meta.url).pathname;
const CLI = (name: string) => new URL(`../cli/${name}.cli.ts`, import.meta.url).pathname;

/**
 * A port nothing listens on now (a random one could be another server's: its answers then
 * passed for this process's).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type Spawned = {
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
};

const running = new Set<ChildProcess>();

function run(script: string, args: readonly string[], env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => (stdout += d));
  child.stderr?.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** Starts the server (no demo data, no RTMP ingest unless the environment asks for them). */
export function startServer(env: Record<string, string>): Spawned {
  return run(MAIN, [], { KERYGMA_DEMO_DATA: 'false', RTMP_PORT: 'off', ...env });
}

/** Runs `pnpm <name> <args>` as the package script does, and waits for it to exit. */
export async function runCli(
  name: 'api-key' | 'seed' | 'user-admin',
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const p = run(CLI(name), args, env);
  const code = await p.exited;
  return { code, stdout: p.stdout(), stderr: p.stderr() };
}

/** Kills (SIGKILL) whatever a test left running, so that no server outlives its test. */
export async function killLeftovers(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGKILL');
        }),
    ),
  );
}

/** The first answer of /healthz, asked every 250 ms for up to 60 s (a first start migrates a new database). */
export async function health(origin: string): Promise<Response | undefined> {
  for (let i = 0; i < 240; i++) {
    const answer = await fetch(`${origin}/healthz`).catch(() => undefined);
    if (answer) return answer;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}
