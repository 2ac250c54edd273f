import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { notFound } from '../errors.ts';
import {
  contentDisposition,
  contentTypeFor,
  IMMUTABLE,
  isValidKey,
  type MediaStore,
  type ObjectInfo,
  RangeNotSatisfiableError,
} from './store.ts';
import { workDirs } from './work-dir.ts';

export type S3Config = {
  bucket: string;
  /** Unset for AWS itself; e.g. 'http://127.0.0.1:9000' for MinIO. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default credential chain (AWS_* variables, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** 'https://host/bucket/key' instead of 'https://bucket.host/key' (MinIO, most self-hosted stores). */
  forcePathStyle: boolean;
  /** Public base URL of the bucket's objects (a CDN); unset: clients get presigned URLs. */
  publicUrl: string | undefined;
};

export type S3StoreOptions = {
  /** Multipart part size; files up to one part go up in one PUT. */
  partSize?: number;
  /** Where scratch folders go (default the system's temp dir). */
  workRoot?: string;
  /** A client to use instead of one made from the config (tests observe its commands). */
  client?: S3Client;
};

/** Presigned URLs stay valid long enough for a paused player to resume (SigV4 allows 7 days). */
const PRESIGN_SECONDS = 24 * 3600;
/**
 * Presigning takes 0.6-0.7 ms of CPU in the SDK against about 2 µs to reuse a URL
 * (bench/media-s3.ts), so a URL is handed out again for its first hour (it then has 23 hours
 * left); this many are kept.
 */
const REUSE_MS = 3600_000;
const REUSE_MAX = 20_000;
/**
 * Multipart uploads hold about part size × parts in flight in memory: 8 MB × 2 put a 384 MB
 * original into Ceph RGW for +38 MB of RSS, where 16 MB × 4 took +101 MB, at the same speed
 * (`node bench/media-s3.ts --megabytes 384`). 10,000 parts allow files up to 80 GB.
 */
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** Files stored at once by moveDirIn (an HLS ladder has hundreds of small segments). */
const PARALLEL_FILES = 8;

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: the SDK's default (x-amz-checksum-* headers, or
    // aws-chunked trailers, on every upload) is rejected by several S3-compatible services.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Media objects in an S3-compatible bucket; objects get their content type and an immutable Cache-Control. */
export function s3MediaStore(config: S3Config, options: S3StoreOptions = {}): MediaStore {
  const client = options.client ?? s3Client(config);
  const Bucket = config.bucket;
  const partSize = options.partSize ?? DEFAULT_PART_SIZE;
  const presigned = new Map<string, { url: string; until: number }>();
  const checked = (key: string) => {
    if (!isValidKey(key)) throw notFound('error.mediaNotFound');
    return key;
  };

  const head = async (key: string): Promise<ObjectInfo | undefined> => {
    try {
      const h = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
      return { key, size: h.ContentLength ?? 0, contentType: h.ContentType ?? contentTypeFor(key) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  const get = async (key: string, range?: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: checked(key), Range: range }));
    } catch (error) {
      if (isMissing(error)) throw notFound('error.mediaNotFound');
      if (status(error) === 416) throw new RangeNotSatisfiableError((await head(key))?.size ?? 0);
      throw error;
    }
  };

  const upload = async (key: string, file: string) => {
    await new Upload({
      client,
      partSize,
      queueSize: PARTS_IN_FLIGHT,
      params: {
        Bucket,
        Key: checked(key),
        Body: createReadStream(file),
        ContentType: contentTypeFor(key),
        CacheControl: IMMUTABLE,
      },
    }).done();
  };

  /** Objects whose keys start with `Prefix` (as a string, not a folder). */
  const listing = async (Prefix: string): Promise<ObjectInfo[]> => {
    const found: ObjectInfo[] = [];
    for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix })) {
      for (const o of page.Contents ?? []) {
        if (o.Key) found.push({ key: o.Key, size: o.Size ?? 0, contentType: contentTypeFor(o.Key) });
      }
    }
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  };
  const keysUnder = (prefix: string) => listing(`${checked(prefix)}/`);

  const deleteKeys = async (keys: string[]) => {
    for (let i = 0; i < keys.length; i += 1000) {
      const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
      const out = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      const failed = out.Errors?.[0];
      if (failed) throw new Error(`could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
    }
  };

  return {
    kind: 's3',
    stat: head,
    async read(key) {
      const out = await get(key);
      return Buffer.from(await (out.Body as NonNullable<typeof out.Body>).transformToByteArray());
    },
    async stream(key, range) {
      if (range && (range.start < 0 || (range.end !== undefined && range.end < range.start))) {
        throw new RangeNotSatisfiableError((await head(key))?.size ?? 0);
      }
      const out = await get(key, range ? `bytes=${range.start}-${range.end ?? ''}` : undefined);
      const length = out.ContentLength ?? 0;
      // 'bytes 0-99/1234' when a range was asked for (and granted).
      const total = /\/(\d+)$/.exec(out.ContentRange ?? '')?.[1];
      const size = total ? Number(total) : length;
      const start = total ? (range?.start ?? 0) : 0;
      return {
        key,
        size,
        contentType: out.ContentType ?? contentTypeFor(key),
        body: out.Body as Readable,
        start,
        end: start + length - 1,
      };
    },
    list: keysUnder,
    async moveIn(key, file) {
      await upload(key, file);
      await rm(file, { force: true });
    },
    async moveDirIn(prefix, dir) {
      const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name));
      const stored = new Set<string>();
      for (let i = 0; i < files.length; i += PARALLEL_FILES) {
        await Promise.all(
          files.slice(i, i + PARALLEL_FILES).map(async (file) => {
            const key = `${prefix}/${path.relative(dir, file).split(path.sep).join('/')}`;
            await upload(key, file);
            stored.add(key);
          }),
        );
      }
      await deleteKeys((await keysUnder(prefix)).map((o) => o.key).filter((k) => !stored.has(k)));
      await rm(dir, { recursive: true, force: true });
    },
    async remove(key) {
      // One listing finds both the object `key` and the folder `key/` (and skips 'key2/...').
      const found = (await listing(checked(key))).map((o) => o.key);
      await deleteKeys(found.filter((k) => k === key || k.startsWith(`${key}/`)));
    },
    workDir: workDirs(options.workRoot ?? tmpdir()),
    async localCopy(key, workDir) {
      const out = await get(key);
      const file = path.join(workDir, path.basename(key));
      await pipeline(out.Body as Readable, createWriteStream(file));
      return file;
    },
    async locate(key, { downloadName, private: isPrivate } = {}) {
      checked(key);
      if (config.publicUrl && !downloadName && !isPrivate) {
        return { url: `${config.publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`, signed: false };
      }
      const id = `${key}\0${downloadName ?? ''}`;
      const reused = presigned.get(id);
      if (reused && reused.until > Date.now()) return { url: reused.url, signed: true };
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: downloadName ? contentDisposition(downloadName) : undefined,
      });
      const url = await getSignedUrl(client, command, { expiresIn: PRESIGN_SECONDS });
      presigned.delete(id);
      if (presigned.size >= REUSE_MAX) presigned.delete(presigned.keys().next().value as string); // the oldest
      presigned.set(id, { url, until: Date.now() + REUSE_MS });
      return { url, signed: true };
    },
  };
}

const status = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (error: unknown) =>
  status(error) === 404 || ['NoSuchKey', 'NotFound'].includes((error as Error).name);
