import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from '@kerygma/ffmpeg/run';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeBmp } from './bmp.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'kerygma-bmp-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The same test frame, written by ffmpeg as `name` (its extension and pixel format chosen). */
async function frame(name: string, pixelFormat?: string): Promise<Buffer> {
  const file = path.join(scratch, name);
  const format = pixelFormat ? ['-pix_fmt', pixelFormat] : [];
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=98x62:d=1',
    '-frames:v',
    '1',
    ...format,
    '-y',
    file,
  ]);
  return readFileSync(file);
}

describe('BMP pictures for sharp', () => {
  it('decodes the uncompressed kinds to the colours a PNG of the same frame has', async () => {
    const png = await sharp(await frame('frame.png', 'rgb24'))
      .raw()
      .toBuffer();
    // 16-bit keeps 5 or 6 bits a channel; a palette of 256 colours is near enough too.
    for (const [pixelFormat, tolerance] of [
      ['bgr24', 0],
      ['bgra', 0],
      ['rgb565le', 5],
      ['rgb555le', 5],
      ['pal8', 12],
    ] as const) {
      const bmp = decodeBmp(await frame(`${pixelFormat}.bmp`, pixelFormat), 50_000_000);
      expect(bmp, pixelFormat).toMatchObject({ width: 98, height: 62, channels: 3 });
      let difference = 0;
      for (let i = 0; i < png.length; i++) difference += Math.abs((bmp?.pixels[i] ?? 0) - (png[i] ?? 0));
      expect(difference / png.length, pixelFormat).toBeLessThanOrEqual(tolerance);
    }
  });

  it('refuses a cut-short file, one over the pixel limit, and bytes that are not a BMP', async () => {
    const whole = await frame('whole.bmp', 'bgr24');
    expect(decodeBmp(whole.subarray(0, whole.length - 1), 50_000_000)).toBeUndefined();
    expect(decodeBmp(whole, 98 * 62 - 1)).toBeUndefined();
    expect(decodeBmp(Buffer.alloc(100, 0x42), 50_000_000)).toBeUndefined();
  });
});
