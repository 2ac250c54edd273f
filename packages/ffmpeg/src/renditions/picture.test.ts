import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probePicture } from '../probe.ts';
import { run } from '../run.ts';
import { pictureFormat, readPicture, squarePictures } from './picture.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kerygma-pictures-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A picture ffmpeg makes from `source` (a lavfi graph), in the format of `name`'s extension. */
async function make(name: string, source: string): Promise<string> {
  const file = join(dir, name);
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', source, '-frames:v', '1', '-y', file]);
  return file;
}

/** The RGB of the pixel at x, y. */
async function pixel(file: string, x: number, y: number): Promise<number[]> {
  const { stdout } = await run('ffmpeg', [
    ...['-v', 'error', '-i', file, '-vf', `crop=2:2:${x}:${y}`, '-frames:v', '1'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
  ]);
  return [...stdout.subarray(0, 3)];
}

describe('pictures people upload', () => {
  it('knows JPEG, PNG, GIF, WebP and BMP by their content, whatever the name', async () => {
    for (const [name, format] of [
      ['a.jpg', 'jpeg'],
      ['a.png', 'png'],
      ['a.gif', 'gif'],
      ['a.webp', 'webp'],
      ['a.bmp', 'bmp'],
    ] as const) {
      const file = await make(name, 'testsrc2=s=320x200:d=1');
      const renamed = join(dir, `${name}.txt`);
      await writeFile(renamed, await readFile(file));
      expect(await readPicture(renamed), name).toEqual({ format, width: 320, height: 200 });
    }
    expect(pictureFormat(Buffer.from('%PDF-1.7'))).toBeUndefined();
  }, 120_000);

  it('refuses bytes that only begin like a picture, and truncated pictures', async () => {
    const header = join(dir, 'header-only.gif');
    await writeFile(header, 'GIF89a, and then words, no picture at all');
    expect(await readPicture(header)).toBeUndefined();
    const png = await readFile(await make('whole.png', 'testsrc2=s=320x200:d=1'));
    const cut = join(dir, 'cut.png');
    await writeFile(cut, png.subarray(0, 300));
    expect(await readPicture(cut)).toBeUndefined();
    const text = join(dir, 'notes.png');
    await writeFile(text, 'plain words');
    expect(await readPicture(text)).toBeUndefined();
  }, 60_000);

  it('makes square JPEG sizes of the centre, transparency on white', async () => {
    // Half-transparent red, 300 wide and 200 high.
    const input = await make('clear.png', 'color=c=red@0.5:s=300x200,format=rgba');
    const outputs = [64, 200, 400].map((size) => ({ size, path: join(dir, `out-${size}.jpg`) }));
    await squarePictures(input, outputs);
    for (const { size, path } of outputs)
      expect(await probePicture(path)).toEqual({ codec: 'mjpeg', width: size, height: size });
    const [r = 0, g = 0, b = 0] = await pixel(outputs[1]?.path as string, 100, 100);
    expect(r).toBeGreaterThan(235);
    expect(g).toBeGreaterThan(110);
    expect(g).toBeLessThan(150);
    expect(Math.abs(g - b)).toBeLessThan(10);
  }, 60_000);
});
