import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort, health, killLeftovers, startServer } from './test/processes.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'kerygma-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
afterEach(killLeftovers);

function start(env: Record<string, string>) {
  const p = startServer({ KERYGMA_DATA_DIR: dataDir, ...env });
  return { ...p, output: () => p.stdout() + p.stderr() };
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

  it('refuses to start on a data dir another process holds, saying which, and leaves that one serving', async () => {
    const port = await freePort();
    const first = start({ PORT: String(port), HOST: '127.0.0.1' });
    expect((await health(`http://127.0.0.1:${port}`))?.status).toBe(200);
    const second = start({ PORT: String(await freePort()), HOST: '127.0.0.1' });
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toBe(
      `The embedded database in ${dataDir} is in use by the Kerygma server (pid ${first.child.pid}): ` +
        'only one process may open it at a time. Stop it first, or give this server another KERYGMA_DATA_DIR.',
    );
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'kerygma.sock'))).toBe(false); // let go on the way out
  }, 90_000);

  it('starts on a data dir whose holder was killed outright: the socket it left answers nobody', async () => {
    const port = await freePort();
    const killed = start({ PORT: String(port), HOST: '127.0.0.1' });
    expect((await health(`http://127.0.0.1:${port}`))?.status).toBe(200);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(existsSync(path.join(dataDir, 'kerygma.sock'))).toBe(true);
    const next = start({ PORT: String(port), HOST: '127.0.0.1' });
    expect((await health(`http://127.0.0.1:${port}`))?.status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 90_000);
});
