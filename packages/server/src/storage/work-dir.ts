import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MediaStore } from './store.ts';

/**
 * Runs a tool that needs local files (ffmpeg) on a stored object: `work` gets a local copy of
 * `sourceKey` and an empty folder for its output, whose files are then stored under `outputKey`
 * (replacing what was there). Scratch files are removed either way. `outDir` is returned for
 * turning output paths into keys (`${outputKey}/${path.relative(outDir, file)}`).
 * `beforeStore` runs between the two (e.g. to report that the output is being stored). When
 * `work` answers null it made nothing, and nothing is stored.
 */
export async function workOnStored<T>(
  store: MediaStore,
  sourceKey: string,
  outputKey: string,
  work: (input: string, outDir: string) => Promise<T>,
  beforeStore?: (result: T) => Promise<void>,
): Promise<{ result: T; outDir: string }> {
  const dir = await store.workDir();
  try {
    const input = await store.localCopy(sourceKey, dir);
    const outDir = path.join(dir, 'out');
    const result = await work(input, outDir);
    if (result === null) return { result, outDir }; // nothing made, nothing stored
    await beforeStore?.(result);
    await store.moveDirIn(outputKey, outDir);
    return { result, outDir };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const PREFIX = 'kerygma-job-';
/** Scratch folders older than this were left by a process that died mid-job (kill -9, power loss). */
const STALE_MS = 24 * 3600_000;

/**
 * A maker of new scratch folders under `root` (a store's workDir); its first call removes the
 * stale ones an earlier process left.
 */
export function workDirs(root: string): () => Promise<string> {
  let swept = false;
  return async () => {
    await mkdir(root, { recursive: true });
    if (!swept) {
      swept = true;
      const before = Date.now() - STALE_MS;
      for (const name of await readdir(root)) {
        if (!name.startsWith(PREFIX)) continue;
        const dir = path.join(root, name);
        const info = await stat(dir).catch(() => undefined);
        if (info && info.mtimeMs < before) await rm(dir, { recursive: true, force: true });
      }
    }
    return mkdtemp(path.join(root, PREFIX));
  };
}
