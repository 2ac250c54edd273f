import { run, type ToolOptions } from '../run.ts';
import { seconds } from './audio.ts';

/**
 * Still pictures of a video: a JPEG of one frame at the video's own size (for Open Graph cards
 * and video sitemaps, which want JPEG or PNG), and WebP thumbnails of that frame at fixed sizes
 * (for pages), made in the same ffmpeg run, or later from the JPEG alone.
 */

export type ThumbnailSize = { width: number; height: number };

/**
 * WebP at quality 100 (spec §9 image defaults), with libwebp's slowest and best method: each
 * picture is small, encoded once and shown on every visit.
 */
const WEBP_OUTPUT = ['-frames:v', '1', '-c:v', 'libwebp', '-quality', '100', '-compression_level', '6', '-f', 'webp'];

/**
 * The picture cropped at its centre to the size's aspect ratio (a portrait or 4:3 video fills
 * the 16:9 box as the site's poster does, with no bars), then scaled to exactly that size. The
 * crop comes first: after scaling, a 4:2:0 crop would round an odd height down.
 */
function webpFilter({ width, height }: ThumbnailSize): string {
  return [
    `crop=w='min(iw,ih*${width}/${height})':h='min(ih,iw*${height}/${width})'`,
    `scale=${width}:${height}:flags=lanczos`,
    'setsar=1',
  ].join(',');
}

export type ThumbnailOptions = ToolOptions & {
  /** Seconds into the (trimmed) video. */
  positionSeconds: number;
  trimStartSeconds?: number;
  /** The JPEG's size. */
  width: number;
  height: number;
  /** WebP files of the same frame to write, each at its size. */
  webp?: readonly (ThumbnailSize & { path: string })[];
};

/**
 * One frame at `positionSeconds` after the trim: a JPEG scaled to width × height at `outFile`,
 * and the `webp` thumbnails, from one seek and one decode.
 */
export async function videoThumbnail(input: string, outFile: string, options: ThumbnailOptions): Promise<void> {
  const at = (options.trimStartSeconds ?? 0) + options.positionSeconds;
  const webp = options.webp ?? [];
  const graph = [
    `[0:v:0]split=${webp.length + 1}[j]${webp.map((_, i) => `[w${i}]`).join('')}`,
    `[j]scale=${options.width}:${options.height}:flags=lanczos,format=yuvj420p[jpeg]`,
    ...webp.map((size, i) => `[w${i}]${webpFilter(size)}[webp${i}]`),
  ].join(';');
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      seconds(at),
      '-i',
      input,
      '-filter_complex',
      graph,
      '-map',
      '[jpeg]',
      '-frames:v',
      '1',
      '-q:v',
      '2',
      '-f',
      'image2',
      '-y',
      outFile,
      ...webp.flatMap((w, i) => ['-map', `[webp${i}]`, ...WEBP_OUTPUT, '-y', w.path]),
    ],
    options,
  );
}

/** A WebP thumbnail of `size` made from a JPEG thumbnail (a video encoded before WebP ones were). */
export async function webpFromJpeg(
  jpeg: string,
  outFile: string,
  size: ThumbnailSize,
  options: ToolOptions = {},
): Promise<void> {
  await run('ffmpeg', ['-v', 'error', '-i', jpeg, '-vf', webpFilter(size), ...WEBP_OUTPUT, '-y', outFile], options);
}
