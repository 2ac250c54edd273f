import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sendAdminCommand, serveAdminCommands } from '../cli/admin-channel.ts';
import { DataDirBusyError, lockDataDir, lockSocketPath } from './data-dir-lock.ts';

const root = mkdtempSync(path.join(tmpdir(), 'kerygma-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const newDataDir = () => {
  const dir = path.join(root, `d${++dirs}`);
  mkdirSync(dir);
  return dir;
};

/** A Node process running `code` (an ES module) with the lock module's URL as LOCK; resolves once it prints `ready`. */
function nodeProcess(code: string): Promise<{ child: ChildProcess; output: Promise<string> }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    env: { PATH: process.env.PATH ?? '', LOCK: new URL('./data-dir-lock.ts', import.meta.url).href },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  return new Promise((resolve) => {
    const output = new Promise<string>((done) => child.on('exit', () => done(text)));
    child.stdout?.on('data', (chunk) => {
      text += chunk;
      if (text.includes('ready')) resolve({ child, output });
    });
    child.on('exit', () => resolve({ child, output }));
  });
}

/** Locks `dir` in another process and kills that process (SIGKILL): its socket file stays. */
async function leaveStaleSocket(dir: string): Promise<void> {
  const holder = await nodeProcess(
    `const { lockDataDir } = await import(process.env.LOCK);
     await lockDataDir(${JSON.stringify(dir)}, 'doomed');
     console.log('ready');
     setInterval(() => {}, 1000);`,
  );
  holder.child.kill('SIGKILL');
  await holder.output;
}

describe('the data dir lock', () => {
  it('lets one holder in at a time, telling the next who holds it, until it lets go', async () => {
    const dir = newDataDir();
    const first = await lockDataDir(dir, 'the Kerygma server');
    const error = await lockDataDir(dir, 'pnpm api-key').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirBusyError);
    expect((error as DataDirBusyError).holder).toEqual({
      pid: process.pid,
      holder: 'the Kerygma server',
      commands: false,
      starting: false,
    });
    expect((error as Error).message).toBe(
      `The embedded database in ${dir} is in use by the Kerygma server (pid ${process.pid}): only one process may open it at a time.`,
    );
    await first.release();
    expect(existsSync(first.socketPath)).toBe(false);
    await (await lockDataDir(dir, 'pnpm api-key')).release();
  });

  it('takes over the socket a process killed outright left behind', async () => {
    const dir = newDataDir();
    await leaveStaleSocket(dir);
    expect(existsSync(lockSocketPath(dir))).toBe(true);
    const lock = await lockDataDir(dir, 'next');
    await lock.release();
  });

  it('gives a stale socket to one of two processes taking it over at once', async () => {
    const dir = newDataDir();
    await leaveStaleSocket(dir);
    const contender = (name: string) =>
      nodeProcess(
        `const { lockDataDir } = await import(process.env.LOCK);
         try {
           const lock = await lockDataDir(${JSON.stringify(dir)}, '${name}');
           console.log('holds ready');
           setTimeout(() => lock.release(), 3000);
         } catch (error) {
           console.log('busy ready: ' + error.holder.holder);
         }`,
      );
    const outputs = await Promise.all((await Promise.all([contender('a'), contender('b')])).map((p) => p.output));
    expect(outputs.filter((o) => o.startsWith('holds'))).toHaveLength(1);
    expect(outputs.filter((o) => /^busy ready: [ab]$/.test(o.trim()))).toHaveLength(1);
  }, 30_000);

  it('puts the socket of a data dir with a long path in the temp folder, the same for every process', () => {
    const deep = path.join(root, 'x'.repeat(60), 'y'.repeat(60));
    mkdirSync(deep, { recursive: true });
    expect(lockSocketPath(deep)).toMatch(new RegExp(`^${tmpdir()}/kerygma-[0-9a-f]{16}\\.sock$`));
    expect(lockSocketPath(deep)).toBe(lockSocketPath(`${deep}/`));
  });
});

describe('commands sent to the holder', () => {
  it('runs them in the holder, passing on its progress, for the data dir owner alone', async () => {
    const dir = newDataDir();
    const lock = await lockDataDir(dir, 'the Kerygma server', true);
    try {
      const request = { command: 'api-key', broadcasterId: 'gracechurch', label: '' } as const;
      const starting = await sendAdminCommand(dir, request, () => {});
      expect(starting).toEqual({ holder: expect.objectContaining({ commands: false, starting: true }) });

      const seen: unknown[] = [];
      serveAdminCommands(lock, dir, async (r, say) => {
        seen.push(r);
        say('working');
        return { ok: true, text: 'kgm_key' };
      });
      const said: string[] = [];
      expect(await sendAdminCommand(dir, request, (line) => said.push(line))).toEqual({ ok: true, text: 'kgm_key' });
      expect(said).toEqual(['working']);
      expect(seen).toEqual([request]);

      writeFileSync(path.join(dir, 'admin-token'), 'a guess');
      expect(await sendAdminCommand(dir, request, () => {})).toEqual({
        ok: false,
        text: `Not authorised: the token is not ${path.join(dir, 'admin-token')}'s.`,
      });
      expect(seen).toHaveLength(1);
    } finally {
      await lock.release();
    }
    expect(await sendAdminCommand(dir, { command: 'seed', reset: false }, () => {})).toBeNull();
  });
});
