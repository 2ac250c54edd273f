import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from '@kerygma/ffmpeg/run';

/**
 * For the restream tests: a source that plays like a live webcast, a second RTMP server (ffmpeg
 * itself, listening) that receives the restream into a file, and polling with a deadline.
 */

/** A 3-second test picture with a tone, H.264 and AAC in FLV (what an encoder sends to the ingest). */
export async function liveLikeSource(seconds = 3): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kerygma-restream-')), 'source.flv');
  await run('ffmpeg', [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=160x120:rate=15',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '15',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    file,
  ]);
  return file;
}

export type RtmpReceiver = { url: string; file: string; process: ChildProcess; exited: Promise<void> };

/** An RTMP server on `port` that takes one stream published to `/live/<key>` and keeps it in a file. */
export function rtmpReceiver(port: number, key: string): RtmpReceiver {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kerygma-received-')), 'received.flv');
  const url = `rtmp://127.0.0.1:${port}/live`;
  const proc = spawn(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-listen', '1', '-i', `${url}/${key}`, '-c', 'copy', file],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => proc.on('close', () => resolve()));
  return { url, file, process: proc, exited };
}

/** Video frames in a received file. */
export async function videoFrames(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-count_packets',
    '-select_streams',
    'v',
    '-show_entries',
    'stream=nb_read_packets',
    '-of',
    'csv=p=0',
    file,
  ]);
  return Number(stdout.toString().trim());
}

/** Polls `check` until it is truthy; fails after `timeoutMs`. */
export async function until<T>(check: () => T | Promise<T>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
