/**
 * BMP pictures, which sharp's libvips does not read (§5 accepts them): the uncompressed kinds
 * (8-bit with a palette; 16-, 24- and 32-bit, plain or with bit fields) decoded to raw RGB pixels
 * sharp takes. Undefined for anything else, a truncated file or one over `maxPixels`.
 */

export type RawPicture = { pixels: Buffer; width: number; height: number; channels: 3 };

export const isBmp = (bytes: Buffer) => bytes.length >= 54 && bytes[0] === 0x42 && bytes[1] === 0x4d;

const BI_RGB = 0;
const BI_BITFIELDS = 3;

/** How far a colour mask's lowest set bit is, and its largest value, to scale it to 0–255. */
function channelOf(mask: number): (value: number) => number {
  if (!mask) return () => 0;
  let shift = 0;
  while (!((mask >>> shift) & 1)) shift++;
  const max = mask >>> shift;
  return (value) => Math.round((((value & mask) >>> shift) * 255) / max);
}

export function decodeBmp(bytes: Buffer, maxPixels: number): RawPicture | undefined {
  if (!isBmp(bytes)) return undefined;
  const dataAt = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  if (headerSize < 40) return undefined;
  const width = bytes.readInt32LE(18);
  const signedHeight = bytes.readInt32LE(22);
  const height = Math.abs(signedHeight);
  const bpp = bytes.readUInt16LE(28);
  const compression = bytes.readUInt32LE(30);
  if (width <= 0 || height === 0 || width * height > maxPixels) return undefined;
  const stride = Math.ceil((bpp * width) / 32) * 4;
  if (dataAt + stride * height > bytes.length) return undefined;

  let read: (row: number, x: number) => [number, number, number];
  if (bpp === 24 && compression === BI_RGB) {
    read = (row, x) => [bytes[row + x * 3 + 2] ?? 0, bytes[row + x * 3 + 1] ?? 0, bytes[row + x * 3] ?? 0];
  } else if ((bpp === 16 || bpp === 32) && (compression === BI_RGB || compression === BI_BITFIELDS)) {
    const plain = bpp === 16 ? [0x7c00, 0x03e0, 0x001f] : [0xff0000, 0xff00, 0xff];
    const masks = compression === BI_RGB ? plain : [0, 4, 8].map((at) => bytes.readUInt32LE(54 + at));
    const [r, g, b] = masks.map(channelOf) as [(v: number) => number, (v: number) => number, (v: number) => number];
    read = (row, x) => {
      const value = bpp === 16 ? bytes.readUInt16LE(row + x * 2) : bytes.readUInt32LE(row + x * 4);
      return [r(value), g(value), b(value)];
    };
  } else if (bpp === 8 && compression === BI_RGB) {
    const paletteAt = 14 + headerSize;
    const colours = bytes.readUInt32LE(46) || 256;
    if (paletteAt + colours * 4 > dataAt) return undefined;
    read = (row, x) => {
      const at = paletteAt + (bytes[row + x] ?? 0) * 4;
      return [bytes[at + 2] ?? 0, bytes[at + 1] ?? 0, bytes[at] ?? 0];
    };
  } else return undefined;

  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    // Rows are stored bottom up unless the height is negative.
    const row = dataAt + stride * (signedHeight > 0 ? height - 1 - y : y);
    for (let x = 0; x < width; x++) pixels.set(read(row, x), (y * width + x) * 3);
  }
  return { pixels, width, height, channels: 3 };
}
