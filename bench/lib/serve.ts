import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export type Server = { origin: string; pid: number; stop: () => Promise<void> };

/**
 * Starts a Kerygma server process (`script`, default the real packages/server/src/main.ts) on
 * `port` with the benchmark's environment plus `env`, and resolves once /healthz answers.
 */
export function startServer(options: {
  port: number;
  databaseUrl?: string;
  env?: Record<string, string>;
  script?: string;
  /** Arguments after the script, e.g. `['--role', 'web']`. */
  args?: string[];
  timeoutMs?: number;
}): Promise<Server> {
  const origin = `http://127.0.0.1:${options.port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [options.script ?? 'packages/server/src/main.ts', ...(options.args ?? [])],
    {
      env: {
        ...process.env,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        PORT: String(options.port),
        HOST: '127.0.0.1',
        KERYGMA_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        // Load from one address, measured or tested: the per-address API limit would refuse it.
        API_RATE_LIMIT: '0',
        PUBLIC_URL: origin,
        KERYGMA_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kerygma-bench-')),
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      if (child.exitCode !== null) return;
      try {
        if ((await fetch(`${origin}/healthz`)).ok) return resolve({ origin, pid: child.pid ?? 0, stop });
      } catch {}
      if (Date.now() - started > (options.timeoutMs ?? 120_000)) {
        child.kill('SIGTERM');
        return reject(new Error(`server on ${origin} did not start`));
      }
      setTimeout(poll, 250);
    };
    child.once('exit', (code) => reject(new Error(`server on ${origin} exited with ${code}`)));
    void poll();
  });
}

/** The load averages (1, 5, 15 minutes), for the figures: the machine is shared. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

export const run = promisify(execFile);
