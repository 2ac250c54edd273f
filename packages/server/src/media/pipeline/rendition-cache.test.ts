import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedRenditions } from './rendition-cache.ts';

const work = mkdtempSync(path.join(tmpdir(), 'kerygma-rcache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('rendition cache', () => {
  const cache = path.join(work, 'cache');
  const input = path.join(work, 'input.bin');
  writeFileSync(input, 'original bytes');
  let runs = 0;
  /** A stand-in renderer: one file in a subfolder, and a result naming it. */
  const render = (outDir: string, label: string) => async () => {
    runs++;
    mkdirSync(path.join(outDir, 'hls'), { recursive: true });
    writeFileSync(path.join(outDir, 'hls', 'a.txt'), `${label} ${runs}`);
    return { file: { path: path.join(outDir, 'hls', 'a.txt'), sizeBytes: 5 }, label };
  };

  it('renders once per input and options, then copies the files and rewrites the paths', async () => {
    const out1 = path.join(work, 'out1');
    const first = await cachedRenditions(cache, input, out1, { tags: 'x' }, render(out1, 'one'));
    expect(runs).toBe(1);
    const out2 = path.join(work, 'job 2', 'out');
    const second = await cachedRenditions(cache, input, out2, { tags: 'x' }, render(out2, 'two'));
    expect(runs).toBe(1);
    expect(second).toEqual({ file: { path: path.join(out2, 'hls', 'a.txt'), sizeBytes: 5 }, label: 'one' });
    expect(readFileSync(second.file.path, 'utf8')).toBe(readFileSync(first.file.path, 'utf8'));

    const out3 = path.join(work, 'out3');
    await cachedRenditions(cache, input, out3, { tags: 'y' }, render(out3, 'three')); // other options
    writeFileSync(input, 'another original');
    await cachedRenditions(cache, input, out3, { tags: 'x' }, render(out3, 'four')); // other bytes
    expect(runs).toBe(3);
    expect(readdirSync(cache)).toHaveLength(3);
  });

  it('only renders without a cache folder', async () => {
    const out = path.join(work, 'plain');
    const before = runs;
    await cachedRenditions(undefined, input, out, {}, render(out, 'plain'));
    await cachedRenditions(undefined, input, out, {}, render(out, 'plain'));
    expect(runs).toBe(before + 2);
  });
});
