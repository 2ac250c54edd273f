import { open } from 'node:fs/promises';
import { probePicture } from '../probe.ts';
import { FfmpegError, run, type ToolOptions } from '../run.ts';

/**
 * Still pictures people upload (profile pictures): the format read from the content, never the
 * name, and square JPEG sizes of it.
 */

export type PictureFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'bmp';

/** The codec ffprobe names for each format. */
const CODECS: Record<PictureFormat, string> = { jpeg: 'mjpeg', png: 'png', gif: 'gif', webp: 'webp', bmp: 'bmp' };

/** The format the first bytes say, or undefined for anything else. */
export function pictureFormat(head: Buffer): PictureFormat | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const ascii = head.toString('latin1', 0, 12);
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'webp';
  if (ascii.startsWith('BM') && head.length >= 26) return 'bmp';
  return undefined;
}

export type PictureInfo = { format: PictureFormat; width: number; height: number };

/** Pictures larger than this many pixels are not decoded (a small file can claim a huge size). */
export const MAX_PICTURE_PIXELS = 50_000_000;

/**
 * What a file holds if it is a JPEG, PNG, GIF, WebP or BMP picture that ffmpeg decodes: its
 * format and size; undefined for anything else (other bytes, a header with no picture after
 * it, a truncated or corrupt picture, one over MAX_PICTURE_PIXELS).
 */
export async function readPicture(file: string, options: ToolOptions = {}): Promise<PictureInfo | undefined> {
  const handle = await open(file, 'r');
  const head = Buffer.alloc(32);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const format = pictureFormat(head);
  if (!format) return undefined;
  try {
    const { codec, width, height } = await probePicture(file);
    if (codec !== CODECS[format] || !width || !height || width * height > MAX_PICTURE_PIXELS) return undefined;
    // ffprobe reads the size from the header alone: decode the first frame to know there is a picture.
    const { stdout } = await run(
      'ffmpeg',
      ['-v', 'error', '-xerror', '-i', file, '-frames:v', '1', '-f', 'framemd5', '-'],
      options,
    );
    const frames = stdout
      .toString('utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'));
    return frames.length ? { format, width, height } : undefined;
  } catch (error) {
    if (error instanceof FfmpegError && error.exitCode !== null) return undefined;
    throw error;
  }
}

/**
 * Square JPEGs of a picture, one per `outputs` size: its centre cropped square, scaled with
 * lanczos, transparency laid on white (a PNG's or GIF's), the first frame of an animation.
 * One decode for every size.
 */
export async function squarePictures(
  input: string,
  outputs: readonly { size: number; path: string }[],
  options: ToolOptions = {},
): Promise<void> {
  const graph = [
    `[0:v:0]format=rgba,crop='min(iw,ih)':'min(iw,ih)',split=${outputs.length}${outputs.map((_, i) => `[c${i}]`).join('')}`,
    ...outputs.map(
      ({ size }, i) =>
        `[c${i}]scale=${size}:${size}:flags=lanczos[s${i}];color=c=white:s=${size}x${size}[bg${i}];` +
        `[bg${i}][s${i}]overlay=shortest=1,format=yuvj420p,setsar=1[o${i}]`,
    ),
  ].join(';');
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-i',
      input,
      '-filter_complex',
      graph,
      ...outputs.flatMap((o, i) => ['-map', `[o${i}]`, '-frames:v', '1', '-q:v', '3', '-f', 'image2', '-y', o.path]),
    ],
    options,
  );
}
