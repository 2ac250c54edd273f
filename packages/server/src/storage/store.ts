import type { Readable } from 'node:stream';

/**
 * Where media files live, addressed by storage keys like '<sermonID>/r/<guid>/audio-high.mp3'.
 * Local disk by default (local-store.ts); an S3-compatible bucket when configured (s3-store.ts).
 * Keys never start with '/', hold no '..' or '.'-segments and no NUL.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Size and type of an object, or undefined when there is none. */
  stat(key: string): Promise<ObjectInfo | undefined>;
  /** A whole object (small files: waveform peaks, playlists). Throws 404 'error.mediaNotFound'. */
  read(key: string): Promise<Buffer>;
  /** An object, or the inclusive byte range of it, as a stream. Throws 404, or RangeNotSatisfiableError. */
  stream(key: string, range?: ByteRange): Promise<ObjectStream>;
  /** Every object under the folder `prefix/`, sorted by key. */
  list(prefix: string): Promise<ObjectInfo[]>;
  /** Stores a local file under `key`, consuming it (moved, or uploaded and removed). */
  moveIn(key: string, file: string): Promise<void>;
  /**
   * Stores a local folder's files under `prefix/`, consuming the folder and replacing what was
   * under that prefix before (a re-run of a job leaves no stale files).
   */
  moveDirIn(prefix: string, dir: string): Promise<void>;
  /** Removes the object `key`, or every object under the folder `key/`; nothing there is no error. */
  remove(key: string): Promise<void>;
  /** A fresh scratch folder for tools that need files (ffmpeg); the caller removes it. */
  workDir(): Promise<string>;
  /**
   * A local path holding the object for reading: the stored file itself on local disk, else a
   * download into `workDir`.
   */
  localCopy(key: string, workDir: string): Promise<string>;
  /**
   * How a client gets the object: a file the app sends itself, or a URL off the app. A `private`
   * object is never sent to the public base URL (a CDN), only to a presigned one.
   */
  locate(key: string, options?: { downloadName?: string; private?: boolean }): Promise<ObjectLocation>;
}

export type ObjectInfo = { key: string; size: number; contentType: string };
/** Inclusive byte offsets; `end` defaults to the last byte. */
export type ByteRange = { start: number; end?: number };
export type ObjectStream = ObjectInfo & { body: Readable; start: number; end: number };
/** `signed`: the URL only works with its own query string, so links relative to it do not. */
export type ObjectLocation = { file: string } | { url: string; signed: boolean };

export class RangeNotSatisfiableError extends Error {
  readonly size: number;
  constructor(size: number) {
    super(`range not satisfiable (size ${size})`);
    this.size = size;
  }
}

/** Cache-Control for stored objects: keys hold the upload's guid, so their bytes never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  json: 'application/json',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
};

export function contentTypeFor(key: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** Whether a key is well formed (see MediaStore); stores treat any other key as missing. */
export function isValidKey(key: string): boolean {
  return key.length > 0 && !key.startsWith('/') && !key.includes('\0') && !/(^|\/)\.|\/\/|\\/.test(key);
}

/** The inclusive end of `range` within an object of `size` bytes; throws when it lies outside. */
export function rangeEnd(range: ByteRange, size: number): number {
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (range.start < 0 || range.start >= size || end < range.start) throw new RangeNotSatisfiableError(size);
  return end;
}

/**
 * Bidirectional controls (embeddings, overrides, isolates, the LRM, RLM and Arabic letter marks):
 * a right-to-left override makes `cod\u202Ecod.mp3` show as `cod3pm.doc`, hiding a name's real
 * extension, so they are dropped from file names.
 */
const BIDI_CONTROLS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

/**
 * `name` as a file name every system accepts and every reader sees as it is: no path
 * separators, bidi controls, control characters (C0, DEL, C1, line and paragraph separators)
 * or the characters Windows refuses, spaces collapsed, no dots or spaces at either end, at most
 * 180 characters.
 */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(BIDI_CONTROLS, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029<>:"/\\|?*]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return cleaned.slice(0, 180) || 'download';
}

/**
 * A Content-Disposition that downloads the object as `name` (RFC 6266): an ASCII `filename` for
 * old clients and the exact UTF-8 name in `filename*` (a Korean or Tamil title stays readable).
 */
export function contentDisposition(name: string): string {
  const safe = safeFileName(name);
  const ascii =
    safe
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/\s+/g, ' ')
      .trim() || 'download';
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
