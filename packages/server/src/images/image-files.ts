import { createHash } from 'node:crypto';
import { IMAGE_RULES, type ImageShape } from '@kerygma/domain/images';
import sharp, { type Sharp } from 'sharp';
import { decodeBmp, isBmp } from './bmp.ts';

/**
 * The files of an uploaded or generated picture, made with sharp: the checks by content, the
 * one source file each picture is stored as (cut to its kind's shape), and the sizes served
 * from it. No database, no store. The catalogue's kinds (IMAGE_SHAPES) and users' profile
 * pictures (accounts/profile.service.ts) both go through here.
 */

/** What a picture is cut to and served in: a kind's IMAGE_SHAPES entry, or a profile picture's. */
export type PictureShape = Pick<ImageShape, 'aspect' | 'widths' | 'minWidth' | 'minHeight'>;

export type PictureInfo = { format: (typeof IMAGE_RULES.formats)[number]; width: number; height: number };

const ACCEPTED: ReadonlySet<string> = new Set(IMAGE_RULES.formats);

/**
 * What the bytes are if they are a whole JPEG, PNG, GIF or WebP picture (the format read from
 * the content): its format and size; undefined for anything else, a truncated or corrupt
 * picture, or one over IMAGE_RULES.maxPixels.
 */
export async function readPicture(bytes: Buffer): Promise<PictureInfo | undefined> {
  if (isBmp(bytes)) {
    const bmp = decodeBmp(bytes, IMAGE_RULES.maxPixels);
    return bmp && { format: 'bmp', width: bmp.width, height: bmp.height };
  }
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

/** Whether a picture is at least the shape's smallest width and height (§5). */
export const largeEnough = (picture: PictureInfo, shape: PictureShape) =>
  picture.width >= shape.minWidth && picture.height >= shape.minHeight;

/** Uploaded bytes for sharp: a BMP (which it does not read) as its decoded pixels. */
function uploaded(bytes: Buffer): Sharp {
  const bmp = isBmp(bytes) ? decodeBmp(bytes, IMAGE_RULES.maxPixels) : undefined;
  return bmp
    ? sharp(bmp.pixels, { raw: { width: bmp.width, height: bmp.height, channels: bmp.channels } })
    : sharp(bytes, { limitInputPixels: IMAGE_RULES.maxPixels });
}

/**
 * The one file a picture is stored as: turned upright, its centre cut to the shape, no larger
 * than its largest served size, transparency on white, as a JPEG.
 */
export async function sourceJpeg(bytes: Buffer, shape: PictureShape): Promise<Buffer> {
  const { aspect } = shape;
  const meta = await uploaded(bytes).metadata();
  const { width, height } = meta.autoOrient ?? { width: meta.width ?? 1, height: meta.height ?? 1 };
  const cut = Math.min(width, Math.round(height * aspect));
  const outWidth = Math.min(cut, Math.max(...shape.widths));
  return uploaded(bytes)
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
 * wide, cut to the shape, as a progressive JPEG.
 */
export async function servedJpeg(
  source: Buffer,
  sourceIsSvg: boolean,
  shape: PictureShape,
  width: number,
): Promise<Buffer> {
  const { aspect } = shape;
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
