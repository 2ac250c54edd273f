import { type ChildProcess, spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import type { Readable } from 'node:stream';

/** Where the binaries live; unset, the process's defaults apply (see useBinaries). */
export type FfmpegBinaries = {
  ffmpegPath?: string;
  ffprobePath?: string;
};

/**
 * The binaries every call without its own path runs: FFMPEG_PATH and FFPROBE_PATH when set
 * (so that a test run can pick the binaries, e.g. the npm package's old ffmpeg), else `ffmpeg`
 * and `ffprobe` on PATH, until the server's start-up settles on others (locate.ts).
 */
const defaults: Record<Tool, string> = {
  ffmpeg: process.env.FFMPEG_PATH || 'ffmpeg',
  ffprobe: process.env.FFPROBE_PATH || 'ffprobe',
};

/** Makes `binaries` the process's defaults (the ones locateFfmpeg found working). */
export function useBinaries(binaries: Required<FfmpegBinaries>): void {
  defaults.ffmpeg = binaries.ffmpegPath;
  defaults.ffprobe = binaries.ffprobePath;
}

/** Options every media function in this package accepts. */
export type ToolOptions = FfmpegBinaries & {
  signal?: AbortSignal;
  /**
   * Scheduling priority added to the tool's processes (nice value, 0-19): work that runs beside
   * a CPU-bound encode takes the cores it leaves idle instead of slowing it down.
   */
  niceness?: number;
};

export type RunOptions = ToolOptions & {
  /** Receive stdout as it arrives instead of buffering it (for long decodes). */
  onStdout?: (chunk: Buffer) => void;
};

export type RunResult = {
  /** Buffered stdout; empty when `onStdout` was given. */
  stdout: Buffer;
  /** Last few KB of stderr. */
  stderrTail: string;
};

export type Tool = 'ffmpeg' | 'ffprobe';

const STDERR_TAIL_CHARS = 4096;

/** A tool exited non-zero (or could not be started); `stderrTail` says why. */
export class FfmpegError extends Error {
  readonly tool: Tool;
  readonly exitCode: number | null;
  readonly stderrTail: string;

  constructor(tool: Tool, exitCode: number | null, stderrTail: string, options?: ErrorOptions) {
    const tail = stderrTail.trim();
    super(`${tool} exited with code ${exitCode ?? '(signal)'}${tail ? `: ${tail}` : ''}`, options);
    this.name = 'FfmpegError';
    this.tool = tool;
    this.exitCode = exitCode;
    this.stderrTail = tail;
  }
}

export function binaryFor(tool: Tool, options: FfmpegBinaries = {}): string {
  return (tool === 'ffmpeg' ? options.ffmpegPath : options.ffprobePath) ?? defaults[tool];
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted', 'AbortError');
}

type Started = {
  child: ChildProcess;
  /** Settles when the process has exited and its output streams closed. */
  done: Promise<RunResult>;
};

/** Spawns one tool; stdout is buffered, streamed to `onStdout`, or left for a pipe. */
function start(
  tool: Tool,
  args: readonly string[],
  options: RunOptions,
  stdin: 'ignore' | Readable,
  stdout: 'collect' | 'leave',
): Started {
  const { signal, onStdout } = options;
  const fullArgs = tool === 'ffmpeg' ? ['-hide_banner', '-nostdin', ...args] : ['-hide_banner', ...args];
  const child = spawn(binaryFor(tool, options), fullArgs, { stdio: [stdin, 'pipe', 'pipe'] });
  if (options.niceness && child.pid !== undefined) {
    try {
      setPriority(child.pid, options.niceness);
    } catch {
      // Only a scheduling hint: the work is the same without it.
    }
  }

  const done = new Promise<RunResult>((resolve, reject) => {
    const stdoutChunks: Buffer[] = [];
    let stderrTail = '';
    let settled = false;

    const onAbort = () => {
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (error: unknown, result?: RunResult) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (error !== undefined) reject(error);
      else if (result) resolve(result);
    };

    if (stdout === 'collect') {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (!onStdout) {
          stdoutChunks.push(chunk);
          return;
        }
        try {
          onStdout(chunk);
        } catch (error) {
          child.kill('SIGKILL');
          finish(error);
        }
      });
    }
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });

    child.on('error', (error: NodeJS.ErrnoException) => {
      const message =
        error.code === 'ENOENT'
          ? `${tool} not found (tried "${binaryFor(tool, options)}"); install ffmpeg or pass ${tool}Path`
          : `${tool} could not be started: ${error.message}`;
      finish(new FfmpegError(tool, null, message, { cause: error }));
    });

    child.on('close', (code, exitSignal) => {
      if (signal?.aborted) finish(abortReason(signal));
      else if (code === 0) finish(undefined, { stdout: Buffer.concat(stdoutChunks), stderrTail });
      else finish(new FfmpegError(tool, code, stderrTail || (exitSignal ? `killed by ${exitSignal}` : '')));
    });
  });
  return { child, done };
}

/**
 * Runs ffmpeg or ffprobe with `args` (no shell). Resolves with stdout on exit 0,
 * rejects with FfmpegError carrying the stderr tail otherwise, and kills the
 * process (rejecting with the signal's reason) when `signal` aborts.
 */
export function run(tool: Tool, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  if (options.signal?.aborted) return Promise.reject(abortReason(options.signal));
  return start(tool, args, options, 'ignore', 'collect').done;
}

export type PipelineStep = { tool: Tool; args: readonly string[] };

/**
 * A producer that died because its reader went away (child stdio pipes are
 * socketpairs, hence "connection reset"): the reader's error is the real one.
 */
function isBrokenPipe(error: unknown): boolean {
  return error instanceof FfmpegError && /Broken pipe|Connection reset by peer|SIGPIPE/i.test(error.stderrTail);
}

/**
 * Runs `producer | consumer` with an OS pipe between them (no data passes
 * through JS), so two single-threaded stages such as filtering and encoding
 * run on two cores. Resolves with the consumer's result; on failure rejects
 * with the error of the stage that actually failed.
 */
export async function runPipeline(
  producer: PipelineStep,
  consumer: PipelineStep,
  options: RunOptions = {},
): Promise<RunResult> {
  const { signal } = options;
  if (signal?.aborted) throw abortReason(signal);
  const first = start(producer.tool, producer.args, options, 'ignore', 'leave');
  // Keep a rejection of `first` from going unhandled while the second starts.
  const firstSettled = first.done.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const pipe = first.child.stdout;
  if (!pipe) throw new Error('producer has no stdout');
  let second: Started;
  try {
    second = start(consumer.tool, consumer.args, options, pipe, 'collect');
  } catch (error) {
    first.child.kill('SIGKILL');
    const result = await firstSettled;
    throw result.ok ? error : result.error;
  }
  // The consumer holds its own copy of the read end; ours must not steal data.
  pipe.destroy();

  const [a, b] = await Promise.all([
    firstSettled,
    second.done.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
  ]);
  if (signal?.aborted) throw abortReason(signal);
  if (!a.ok && !(isBrokenPipe(a.error) && !b.ok)) throw a.error;
  if (!b.ok) throw b.error;
  return b.value;
}
