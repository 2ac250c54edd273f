import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A port nothing listens on now (a random one could be another server's: its answers then
 * passed for this process's).
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const MAIN = new URL('./main.ts', import.meta.url).pathname;
const dataDir = mkdtempSync(path.join(tmpdir(), 'kerygma-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      KERYGMA_DATA_DIR: dataDir,
      KERYGMA_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** The first answer of /healthz, asked every 250 ms for up to 60 s (a first start migrates a new database). */
async function health(origin: string): Promise<Response | undefined> {
  for (let i = 0; i < 240; i++) {
    const answer = await fetch(`${origin}/healthz`).catch(() => undefined);
    if (answer) return answer;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}

describe('the server process', () => {
  it('stops at start with a one-line message naming a wrong variable', async () => {
    const p = start({ PORT: 'eighty' });
    expect(await p.exited).toBe(1);
    expect(p.output().trim()).toMatch(/^Invalid PORT: .*"eighty"/);
    expect(p.output().trim().split('\n')).toHaveLength(1);
  });

  it('migrates, answers /healthz, and exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    const p = start({ PORT: String(port), HOST: '127.0.0.1' });
    const answer = await health(`http://127.0.0.1:${port}`);
    expect(answer?.status).toBe(200);
    expect(await answer?.json()).toEqual({ status: 'ok', database: 'ok' });
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  }, 90_000);

  it('with SHUTDOWN_DRAIN_SECONDS, keeps serving after SIGTERM while /healthz says it is draining', async () => {
    const port = await freePort();
    const p = start({ PORT: String(port), HOST: '127.0.0.1', SHUTDOWN_DRAIN_SECONDS: '3' });
    const origin = `http://127.0.0.1:${port}`;
    expect((await health(origin))?.status).toBe(200);
    const stoppedAt = Date.now();
    p.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const draining = await fetch(`${origin}/healthz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'draining' });
    const api = await fetch(`${origin}/api/v2/node/languages`);
    expect(api.status).toBe(200);
    expect(await p.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(3000);
  }, 90_000);

  it('without a working ffmpeg, serves and logs one line: what is missing and how to install it', async () => {
    const port = await freePort();
    const p = start({
      PORT: String(port),
      HOST: '127.0.0.1',
      FFMPEG_PATH: '/nonexistent/ffmpeg',
      FFPROBE_PATH: '/nonexistent/ffprobe',
    });
    expect((await health(`http://127.0.0.1:${port}`))?.status).toBe(200);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    const lines = p.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '');
    expect(line).toMatchObject({
      level: 40,
      waiting: 0,
      problems: [
        'ffmpeg: FFMPEG_PATH /nonexistent/ffmpeg does not run (not found)',
        'ffprobe: FFPROBE_PATH /nonexistent/ffprobe does not run (not found)',
      ],
    });
    expect(line.msg).toMatch(/^No working ffmpeg: .*apt-get install ffmpeg/);
  }, 90_000);
});
