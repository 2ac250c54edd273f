import { rm } from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_THUMBNAIL_WIDTHS, videoThumbnailHeight } from '@kerygma/domain/media';
import { type ThumbnailSize, webpFromJpeg } from '@kerygma/ffmpeg/renditions/thumbnail';
import { VIDEO_FILES } from '@kerygma/ffmpeg/renditions/video';
import type { MediaStore } from '../../storage/store.ts';

/**
 * The WebP sizes of a video's thumbnail (VIDEO_THUMBNAIL_WIDTHS), stored beside its JPEG as
 * `…/video/thumbnail-<width>.webp`. Encodes write them; for videos encoded before they did, the
 * media route makes a missing one from the JPEG on its first request, so no video is encoded
 * again for them.
 */

/** The sizes encodes write (renditions/video.ts `thumbnailSizes`) and the media route derives. */
export const WEBP_THUMBNAIL_SIZES = VIDEO_THUMBNAIL_WIDTHS.map((width) => ({
  width,
  height: videoThumbnailHeight(width),
}));

/** Whether `key` is a video's JPEG thumbnail as encodes name it (the WebP sizes sit beside it). */
const isVideoThumbnail = (key: string) => key === VIDEO_FILES.thumbnail || key.endsWith(`/${VIDEO_FILES.thumbnail}`);

/**
 * The key of the WebP sizes beside a video's JPEG thumbnail with a `{size}` placeholder for the
 * width; null for a thumbnail named otherwise, which has no WebP sizes.
 */
export function resizableThumbnailKey(jpegKey: string): string | null {
  if (!isVideoThumbnail(jpegKey)) return null;
  return jpegKey.slice(0, -VIDEO_FILES.thumbnail.length) + VIDEO_FILES.thumbnailWebp('{size}');
}

type Source = { jpegKey: string; size: ThumbnailSize };

/** The JPEG thumbnail a WebP size is made from, and the size; null for any other key (or width). */
function webpThumbnailSource(key: string): Source | null {
  for (const size of WEBP_THUMBNAIL_SIZES) {
    const name = VIDEO_FILES.thumbnailWebp(size.width);
    if (key === name || key.endsWith(`/${name}`)) {
      return { jpegKey: key.slice(0, -name.length) + VIDEO_FILES.thumbnail, size };
    }
  }
  return null;
}

/** WebP keys known to be stored, so that serving one asks the store nothing more (S3: a HEAD). */
const KNOWN_MAX = 20_000;

/**
 * Makes sure a WebP thumbnail size is in `media` before the media route serves it, deriving it
 * from its JPEG when missing. Other keys pass untouched; a WebP without its JPEG stays missing
 * (the route's 404). Requests for the same missing file share one derivation, which is written
 * to a scratch file and then moved (local: renamed; S3: one PUT) into place, so a reader never
 * sees half a file, and concurrent servers at worst store the same bytes twice.
 */
export function webpThumbnails(media: MediaStore) {
  const known = new Set<string>();
  const deriving = new Map<string, Promise<void>>();

  const derive = async (key: string, source: Source) => {
    if (await media.stat(key)) return;
    const dir = await media.workDir();
    try {
      // Throws the media route's 404 when the JPEG is missing too.
      const jpeg = await media.localCopy(source.jpegKey, dir);
      const out = path.join(dir, path.basename(key));
      await webpFromJpeg(jpeg, out, source.size);
      await media.moveIn(key, out);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  return async function ensureStored(key: string): Promise<void> {
    const source = webpThumbnailSource(key);
    if (!source || known.has(key)) return;
    let pending = deriving.get(key);
    if (!pending) {
      pending = derive(key, source).finally(() => deriving.delete(key));
      deriving.set(key, pending);
    }
    await pending;
    if (known.size >= KNOWN_MAX) known.clear();
    known.add(key);
  };
}
