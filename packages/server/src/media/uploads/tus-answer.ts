import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Server as TusServer } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../../errors.ts';

/**
 * Passes a tus request to the tus server and sends its answer through Fastify, so that its
 * errors reach the app's error handler and are answered in the API's JSON shape with their
 * status (the tus server itself answers errors in plain text, and a hook's error as a 500).
 */

/** Errors our own hooks threw (an unknown or already filled upload slot), by the request they failed. */
const hookErrors = new WeakMap<object, ApiError>();

/** For the tus server's `onResponseError`: keeps an ApiError of our hooks for `answerTus` (the answer is left as it is). */
export function keepHookError(req: object, error: unknown): undefined {
  if (error instanceof ApiError) hookErrors.set(req, error);
  return undefined;
}

/** The request as the web Request the tus server reads; only its path matters in its URL. */
function webRequest(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS';
  // A streamed body needs `duplex` (Node's RequestInit has it; the DOM's, which bench/ type-checks with, does not).
  const init: RequestInit & { duplex: 'half' } = {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req.raw) as ReadableStream<Uint8Array>) : null,
    duplex: 'half',
  };
  return new Request(new URL(req.raw.url ?? '/', 'http://upload.invalid'), init);
}

/** A tus error answer (status and its plain-text reason) as an ApiError. */
function tusError(status: number, reason: string): ApiError {
  if (status === 404 || status === 410) return notFound('error.uploadNotFound');
  if (status >= 500)
    return new ApiError(status, 'server_error', { error: { key: 'error.unknownWithStatus', params: { status } } });
  const detail = reason.trim() || String(status);
  const code = status === 409 ? 'conflict' : status === 413 ? 'payload_too_large' : 'bad_request';
  return new ApiError(status, code, { upload: { key: 'error.invalidParameter', params: { name: 'upload', detail } } });
}

export async function answerTus(tus: TusServer, req: FastifyRequest, reply: FastifyReply) {
  const request = webRequest(req);
  const answer = await tus.handleWeb(request);
  if (answer.status >= 400) {
    const reason = await answer.text();
    if (answer.status >= 500) req.log.error({ reason }, 'tus upload failed');
    throw hookErrors.get(request) ?? tusError(answer.status, reason);
  }
  reply.status(answer.status);
  for (const [name, value] of answer.headers) reply.header(name, value);
  return reply.send(answer.body ? Readable.fromWeb(answer.body as NodeReadableStream) : undefined);
}
