import { createReadStream } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { notFound } from '../errors.ts';
import { contentTypeFor, isValidKey, type MediaStore, type ObjectInfo, rangeEnd } from './store.ts';
import { workDirs } from './work-dir.ts';

/** Scratch folders live inside the root (so finished work is renamed into place, not copied). */
const WORK = '.work';

/** Media files in a folder on local disk (`KERYGMA_DATA_DIR/media` by default). */
export function localMediaStore(root: string): MediaStore {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    // Keys come from the database, but never let one escape the media root.
    if (!isValidKey(key)) throw notFound('error.mediaNotFound');
    return path.join(base, key);
  };
  const fileInfo = async (key: string): Promise<ObjectInfo | undefined> => {
    const s = await stat(resolve(key)).catch(() => undefined);
    return s?.isFile() ? { key, size: s.size, contentType: contentTypeFor(key) } : undefined;
  };
  const found = async (key: string) => {
    const info = await fileInfo(key);
    if (!info) throw notFound('error.mediaNotFound');
    return info;
  };

  return {
    kind: 'local',
    stat: fileInfo,
    async read(key) {
      return readFile(resolve(key)).catch(() => {
        throw notFound('error.mediaNotFound');
      });
    },
    async stream(key, range) {
      const info = await found(key);
      const start = range?.start ?? 0;
      const end = range ? rangeEnd(range, info.size) : info.size - 1;
      // An empty file has no byte range; createReadStream's `end` must then be left out.
      const body = createReadStream(resolve(key), info.size ? { start, end } : {});
      return { ...info, body, start, end };
    },
    async list(prefix) {
      const dir = resolve(prefix.replace(/\/$/, ''));
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      const keys = entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(base, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .sort();
      return (await Promise.all(keys.map(fileInfo))).filter((i): i is ObjectInfo => i !== undefined);
    },
    async moveIn(key, file) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      await move(file, target);
    },
    async moveDirIn(prefix, dir) {
      const target = resolve(prefix);
      await rm(target, { recursive: true, force: true });
      await mkdir(path.dirname(target), { recursive: true });
      await move(dir, target);
    },
    async remove(key) {
      await rm(resolve(key), { recursive: true, force: true });
    },
    workDir: workDirs(path.join(base, WORK)),
    async localCopy(key) {
      return resolve((await found(key)).key);
    },
    async locate(key) {
      return { file: resolve((await found(key)).key) };
    },
  };
}

/** rename(2), or copy and remove when source and target are on different file systems. */
async function move(from: string, to: string) {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}
