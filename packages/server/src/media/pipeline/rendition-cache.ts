import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * A local cache of finished renditions, keyed by the input's bytes, the job's options and the
 * code that renders them, for the demo seed: its originals are the same on every re-seed, so
 * `seed --reset` and fresh starts copy the renditions instead of encoding them again. Uploads
 * never use it (their encodes name no cache).
 */

const RENDERING_CODE = [
  '@kerygma/ffmpeg/renditions/audio',
  '@kerygma/ffmpeg/renditions/video',
  '@kerygma/ffmpeg/renditions/hls',
  '@kerygma/ffmpeg/renditions/thumbnail',
  '@kerygma/ffmpeg/waveform',
  '@kerygma/ffmpeg/run',
];

let codeVersion: Promise<string> | undefined;
/** Hash of the modules that decide the rendered bytes: a change there makes every entry stale. */
function renderingCodeVersion(): Promise<string> {
  codeVersion ??= (async () => {
    const require = createRequire(import.meta.url);
    const hash = createHash('sha256');
    for (const id of RENDERING_CODE) hash.update(await readFile(require.resolve(id)));
    return hash.digest('hex');
  })();
  return codeVersion;
}

async function fileHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Paths inside the result point into the output folder; stored relative to a placeholder. */
const OUT = '@@rendition-out@@';
const escaped = (dir: string) => JSON.stringify(dir).slice(1, -1);

/**
 * The result of `produce(input, outDir)`, which writes its files into `outDir`; from `cacheDir`
 * when an entry for the same input and `options` exists (its files are copied into `outDir`),
 * else produced and then stored there. Without `cacheDir` it only produces.
 */
export async function cachedRenditions<T>(
  cacheDir: string | undefined,
  input: string,
  outDir: string,
  options: unknown,
  produce: () => Promise<T>,
): Promise<T> {
  if (!cacheDir) return produce();
  const key = createHash('sha256')
    .update(await renderingCodeVersion())
    .update(await fileHash(input))
    .update(JSON.stringify(options))
    .digest('hex')
    .slice(0, 32);
  const entry = path.join(cacheDir, key);
  const resultFile = path.join(entry, 'result.json');
  if (await stat(resultFile).catch(() => null)) {
    await rm(outDir, { recursive: true, force: true });
    await cp(path.join(entry, 'files'), outDir, { recursive: true });
    return JSON.parse((await readFile(resultFile, 'utf8')).replaceAll(OUT, escaped(outDir))) as T;
  }
  const result = await produce();
  // Written aside and renamed: a crash never leaves a half entry that looks complete.
  const temp = `${entry}.${process.pid}.tmp`;
  await rm(temp, { recursive: true, force: true });
  await mkdir(temp, { recursive: true });
  await cp(outDir, path.join(temp, 'files'), { recursive: true });
  await writeFile(path.join(temp, 'result.json'), JSON.stringify(result).replaceAll(escaped(outDir), OUT));
  await rename(temp, entry).catch(() => rm(temp, { recursive: true, force: true })); // another run stored it first
  return result;
}
