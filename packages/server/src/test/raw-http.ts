import { connect } from 'node:net';

export type RawAnswer = { status: number | undefined; head: string; body: string; closedAfterMs: number };

/**
 * Sends bytes to `port` as they are given (each string of `parts` after `gapMs`) and reads what
 * comes back until the server closes the connection or `waitMs` passes: for requests that
 * app.inject cannot make (malformed on the wire, or slow).
 */
export function rawRequest(port: number, parts: string[], options: { gapMs?: number; waitMs?: number } = {}) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
      resolve({
        status: status ? Number(status) : undefined,
        head,
        body: split === -1 ? '' : text.slice(split + 4),
        closedAfterMs: Date.now() - started,
      });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, options.waitMs ?? 5000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', done);
    socket.on('error', (error) => ((error as { code?: string }).code === 'ECONNRESET' ? undefined : reject(error)));
    socket.on('connect', async () => {
      for (const [i, part] of parts.entries()) {
        if (i > 0 && options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
        if (socket.destroyed) return;
        socket.write(part);
      }
    });
  });
}
