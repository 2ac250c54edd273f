import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_KINDS, IMAGE_SHAPES, type ImageKind } from '@kerygma/domain/images';
import type { MediaStore } from '../storage/store.ts';
import { stockSource } from './banner-gallery.ts';
import { servedJpeg } from './image-files.ts';

/**
 * The served sizes of a stored picture (`images/<kind>/<folder>/<width>.jpg`): made from its
 * source (`source.jpg`, or the demo data's `source.svg`; a stock picture's is drawn by our code,
 * banner-gallery.ts) on their first request, so an upload or a seed stores one file and only the
 * sizes asked for are ever made.
 */

const SIZE_KEY = new RegExp(`^(images/(${IMAGE_KINDS.join('|')})/(?:stock/)?[A-Za-z0-9_-]+)/(\\d+)\\.jpg$`);

/** Whether a media key is a picture's (its files never change: cached for good). */
export const isImageKey = (key: string) => key.startsWith('images/');

function sizeOf(key: string): { folder: string; kind: ImageKind; width: number } | undefined {
  const m = SIZE_KEY.exec(key);
  if (!m) return undefined;
  const kind = m[2] as ImageKind;
  const width = Number(m[3]);
  return IMAGE_SHAPES[kind].widths.includes(width) ? { folder: m[1] as string, kind, width } : undefined;
}

/** What a folder's sizes are drawn from: a stock picture's SVG, else its stored source. */
async function sourceOf(media: MediaStore, folder: string): Promise<{ bytes: Buffer; svg: boolean } | undefined> {
  const stock = stockSource(folder);
  if (stock !== undefined) return { bytes: Buffer.from(stock), svg: true };
  for (const [name, svg] of [
    ['source.jpg', false],
    ['source.svg', true],
  ] as const)
    if (await media.stat(`${folder}/${name}`)) return { bytes: await media.read(`${folder}/${name}`), svg };
  return undefined;
}

/** Keys known to be stored, so serving one asks the store nothing more (S3: a HEAD). */
const KNOWN_MAX = 20_000;

/**
 * Makes sure a picture's size is in `media` before the media route serves it. Other keys pass
 * untouched; a size whose source is missing stays missing (the route's 404). Requests for the
 * same missing size share one making.
 */
export function imageSizes(media: MediaStore) {
  const known = new Set<string>();
  const making = new Map<string, Promise<void>>();

  const make = async (key: string, size: { folder: string; kind: ImageKind; width: number }) => {
    if (await media.stat(key)) return;
    const source = await sourceOf(media, size.folder);
    if (!source) return;
    const dir = await media.workDir();
    try {
      const out = path.join(dir, path.basename(key));
      await writeFile(out, await servedJpeg(source.bytes, source.svg, IMAGE_SHAPES[size.kind], size.width));
      await media.moveIn(key, out);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  return async function ensureStored(key: string): Promise<void> {
    const size = sizeOf(key);
    if (!size || known.has(key)) return;
    let pending = making.get(key);
    if (!pending) {
      pending = make(key, size).finally(() => making.delete(key));
      making.set(key, pending);
    }
    await pending;
    if (known.size >= KNOWN_MAX) known.clear();
    known.add(key);
  };
}
