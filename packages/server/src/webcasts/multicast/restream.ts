import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { MulticastStatus, RestreamEventKind } from '@kerygma/domain/contracts/multicast';
import { binaryFor } from '@kerygma/ffmpeg/run';

/**
 * One restream: ffmpeg copies a source (the ingest's local RTMP address in production; any
 * ffmpeg input) to an RTMP or RTMPS destination without re-encoding, through the spec's §4
 * states: stopped → starting → running (once ffmpeg reports bytes sent) → stopping → stopped.
 *
 * When the destination refuses or drops the stream, it is tried again after `baseMs`, then twice
 * that, and so on (`starting` meanwhile), `attempts` times; a connection that carries the stream
 * again resets the count. Once the attempts are used up the restream is stopped with a fail event
 * whose detail is ffmpeg's last complaint. A source that ends (ffmpeg exits cleanly) stops it.
 */

export type RestreamDestination = { url: string; key: string };
export type RestreamEvent = { kind: RestreamEventKind; attempt: number; detail: string | null };

export type RestreamOptions = {
  reconnect: { baseMs: number; attempts: number };
  /** Read the source at its own pace (`-re`): a file as a live source (tests). A live source paces itself. */
  realtime?: boolean;
  ffmpegPath?: string;
  onStatus?: (status: MulticastStatus) => void;
  onEvent?: (event: RestreamEvent) => void;
};

export type Restream = {
  readonly status: MulticastStatus;
  /** Ends the restream (and any wait before a new attempt); settles once ffmpeg has exited. */
  stop(): Promise<void>;
  /** Settles when the restream is stopped, by stop() or by itself. */
  readonly stopped: Promise<void>;
};

/** ffmpeg is asked to finish its stream (the destination sees a proper end); after this it is killed. */
const KILL_AFTER_MS = 5000;
/** A destination that takes nothing for this long counts as dropped (ffmpeg's rw_timeout, µs). */
const STALL_TIMEOUT_US = 10_000_000;

/** The address ffmpeg publishes to: the destination's address and its key as the last path segment. */
export const publishUrl = (d: RestreamDestination) => `${d.url.replace(/\/+$/, '')}/${d.key}`;

export function startRestream(source: string, destination: RestreamDestination, options: RestreamOptions): Restream {
  let status: MulticastStatus = 'starting';
  let child: ChildProcess | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let stopRequested = false;
  let settle: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    settle = resolve;
  });

  const setStatus = (next: MulticastStatus) => {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  };
  const event = (kind: RestreamEventKind, detail: string | null) =>
    options.onEvent?.({ kind, attempt: failures, detail });
  const finish = () => {
    setStatus('stopped');
    settle();
  };

  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-nostats',
    '-progress',
    'pipe:1',
    ...(options.realtime ? ['-re'] : []),
    '-i',
    source,
    '-map',
    '0',
    '-c',
    'copy',
    '-rw_timeout',
    String(STALL_TIMEOUT_US),
    '-f',
    'flv',
    publishUrl(destination),
  ];

  function launch() {
    retry = undefined;
    let connected = false;
    let lastError: string | null = null;
    const proc = spawn(options.ffmpegPath ?? binaryFor('ffmpeg'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    // -progress writes `key=value` lines, a block every half second; bytes sent mean the destination took the stream.
    createInterface({ input: proc.stdout }).on('line', (line) => {
      const [name, value] = line.split('=', 2);
      if (connected || name !== 'total_size' || !(Number(value) > 0)) return;
      connected = true;
      failures = 0;
      // The event first: whoever sees 'running' finds the connection recorded.
      event('connect', null);
      if (!stopRequested) setStatus('running');
    });
    createInterface({ input: proc.stderr }).on('line', (line) => {
      if (line.trim()) lastError = line.trim().slice(0, 500);
    });
    proc.on('error', (err) => {
      lastError = err.message;
    });
    proc.on('close', (code, signal) => {
      child = undefined;
      if (stopRequested) return finish();
      const why = lastError ?? `ffmpeg exited with ${code ?? signal}`;
      if (connected) event('interrupt', code === 0 ? 'the source ended' : why);
      if (code === 0) return finish();
      failures += 1;
      if (failures > options.reconnect.attempts) {
        event('fail', why);
        return finish();
      }
      setStatus('starting');
      event('reconnect', why);
      retry = setTimeout(launch, options.reconnect.baseMs * 2 ** (failures - 1));
    });
  }

  options.onStatus?.('starting');
  launch();

  return {
    get status() {
      return status;
    },
    stopped,
    async stop() {
      if (status === 'stopped') return;
      stopRequested = true;
      if (retry) {
        clearTimeout(retry);
        retry = undefined;
        finish();
        return;
      }
      const proc = child;
      if (proc) {
        setStatus('stopping');
        proc.kill('SIGTERM');
        const killer = setTimeout(() => proc.kill('SIGKILL'), KILL_AFTER_MS);
        await stopped;
        clearTimeout(killer);
      }
      await stopped;
    },
  };
}
