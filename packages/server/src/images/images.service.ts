import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_RULES, IMAGE_SHAPES, type ImageKind } from '@kerygma/domain/images';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { ApiError, notFound } from '../errors.ts';
import { API_BASE } from '../http/api-base.ts';
import type { MediaStore } from '../storage/store.ts';
import { contentDigest, largeEnough, readPicture, sourceJpeg } from './image-files.ts';
import { type ImageUrls, imageUrlsOf, isStockFolder, resizablePath } from './image-urls.ts';
import * as q from './images.queries.ts';

export type { ImageUrls } from './image-urls.ts';

/**
 * The catalogue's pictures (spec §3 image fields, §5 image rules), for any owner: a
 * broadcaster (profile picture, banner), a speaker (portrait), a series (artwork), an article
 * (banner). A picture is checked by its content, cut to its kind's shape and stored once as
 * `images/<kind>/<owner>-<digest>/source.jpg`; its sizes (`<width>.jpg`, IMAGE_SHAPES) are made
 * from that on their first request (image-sizes.ts) and served at
 * `/media/images/<kind>/<owner>-<digest>/<width>.jpg`, cached for good (a new picture has a new
 * digest). A stock picture (the banner gallery's) lives in a shared folder and is never removed
 * with an owner. One row per owner and kind in `image`; broadcasters, speakers and series also name
 * theirs in their own column (lists show it without a join).
 *
 * Other rooms call:
 *   saveImage(deps, kind, ownerId, bytes)      checks and stores a picture, replacing the owner's
 *   saveDrawnImages(deps, drawn)                the demo data's drawn artwork, many owners at once
 *   setStockImage(deps, kind, ownerId, folder)  a stock picture (the banner gallery's) as the owner's
 *   startImageUpload(deps, kind, ownerId, o)    an upload slot: `{ uploadURL }` the bytes are PUT to
 *   imageUrls(deps.db, kind, ownerId, origin)   the owner's picture's URLs, or null
 *   removeImage(deps, kind, ownerId)            removes it (call when the owner is deleted)
 * The caller checks who may change the owner's picture; this module does not know owners.
 */

export type ImageDeps = { db: Db; media: MediaStore; now: () => number; log: FastifyBaseLogger };

const OWNER_ID = /^[A-Za-z0-9_-]{1,100}$/;

function folderFor(kind: ImageKind, ownerId: string, digest: string): string {
  if (!OWNER_ID.test(ownerId)) throw new Error(`not an owner id for a picture's folder: ${ownerId}`);
  return `images/${kind}/${ownerId}-${digest}`;
}

const notAPicture = () =>
  new ApiError(400, 'invalid_image', {
    file: { key: 'error.image.invalid', params: { formats: 'JPEG, PNG, GIF, WebP' } },
  });

/**
 * Checks and stores a picture as the owner's, replacing (and removing) the one it had: a 400
 * `invalid_image` for bytes that are not a whole picture of an accepted format, or smaller than
 * the kind's minimum. `alsoInTransaction` runs in the transaction that records it.
 */
export async function saveImage(
  deps: ImageDeps,
  kind: ImageKind,
  ownerId: string,
  bytes: Buffer,
  alsoInTransaction?: (tx: Db) => Promise<void>,
): Promise<ImageUrls> {
  if (bytes.length > IMAGE_RULES.maxBytes) throw tooLarge();
  const picture = await readPicture(bytes);
  if (!picture) throw notAPicture();
  const shape = IMAGE_SHAPES[kind];
  const { minWidth, minHeight } = shape;
  if (!largeEnough(picture, shape))
    throw new ApiError(400, 'invalid_image', {
      file: {
        key: 'error.image.tooSmall',
        params: { width: picture.width, height: picture.height, minWidth, minHeight },
      },
    });
  return storeSource(deps, kind, ownerId, await sourceJpeg(bytes, shape), alsoInTransaction);
}

/** An SVG the server drew itself (the demo data's artwork), never uploaded bytes. */
export type DrawnImage = { kind: ImageKind; ownerId: string; svg: string };

/**
 * Stores drawn pictures as their owners' (their sizes are drawn from the SVG when first asked
 * for), all recorded in one transaction: the demo seed's artwork for hundreds of owners.
 */
export async function saveDrawnImages(deps: Pick<ImageDeps, 'db' | 'media' | 'now'>, drawn: readonly DrawnImage[]) {
  const rows: q.ImageRow[] = [];
  const dir = await deps.media.workDir();
  try {
    for (const { kind, ownerId, svg } of drawn) {
      const folder = folderFor(kind, ownerId, contentDigest(svg));
      const local = path.join(dir, String(rows.length));
      await mkdir(local);
      await writeFile(path.join(local, 'source.svg'), svg);
      await deps.media.moveDirIn(folder, local);
      rows.push({ kind, owner_id: ownerId, folder, source: 'source.svg' });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await deps.db.transaction(async (tx) => {
    await q.recordImages(tx, rows, deps.now());
    for (const kind of new Set(rows.map((r) => r.kind))) {
      const mine = rows.filter((r) => r.kind === kind);
      await q.setOwnerImages(
        tx,
        kind,
        mine.map((r) => r.owner_id),
        mine.map((r) => resizablePath(r.folder)),
      );
    }
  });
}

async function storeSource(
  deps: ImageDeps,
  kind: ImageKind,
  ownerId: string,
  source: Buffer,
  alsoInTransaction?: (tx: Db) => Promise<void>,
): Promise<ImageUrls> {
  const folder = folderFor(kind, ownerId, contentDigest(source));
  const name = 'source.jpg';
  const dir = await deps.media.workDir();
  try {
    const file = path.join(dir, name);
    await writeFile(file, source);
    await deps.media.moveIn(`${folder}/${name}`, file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  try {
    await recordImage(deps, { kind, owner_id: ownerId, folder, source: name }, alsoInTransaction);
  } catch (error) {
    if ((await q.imageOf(deps.db, kind, ownerId))?.folder !== folder) await deps.media.remove(folder);
    throw error;
  }
  return imageUrlsOf(kind, resizablePath(folder), '');
}

/**
 * Makes a stock picture (its folder `stockFolder(…)`, drawn by our code: banner-gallery.ts) the
 * owner's, replacing the one it had. Nothing is stored: the stock folder is shared.
 */
export async function setStockImage(
  deps: ImageDeps,
  kind: ImageKind,
  ownerId: string,
  folder: string,
): Promise<ImageUrls> {
  if (!isStockFolder(folder)) throw new Error(`not a stock picture's folder: ${folder}`);
  await recordImage(deps, { kind, owner_id: ownerId, folder, source: 'source.svg' });
  return imageUrlsOf(kind, resizablePath(folder), '');
}

/** Records the row as its owner's picture in one transaction, then removes the one it replaced. */
async function recordImage(deps: ImageDeps, row: q.ImageRow, alsoInTransaction?: (tx: Db) => Promise<void>) {
  const old = await deps.db.transaction(async (tx) => {
    await alsoInTransaction?.(tx);
    const replaced = await q.replaceImage(tx, row, deps.now());
    await q.setOwnerImages(tx, row.kind, [row.owner_id], [resizablePath(row.folder)]);
    return replaced;
  });
  if (old) await removeFolder(deps, old);
}

/** The owner's picture's URLs (absolute with `origin`), or null when it has none. */
export async function imageUrls(db: Db, kind: ImageKind, ownerId: string, origin: string): Promise<ImageUrls | null> {
  const row = await q.imageOf(db, kind, ownerId);
  return row ? imageUrlsOf(kind, resizablePath(row.folder), origin) : null;
}

/** Removes the owner's picture and its files; nothing when it has none. */
export async function removeImage(deps: ImageDeps, kind: ImageKind, ownerId: string): Promise<void> {
  const folder = await deps.db.transaction(async (tx) => {
    const removed = await q.deleteImage(tx, kind, ownerId);
    await q.setOwnerImages(tx, kind, [ownerId], [null]);
    return removed;
  });
  if (folder) await removeFolder(deps, folder);
}

/** Removes a picture's files, unless it is a stock picture others may be showing. */
async function removeFolder(deps: ImageDeps, folder: string): Promise<void> {
  if (isStockFolder(folder)) return;
  await deps.media
    .remove(folder)
    .catch((error) => deps.log.error({ err: error, folder }, 'could not remove a picture'));
}

/** Where a picture's bytes go, below the API base: `${API_BASE}/media/images/uploads/{guid}`. */
export const IMAGE_UPLOADS_PATH = '/media/images/uploads';

/** An upload slot for the owner's picture (an hour, one use): the URL its bytes are PUT to. */
export async function startImageUpload(
  deps: Pick<ImageDeps, 'db' | 'now'>,
  kind: ImageKind,
  ownerId: string,
  origin: string,
): Promise<{ uploadURL: string }> {
  const guid = await q.insertUpload(deps.db, kind, ownerId, deps.now() + IMAGE_RULES.slotMs, deps.now());
  return { uploadURL: `${origin}${API_BASE}${IMAGE_UPLOADS_PATH}/${guid}` };
}

const slotNotFound = () => notFound('error.image.uploadNotFound');
const tooLarge = () =>
  new ApiError(413, 'payload_too_large', {
    file: { key: 'error.image.tooLarge', params: { megabytes: IMAGE_RULES.maxBytes / 1024 ** 2 } },
  });

/**
 * A picture's bytes for an upload slot (at most IMAGE_RULES.maxBytes, else a 413: at once when
 * its declared length says so, else once the body has been read to its end, so the client
 * hears the answer): stored as the slot's owner's, the slot used in the same transaction. Bad
 * bytes change nothing (the slot stays for another try).
 */
export async function receiveImageUpload(
  deps: ImageDeps,
  guid: string,
  body: NodeJS.ReadableStream,
  origin: string,
  declaredBytes?: number,
): Promise<ImageUrls & { kind: ImageKind; ownerId: string }> {
  const slot = await q.liveUpload(deps.db, guid, deps.now());
  if (!slot) throw slotNotFound();
  if (declaredBytes !== undefined && declaredBytes > IMAGE_RULES.maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let seen = 0;
  for await (const chunk of body) {
    seen += chunk.length;
    if (seen <= IMAGE_RULES.maxBytes) chunks.push(chunk as Buffer);
  }
  if (seen > IMAGE_RULES.maxBytes) throw tooLarge();
  const saved = await saveImage(deps, slot.kind, slot.owner_id, Buffer.concat(chunks), async (tx) => {
    if (!(await q.takeUpload(tx, guid, deps.now()))) throw slotNotFound();
  });
  return { ...imageUrlsOf(slot.kind, saved.resizableURL, origin), kind: slot.kind, ownerId: slot.owner_id };
}
