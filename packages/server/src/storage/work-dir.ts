import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { MediaStore } from './store.ts';

/**
 * Runs a tool that needs local files (ffmpeg) on a stored object: `work` gets a local copy of
 * `sourceKey` and an empty folder for its output, whose files are then stored under `outputKey`
 * (replacing what was there). Scratch files are removed either way. `outDir` is returned for
 * turning output paths into keys (`${outputKey}/${path.relative(outDir, file)}`).
 */
export async function workOnStored<T>(
  store: MediaStore,
  sourceKey: string,
  outputKey: string,
  work: (input: string, outDir: string) => Promise<T>,
): Promise<{ result: T; outDir: string }> {
  const dir = await store.workDir();
  try {
    const input = await store.localCopy(sourceKey, dir);
    const outDir = path.join(dir, 'out');
    const result = await work(input, outDir);
    await store.moveDirIn(outputKey, outDir);
    return { result, outDir };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
