import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { notFound } from '../errors.ts';

/**
 * Where media files live, addressed by storage keys like '<sermonID>/audio-high.mp3'.
 * Local disk by default; an S3-compatible store implements the same interface.
 */
export interface MediaStore {
  read(key: string): Promise<Buffer>;
  /** Absolute path for streaming with range support, when the store is local. */
  localPath(key: string): string;
}

export function localMediaStore(root: string): MediaStore {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // Keys come from the database, but never let one escape the media root.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw notFound('error.mediaNotFound');
    return full;
  };
  return {
    async read(key) {
      try {
        return await readFile(resolve(key));
      } catch {
        throw notFound('error.mediaNotFound');
      }
    },
    localPath: resolve,
  };
}
