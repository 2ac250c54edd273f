import type { FeedOwner } from '@kerygma/domain/feeds';
import sharp from 'sharp';
import { xmlText } from '../xml-text.ts';

/**
 * A drawn cover for a feed whose owner has no picture: Apple Podcasts and Spotify take only
 * square JPEG or PNG artwork of 1400 to 3000 pixels, and a feed without one is refused. The
 * owner's name on the site's colours, drawn from SVG by sharp on request (they are fetched by
 * directories now and then, not by listeners).
 */

export const COVER_SIZES = [1400, 3000] as const;

export const coverPath = (owner: FeedOwner, id: string | number, size: number) =>
  `/feeds/cover/${owner}/${encodeURIComponent(String(id))}-${size}.jpg`;

/** Lines of at most ~16 characters, at most four, so a long name still fits the square. */
function lines(name: string): string[] {
  const out: string[] = [];
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const lastLine = out.at(-1);
    if (lastLine !== undefined && (lastLine + word).length < 16) out[out.length - 1] = `${lastLine} ${word}`;
    else out.push(word);
  }
  return out.length > 4 ? [...out.slice(0, 3), `${out.slice(3).join(' ').slice(0, 14)}…`] : out;
}

export async function drawCover(name: string, size: number): Promise<Buffer> {
  const text = lines(name);
  const lineHeight = 120;
  const top = 700 - ((text.length - 1) * lineHeight) / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1400" viewBox="0 0 1400 1400">
  <rect width="1400" height="1400" fill="#1f3a5f"/>
  <rect x="80" y="80" width="1240" height="1240" fill="none" stroke="#e8d8b0" stroke-width="8"/>
  ${text
    .map(
      (line, i) =>
        `<text x="700" y="${top + i * lineHeight}" font-family="DejaVu Serif, serif" font-size="104" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${xmlText(line)}</text>`,
    )
    .join('\n  ')}
</svg>`;
  return sharp(Buffer.from(svg), { density: (72 * size) / 1400 })
    .resize(size, size)
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}
