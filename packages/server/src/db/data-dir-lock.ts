import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, realpathSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * One process at a time on an embedded database. PGlite keeps its data in files that a second
 * process would open as if it were alone: it would not see what the first writes, and both
 * writing can lose data. So whatever opens `<data dir>/pglite` first holds the data dir, by
 * listening on a local socket, `<data dir>/kerygma.sock`. Another process finds it answering
 * (with a line saying who holds it) and stops, or hands its command to the holder when the
 * holder takes commands (cli/admin-channel.ts). The kernel is the judge of liveness: a
 * process killed outright leaves the socket file but nothing answers on it, so the next
 * process removes it and takes its place, never blocked by a stale lock.
 */

/**
 * Who holds a data dir, as its socket's first line says: `commands` when it takes commands
 * (cli/admin-channel.ts), `starting` when it will once started (the server, while it migrates).
 */
export type Holder = { pid: number; holder: string; commands: boolean; starting: boolean };

export class DataDirBusyError extends Error {
  readonly holder: Holder;

  constructor(dataDir: string, holder: Holder) {
    super(
      `The embedded database in ${dataDir} is in use by ${holder.holder}` +
        `${holder.pid ? ` (pid ${holder.pid})` : ''}: only one process may open it at a time.`,
    );
    this.name = 'DataDirBusyError';
    this.holder = holder;
  }
}

export type DataDirLock = {
  readonly socketPath: string;
  /**
   * Hands every later connection, after the hello line, to `onConnection` (the holder then says
   * it takes commands); without it a connection gets the hello line alone.
   */
  accept(onConnection: (socket: net.Socket, lines: LineReader) => void): void;
  /** Stops listening (the socket file goes with it). */
  release(): Promise<void>;
};

/** sun_path holds 104 to 108 bytes; a longer socket path goes to the temp folder, named after the data dir. */
const MAX_SOCKET_PATH = 100;
/** A takeover marker older than this was left by a process killed while taking over. */
const STALE_TAKEOVER_MS = 10_000;
const KNOCK_TIMEOUT_MS = 3_000;
/** The hello line, and any line a peer sends, is at most this long. */
export const MAX_LINE = 64 * 1024;

/** The socket of `dataDir` (which must exist): the same path for every process on this machine. */
export function lockSocketPath(dataDir: string): string {
  const dir = realpathSync(dataDir);
  const hash = createHash('sha256').update(dir).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\kerygma-${hash}`;
  const inDir = path.join(dir, 'kerygma.sock');
  return Buffer.byteLength(inDir) <= MAX_SOCKET_PATH ? inDir : path.join(tmpdir(), `kerygma-${hash}.sock`);
}

/** The lines a peer sends, one at a time (each at most MAX_LINE bytes; a longer one ends the connection). */
export type LineReader = { next(): Promise<string | null> };

/** Splits what `socket` receives into lines; `next` resolves with null once it has ended. */
export function lineReader(socket: net.Socket): LineReader {
  const lines: string[] = [];
  let partial = '';
  let ended = false;
  let waiting: ((line: string | null) => void) | undefined;
  const deliver = () => {
    if (!waiting || (!lines.length && !ended)) return;
    const resolve = waiting;
    waiting = undefined;
    resolve(lines.shift() ?? null);
  };
  socket.on('data', (chunk: Buffer) => {
    partial += chunk.toString('utf8');
    for (let end = partial.indexOf('\n'); end >= 0; end = partial.indexOf('\n')) {
      lines.push(partial.slice(0, end));
      partial = partial.slice(end + 1);
    }
    if (partial.length > MAX_LINE) socket.destroy();
    deliver();
  });
  socket.on('close', () => {
    ended = true;
    deliver();
  });
  return {
    next: () =>
      new Promise((resolve) => {
        waiting = resolve;
        deliver();
      }),
  };
}

/**
 * Connects to the data dir's socket and reads who holds it. Null when nobody holds it (no
 * socket, one left by a killed process, or one closing). `keep` receives the open connection,
 * after the hello line, instead of it being closed.
 */
export async function knock(
  socketPath: string,
  keep?: (socket: net.Socket, lines: LineReader) => void,
): Promise<Holder | null> {
  const socket = net.connect(socketPath);
  const lines = lineReader(socket);
  const silent = (what: string): Holder => ({ pid: 0, holder: what, commands: false, starting: false });
  const connected = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false)); // refused or absent: nobody listens
  });
  if (!connected) return null;
  socket.on('error', () => {}); // a reset ends the reader (below)
  let timer: NodeJS.Timeout | undefined;
  const line = await Promise.race([
    lines.next(),
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), KNOCK_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  // Closed before a word: the holder was letting go as we knocked, and nobody holds it now.
  if (line === null) return null;
  let holder: Holder;
  if (line === undefined) holder = silent('a process that does not answer');
  else {
    try {
      const hello = JSON.parse(line) as Partial<Holder>;
      holder = {
        pid: Number(hello.pid) || 0,
        holder: String(hello.holder ?? 'a process'),
        commands: hello.commands === true,
        starting: hello.starting === true,
      };
    } catch {
      holder = silent('a process that is not Kerygma');
    }
  }
  if (keep) keep(socket, lines);
  else socket.destroy();
  return holder;
}

/** Listens on `socketPath`; false when another socket is there (live or left behind). */
function bind(server: net.Server, socketPath: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') resolve(false);
      else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(true);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    // Only this user may connect (where the system honours socket permissions).
    server.listen({ path: socketPath, readableAll: false, writableAll: false });
  });
}

/**
 * Runs `takeOver` while holding `<socket>.takeover` (created exclusively), so that of two
 * processes finding the same stale socket, only one removes it and listens: the other then
 * finds that one answering. A marker left by a process killed meanwhile expires.
 */
async function exclusively<T>(socketPath: string, takeOver: () => Promise<T>): Promise<T> {
  const marker = `${socketPath}.takeover`;
  for (;;) {
    try {
      closeSync(openSync(marker, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(marker, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_TAKEOVER_MS) rmSync(marker, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await takeOver();
  } finally {
    rmSync(marker, { force: true });
  }
}

/**
 * Holds `dataDir` for this process, as `holder` (what another process will be told, e.g.
 * "the Kerygma server"), or throws DataDirBusyError naming the process that holds it.
 * `takesCommands`: tell others to wait for accept() rather than give up.
 */
export async function lockDataDir(dataDir: string, holder: string, takesCommands = false): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const socketPath = lockSocketPath(dataDir);
  let onConnection: ((socket: net.Socket, lines: LineReader) => void) | undefined;
  const server = net.createServer((socket) => {
    socket.on('error', () => {}); // a peer that goes away mid-line is its own business
    const commands = onConnection !== undefined;
    socket.write(`${JSON.stringify({ pid: process.pid, holder, commands, starting: takesCommands && !commands })}\n`);
    if (onConnection) onConnection(socket, lineReader(socket));
    else socket.end();
  });
  // A stale socket is taken over at most a few times in a row; more means something else is wrong.
  for (let attempt = 0; ; attempt++) {
    if (await bind(server, socketPath)) break;
    const other = await knock(socketPath);
    if (other) throw new DataDirBusyError(dataDir, other);
    if (attempt === 3) throw new Error(`Cannot take over ${socketPath}: remove it if no Kerygma process runs`);
    const taken = await exclusively(socketPath, async () => {
      if (await knock(socketPath)) return false; // someone took it meanwhile: the next round says who
      rmSync(socketPath, { force: true });
      return bind(server, socketPath);
    });
    if (taken) break;
  }
  server.unref(); // the lock alone keeps no process alive
  return {
    socketPath,
    accept(handler) {
      onConnection = handler;
    },
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
