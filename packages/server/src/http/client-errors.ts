import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { MessageKey, Translate } from '@kerygma/i18n/t';
import { isApiPath } from './api-base.ts';

/** What Node's 'clientError' event gives (Fastify types `rawPacket` as a Buffer's JSON). */
type ClientError = Error & { code?: string; rawPacket?: unknown };

const ANSWERS: Record<number, { key: MessageKey; code: string }> = {
  400: { key: 'error.malformedRequest', code: 'bad_request' },
  408: { key: 'error.requestTimeout', code: 'request_timeout' },
  431: { key: 'error.headersTooLarge', code: 'headers_too_large' },
};

/**
 * Answers requests Node's HTTP parser refuses before the app sees them: headers too large (431),
 * an unknown method, bad chunking or Content-Length (400), headers that take too long (408).
 * A request for an API path gets the API's error shape, anything else a line of text; English,
 * since the request's headers could not be read. The connection is closed after the answer.
 */
export function clientErrorAnswer(t: Translate) {
  return (error: ClientError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const { key, code } = ANSWERS[status] as (typeof ANSWERS)[number];
    const message = t(key);
    const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined;
    const target = requestTarget(packet);
    const api = target !== undefined && isApiPath(target);
    const body = api ? JSON.stringify({ errors: { error: message }, status, code }) : `${message}\n`;
    const type = api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8';
    if (socket.writable) {
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${type}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    // The client may still be sending what could not be parsed: stop reading it.
    setTimeout(() => socket.destroy(), 1000).unref();
  };
}

/** The request target of the first request line in `packet` ('/api/v2/…'), if it got that far. */
export function requestTarget(packet: Buffer | undefined): string | undefined {
  if (!packet) return undefined;
  const line = packet.subarray(0, Math.min(packet.length, 8192)).toString('latin1');
  return /^[^ \r\n]* ([^ \r\n]+)/.exec(line)?.[1];
}
