import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { type DataDirLock, type Holder, knock, type LineReader, lockSocketPath } from '../db/data-dir-lock.ts';
import { type AdminRequest, adminRequest, type CommandResult } from './admin-commands.ts';

/**
 * Commands sent to the process that holds an embedded database (the running server), through
 * its data dir's socket (db/data-dir-lock.ts): `pnpm api-key` and `pnpm seed` change the
 * database the server has open instead of opening it a second time. The socket is local, never
 * a network port, and only the data dir's owner can send a command: each request carries the
 * token the holder wrote to `<data dir>/admin-token`, a file that user alone may read.
 *
 * Lines of JSON: the holder's hello, the request ({token, ...AdminRequest}), then `{say}` lines
 * (progress) and one `{done: true, ok, text}`.
 */

const TOKEN_FILE = 'admin-token';

export type CommandRunner = (request: AdminRequest, say: (line: string) => void) => Promise<CommandResult>;

type Reply = { say: string } | ({ done: true } & CommandResult);

function sameToken(given: unknown, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Makes the holder of `lock` run the commands sent to it. */
export function serveAdminCommands(lock: DataDirLock, dataDir: string, run: CommandRunner): void {
  const token = randomBytes(32).toString('base64url');
  const tokenFile = path.join(dataDir, TOKEN_FILE);
  writeFileSync(tokenFile, token, { mode: 0o600 });
  chmodSync(tokenFile, 0o600); // the mode above applies only to a new file
  lock.accept(async (socket, lines) => {
    const reply = (message: Reply) => socket.write(`${JSON.stringify(message)}\n`);
    const line = await lines.next();
    if (line === null) return;
    let result: CommandResult;
    try {
      const { token: given, ...rest } = JSON.parse(line) as { token?: unknown };
      const request = adminRequest.safeParse(rest);
      if (!sameToken(given, token)) result = { ok: false, text: `Not authorised: the token is not ${tokenFile}'s.` };
      else if (!request.success) result = { ok: false, text: `Not a command: ${request.error.message}` };
      else result = await run(request.data, (say) => reply({ say }));
    } catch (error) {
      result = { ok: false, text: error instanceof SyntaxError ? 'Not a command: not JSON' : String(error) };
    }
    socket.end(`${JSON.stringify({ done: true, ...result } satisfies Reply)}\n`);
  });
}

/**
 * Sends `request` to the process holding `dataDir` and resolves with its result, passing its
 * progress lines to `say`. Null when no process holds the data dir; the holder when it does not
 * take commands (now).
 */
export async function sendAdminCommand(
  dataDir: string,
  request: AdminRequest,
  say: (line: string) => void,
): Promise<CommandResult | { holder: Holder } | null> {
  let connection: { socket: net.Socket; lines: LineReader } | undefined;
  const holder = await knock(lockSocketPath(dataDir), (socket, lines) => {
    connection = { socket, lines };
  });
  if (!holder || !connection) return holder && { holder };
  const { socket, lines } = connection;
  if (!holder.commands) {
    socket.destroy();
    return { holder };
  }
  const token = readFileSync(path.join(dataDir, TOKEN_FILE), 'utf8');
  socket.write(`${JSON.stringify({ token, ...request })}\n`);
  for (let line = await lines.next(); line !== null; line = await lines.next()) {
    const message = JSON.parse(line) as Reply;
    if ('say' in message) say(message.say);
    else {
      socket.end();
      return { ok: message.ok, text: message.text };
    }
  }
  return { ok: false, text: `${holder.holder} closed the connection mid-command` };
}
