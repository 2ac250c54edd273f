import { createHash } from 'node:crypto';
import { IMAGE_RULES, IMAGE_SHAPES, type ImageKind } from '@kerygma/domain/images';
import sharp from 'sharp';

/**
 * The files of an uploaded or generated picture, made with sharp: the checks by content, the
 * one source file each picture is stored as (cut to its kind's shape), and the sizes served
 * from it. No database, no store.
 */

export type PictureInfo = { format: (typeof IMAGE_RULES.formats)[number]; width: number; height: number };

const ACCEPTED: ReadonlySet<string> = new Set(IMAGE_RULES.formats);

/**
 * What the bytes are if they are a whole JPEG, PNG, GIF or WebP picture (the format read from
 * the content): its format and size; undefined for anything else, a truncated or corrupt
 * picture, or one over IMAGE_RULES.maxPixels.
 */
export async function readPicture(bytes: Buffer): Promise<PictureInfo | undefined> {
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_RULES.maxPixels, failOn: 'truncated' });
    const { format, width, height, autoOrient } = await image.metadata();
    if (!format || !ACCEPTED.has(format) || !width || !height) return undefined;
    // The header alone names a size: decode the picture to know there is one.
    await image.stats();
    const oriented = autoOrient ?? { width, height };
    return { format: format as PictureInfo['format'], width: oriented.width, height: oriented.height };
  } catch {
    return undefined;
  }
}

/** Largest width a source is kept at (the kind's largest served width). */
const sourceWidth = (kind: ImageKind) => Math.max(...IMAGE_SHAPES[kind].widths);

/**
 * The one file a picture is stored as: turned upright, its centre cut to the kind's shape, no
 * larger than its largest served size, transparency on white, as a JPEG.
 */
export async function sourceJpeg(bytes: Buffer, kind: ImageKind): Promise<Buffer> {
  const { aspect } = IMAGE_SHAPES[kind];
  const meta = await sharp(bytes, { limitInputPixels: IMAGE_RULES.maxPixels }).metadata();
  const { width, height } = meta.autoOrient ?? { width: meta.width ?? 1, height: meta.height ?? 1 };
  const cut = Math.min(width, Math.round(height * aspect));
  const max = sourceWidth(kind);
  const outWidth = Math.min(cut, max);
  return sharp(bytes, { limitInputPixels: IMAGE_RULES.maxPixels })
    .autoOrient()
    .resize(outWidth, Math.round(outWidth / aspect), { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer();
}

/** A short digest of a source's bytes: its folder's name, so a new picture gets new URLs. */
export const contentDigest = (bytes: Buffer | string): string =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 12);

/**
 * One served size of a source (a stored JPEG, or an SVG the demo data generated): `width`
 * wide, cut to the kind's shape, as a progressive JPEG.
 */
export async function servedJpeg(
  source: Buffer,
  sourceIsSvg: boolean,
  kind: ImageKind,
  width: number,
): Promise<Buffer> {
  const { aspect } = IMAGE_SHAPES[kind];
  const height = Math.round(width / aspect);
  // An SVG is drawn at the size asked for (its viewBox scaled), not drawn small and enlarged.
  const input = sourceIsSvg ? sharp(source, { density: svgDensity(source, width) }) : sharp(source);
  return input
    .resize(width, height, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: width >= 1400 ? 85 : 80, mozjpeg: true, progressive: true })
    .toBuffer();
}

/** The density (dpi) that draws an SVG `width` pixels wide (librsvg's 72 dpi is its own size). */
function svgDensity(svg: Buffer, width: number): number {
  const own = Number(/\bwidth="(\d+(?:\.\d+)?)"/.exec(svg.toString('utf8', 0, 400))?.[1] ?? 1000);
  return Math.max(1, Math.min(72 * (width / own), 100_000));
}
