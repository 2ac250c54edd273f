import { lookup as dnsLookup } from 'node:dns/promises';
import { createWriteStream } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MessageRef } from '../errors.ts';

/**
 * Fetching what a broadcaster points at (a feed, an episode's file) without letting the address
 * reach inside our network (SSRF): only http(s); the host is resolved once, refused when any of
 * its addresses is not public, and the connection made to the address checked (a second lookup
 * could answer otherwise: DNS rebinding); every redirect is checked the same way; connect and
 * whole-transfer timeouts; the byte limit is enforced while the body streams.
 */

/** Why a fetch was refused or failed, as a message key; `transient` ones may succeed later. */
export class FetchError extends Error {
  readonly ref: MessageRef;
  readonly transient: boolean;
  constructor(key: string, params?: MessageRef['params'], transient = false) {
    super(key);
    this.ref = params ? { key, params } : { key };
    this.transient = transient;
  }
}

export type SafeFetchOptions = {
  /** FEED_IMPORT_ALLOW_LOOPBACK: 127.0.0.0/8 and ::1 allowed (tests serve fixtures there). */
  allowLoopback: boolean;
  maxBytes: number;
  connectTimeoutMs?: number;
  /** From the request to the body's last byte. */
  totalTimeoutMs?: number;
  maxRedirects?: number;
  signal?: AbortSignal | undefined;
  /** The resolver (tests give one that answers private addresses for a public-looking name). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
};

const DEFAULTS = { connectTimeoutMs: 10_000, totalTimeoutMs: 60_000, maxRedirects: 5 };

// ---- the address rules ----

type Cidr = readonly [bytes: number[], bits: number];

function v4Bytes(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** An IPv6 address's 16 bytes ('::' expanded, a dotted IPv4 tail read), or null. */
function v6Bytes(address: string): number[] | null {
  let text = address.replace(/%.*$/, '').toLowerCase();
  let tail: number[] = [];
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = v4Bytes(dotted[1]);
    if (!v4) return null;
    tail = v4;
    text = `${text.slice(0, -dotted[1].length)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const bytes = all.flatMap((g) => [Number.parseInt(g, 16) >> 8, Number.parseInt(g, 16) & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function cidr(text: string): Cidr {
  const [address = '', bits = ''] = text.split('/');
  const bytes = address.includes(':') ? v6Bytes(address) : v4Bytes(address);
  if (!bytes) throw new Error(`bad CIDR ${text}`);
  return [bytes, Number(bits)];
}

function within(bytes: number[], [net, bits]: Cidr): boolean {
  if (bytes.length !== net.length) return false;
  for (let i = 0; i < bits; i += 8) {
    const mask = bits - i >= 8 ? 0xff : (0xff << (8 - (bits - i))) & 0xff;
    if (((bytes[i / 8] as number) & mask) !== ((net[i / 8] as number) & mask)) return false;
  }
  return true;
}

const V4_LOOPBACK = [cidr('127.0.0.0/8')];
const V4_REFUSED = [
  '0.0.0.0/8', // unspecified, "this network"
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16', // private
  '100.64.0.0/10', // CGNAT
  '169.254.0.0/16', // link-local (cloud metadata)
  '192.0.0.0/24', // protocol assignments
  '192.0.2.0/24',
  '198.51.100.0/24',
  '203.0.113.0/24', // documentation
  '198.18.0.0/15', // benchmarking
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, broadcast
].map(cidr);
const V6_LOOPBACK = cidr('::1/128');
/** '::' and '::1', which '::/96' below also holds. */
const V6_UNSPECIFIED_OR_LOOPBACK = cidr('::/127');
const V6_REFUSED = [
  '::/128', // unspecified
  'fe80::/10', // link-local
  'fec0::/10', // site-local (deprecated)
  'fc00::/7', // unique-local
  'ff00::/8', // multicast
  '100::/64', // discard
  '2001:db8::/32', // documentation
].map(cidr);
/** IPv6 forms that carry an IPv4 address: judged by that address. */
const V6_EMBEDDING: readonly [Cidr, number][] = [
  [cidr('::ffff:0:0/96'), 12], // IPv4-mapped
  [cidr('::/96'), 12], // IPv4-compatible (deprecated)
  [cidr('64:ff9b::/96'), 12], // NAT64
  [cidr('2002::/16'), 2], // 6to4
];

/** Whether an address (IPv4 or IPv6, as text) may be fetched from. */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const v4 = isIP(address) === 4 ? v4Bytes(address) : null;
  if (v4) return v4Allowed(v4, allowLoopback);
  const v6 = isIP(address) === 6 ? v6Bytes(address) : null;
  if (!v6) return false;
  if (within(v6, V6_LOOPBACK)) return allowLoopback;
  for (const [net, at] of V6_EMBEDDING) {
    if (within(v6, net) && !within(v6, V6_UNSPECIFIED_OR_LOOPBACK))
      return v4Allowed(v6.slice(at, at + 4), allowLoopback);
  }
  return !V6_REFUSED.some((net) => within(v6, net));
}

function v4Allowed(bytes: number[], allowLoopback: boolean): boolean {
  if (V4_LOOPBACK.some((net) => within(bytes, net))) return allowLoopback;
  return !V4_REFUSED.some((net) => within(bytes, net));
}

// ---- fetching ----

const defaultResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true });

/** The address to connect to: the host resolved, every answer public (else refused). */
async function checkedAddress(url: URL, options: SafeFetchOptions): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let answers: { address: string; family: number }[];
  if (isIP(host)) answers = [{ address: host, family: isIP(host) }];
  else {
    try {
      answers = await (options.resolve ?? defaultResolve)(host);
    } catch {
      throw new FetchError('feedImport.error.unresolvable', { host }, true);
    }
  }
  const first = answers[0];
  if (!first) throw new FetchError('feedImport.error.unresolvable', { host }, true);
  if (answers.some((a) => !isPublicAddress(a.address, options.allowLoopback)))
    throw new FetchError('feedImport.error.privateAddress', { host });
  return first;
}

function parseAddress(address: string): URL {
  const url = URL.canParse(address) ? new URL(address) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new FetchError('feedImport.error.badAddress');
  if (url.username || url.password) throw new FetchError('feedImport.error.badAddress');
  return url;
}

/** One request to a checked address; the response, or a redirect's next address. */
function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  options: Required<Pick<SafeFetchOptions, 'connectTimeoutMs'>> & { signal: AbortSignal },
): Promise<IncomingMessage> {
  // The connection goes to the address checked, whatever a lookup would answer now.
  const lookup: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      lookup,
      signal: options.signal,
      headers: { 'user-agent': 'Kerygma feed import', accept: '*/*' },
    });
    const connectTimer = setTimeout(
      () => req.destroy(new FetchError('feedImport.error.timeout', undefined, true)),
      options.connectTimeoutMs,
    );
    req.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      else socket.once('connect', () => clearTimeout(connectTimer));
    });
    req.on('response', (res) => {
      clearTimeout(connectTimer);
      resolve(res);
    });
    req.on('error', (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    req.end();
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches an address and streams its body into `sink`, checking the address and each redirect's
 * and cutting the transfer at `maxBytes`. Resolves with the final address.
 */
export async function safeFetch(
  address: string,
  options: SafeFetchOptions,
  sink: (body: NodeJS.ReadableStream, res: IncomingMessage) => Promise<void>,
): Promise<{ url: string; contentType: string | null }> {
  const o = { ...DEFAULTS, ...options };
  const overall = new AbortController();
  const timer = setTimeout(
    () => overall.abort(new FetchError('feedImport.error.timeout', undefined, true)),
    o.totalTimeoutMs,
  );
  const signal = options.signal ? AbortSignal.any([overall.signal, options.signal]) : overall.signal;
  try {
    let url = parseAddress(address);
    for (let redirects = 0; ; redirects++) {
      const pinned = await checkedAddress(url, o);
      const res = await requestOnce(url, pinned, { connectTimeoutMs: o.connectTimeoutMs, signal });
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode ?? 0) && location) {
        res.resume();
        if (redirects >= o.maxRedirects)
          throw new FetchError('feedImport.error.tooManyRedirects', { max: o.maxRedirects });
        url = parseAddress(new URL(location, url).toString());
        continue;
      }
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 299) {
        res.resume();
        throw new FetchError('feedImport.error.httpStatus', { status }, status >= 500 || status === 429);
      }
      const tooLarge = () => new FetchError('feedImport.error.tooLarge', { mb: Math.floor(o.maxBytes / 1024 / 1024) });
      if (Number(res.headers['content-length'] ?? 0) > o.maxBytes) {
        res.destroy();
        throw tooLarge();
      }
      let received = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _enc, done) {
          received += chunk.length;
          if (received <= o.maxBytes) return done(null, chunk);
          res.destroy(); // stop the transfer itself, not only our reading of it
          done(tooLarge());
        },
      });
      res.on('error', (error) => limit.destroy(error));
      try {
        await sink(res.pipe(limit), res);
      } catch (error) {
        res.destroy();
        throw error;
      }
      const type = res.headers['content-type'];
      return { url: url.toString(), contentType: type ?? null };
    }
  } catch (error) {
    throw asFetchError(signal.aborted ? (signal.reason ?? error) : error);
  } finally {
    clearTimeout(timer);
  }
}

function asFetchError(error: unknown): FetchError {
  if (error instanceof FetchError) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof FetchError) return cause;
  return new FetchError('feedImport.error.unreachable', undefined, true);
}

/** A feed's text (UTF-8), at most `maxBytes`. */
export async function fetchText(address: string, options: SafeFetchOptions): Promise<{ url: string; text: string }> {
  const chunks: Buffer[] = [];
  const { url } = await safeFetch(address, options, async (body) => {
    for await (const chunk of body) chunks.push(chunk as Buffer);
  });
  return { url, text: Buffer.concat(chunks).toString('utf8') };
}

/** A file's bytes written to `file`, at most `maxBytes`. */
export async function fetchToFile(
  address: string,
  file: string,
  options: SafeFetchOptions,
): Promise<{ url: string; contentType: string | null }> {
  return safeFetch(address, options, (body) => pipeline(body, createWriteStream(file)));
}
