/**
 * Backgrounds drawn as SVG by our own code: a diagonal gradient between a palette's two colours
 * with one of a few patterns over it in white at low opacity. The demo data's artwork
 * (seed/demo-artwork.ts) draws on them, and so does the banner gallery (banner-gallery.ts).
 * Strings only; sharp draws them (image-files.ts).
 */

/** Colour pairs (dark, light) a background's gradient runs between. */
export const PALETTES: readonly (readonly [dark: string, light: string])[] = [
  ['#1f3b5c', '#3f7cac'],
  ['#5a1f2b', '#b2475d'],
  ['#23493d', '#4f9a78'],
  ['#3d2b5c', '#7d5fb2'],
  ['#5c3d1f', '#c08a3e'],
  ['#1f4f5c', '#3fa3b2'],
  ['#4a4a1f', '#9a9a3f'],
  ['#2b2b3d', '#6b6b8f'],
  ['#5c1f4f', '#b2479a'],
  ['#1f5c3a', '#3fb27a'],
];

export const PATTERNS = ['rings', 'stripes', 'dots', 'arches', 'waves'] as const;
export type Pattern = (typeof PATTERNS)[number];

function pattern(kind: Pattern, width: number, height: number): string {
  const shapes: string[] = [];
  switch (kind) {
    case 'rings': // concentric circles from a corner
      for (let r = 120; r < Math.max(width, height) * 1.5; r += 120)
        shapes.push(`<circle cx="${width}" cy="${height}" r="${r}" fill="none" stroke="#fff" stroke-width="14"/>`);
      break;
    case 'stripes': // diagonal stripes
      for (let x = -height; x < width; x += 90)
        shapes.push(`<path d="M${x} ${height}L${x + height} 0" stroke="#fff" stroke-width="28"/>`);
      break;
    case 'dots': // a grid of dots
      for (let y = 50; y < height; y += 100)
        for (let x = 50; x < width; x += 100) shapes.push(`<circle cx="${x}" cy="${y}" r="12" fill="#fff"/>`);
      break;
    case 'arches': // arches, like a row of windows
      for (let x = 0; x < width; x += 250)
        shapes.push(
          `<path d="M${x + 40} ${height}V${height * 0.55}a85 85 0 0 1 170 0V${height}" fill="none" stroke="#fff" stroke-width="16"/>`,
        );
      break;
    case 'waves':
      for (let y = 80; y < height; y += 110)
        shapes.push(
          `<path d="M0 ${y}${Array.from({ length: Math.ceil(width / 200) }, () => 'q50 -40 100 0t100 0').join('')}" fill="none" stroke="#fff" stroke-width="12"/>`,
        );
  }
  return `<g opacity="0.12">${shapes.join('')}</g>`;
}

/** A background's SVG elements, `width` by `height`: the gradient, then the pattern. */
export function drawnBackground(
  [dark, light]: readonly [string, string],
  kind: Pattern,
  width: number,
  height: number,
): string {
  return (
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/>` +
    `<stop offset="1" stop-color="${dark}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>${pattern(kind, width, height)}`
  );
}

/** An SVG document of `width` by `height` holding `body`. */
export const svgDocument = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
