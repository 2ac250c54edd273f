import { drawnBackground, PALETTES, PATTERNS, type Pattern, svgDocument } from '../images/drawn-backgrounds.ts';
import type { DrawnImage } from '../images/images.service.ts';
import type { DemoCatalogue } from './demo-catalogue.ts';

/**
 * The demo catalogue's artwork, drawn as SVG from each owner's id and name over the backgrounds of
 * images/drawn-backgrounds.ts (deterministic, no randomness beyond them): broadcasters' profile pictures and banners, speakers' portraits,
 * series covers. Stored as they are; their JPEG sizes are drawn from them on first request
 * (images/image-sizes.ts), so seeding costs no rendering.
 */

/** FNV-1a: a stable number from a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** Up to two initials of a name's words, skipping small words ('of', 'the', 'de'). */
export function initials(name: string): string {
  const words = name
    .split(/[\s.,/-]+/)
    .filter((w) => w && !/^(of|the|and|de|la|el|del|y|a|an)$/i.test(w) && /\p{L}/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('');
}

/** The owner's colours and pattern, picked by `seed`. */
const background = (seed: number, width: number, height: number) =>
  drawnBackground(
    PALETTES[seed % PALETTES.length] as readonly [string, string],
    PATTERNS[(seed >>> 4) % PATTERNS.length] as Pattern,
    width,
    height,
  );

const SERIF = 'font-family="\'DejaVu Serif\', Georgia, serif" font-weight="bold" fill="#fff"';
const SANS = 'font-family="\'DejaVu Sans\', Arial, sans-serif" fill="#fff"';

/** A broadcaster's profile picture: its initials on its colours. */
export function broadcasterProfile(id: string, name: string): string {
  return svgDocument(
    1000,
    1000,
    `${background(hash(id), 1000, 1000)}<text x="500" y="620" text-anchor="middle" font-size="340" ${SERIF}>${escapeXml(initials(name))}</text>`,
  );
}

/** A broadcaster's banner: its name on its colours, wide. */
export function broadcasterBanner(id: string, name: string, location: string): string {
  const size = Math.min(110, Math.floor(2100 / Math.max(name.length, 1)));
  return svgDocument(
    1500,
    500,
    `${background(hash(id) + 3, 1500, 500)}<text x="80" y="290" font-size="${size}" ${SERIF}>${escapeXml(name)}</text>` +
      `<text x="84" y="370" font-size="44" opacity="0.85" ${SANS}>${escapeXml(location)}</text>`,
  );
}

/** A speaker's portrait: a figure's outline and the initials, on the speaker's colours. */
export function speakerPortrait(id: number, name: string): string {
  return svgDocument(
    1000,
    1000,
    `${background(hash(`speaker${id}`), 1000, 1000)}<g fill="#fff" opacity="0.28"><circle cx="500" cy="400" r="180"/>` +
      `<path d="M170 1000c0-220 150-360 330-360s330 140 330 360z"/></g>` +
      `<text x="500" y="468" text-anchor="middle" font-size="190" ${SERIF}>${escapeXml(initials(name))}</text>`,
  );
}

/** A series' cover: its title, set in up to four lines, and its broadcaster's name below. */
export function seriesCover(id: number, title: string, broadcasterName: string): string {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 14) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const shown = lines.slice(0, 4);
  const longest = Math.max(...shown.map((l) => l.length), 1);
  const size = Math.min(150, Math.floor(1500 / longest));
  const top = 500 - ((shown.length - 1) * size * 1.15) / 2 + size * 0.35;
  const text = shown
    .map((l, i) => `<tspan x="500" y="${Math.round(top + i * size * 1.15)}">${escapeXml(l)}</tspan>`)
    .join('');
  return svgDocument(
    1000,
    1000,
    `${background(hash(`series${id}`), 1000, 1000)}<text text-anchor="middle" font-size="${size}" ${SERIF}>${text}</text>` +
      `<rect x="380" y="860" width="240" height="6" fill="#fff" opacity="0.6"/>` +
      `<text x="500" y="930" text-anchor="middle" font-size="40" ${SANS}>${escapeXml(broadcasterName)}</text>`,
  );
}

/** Every picture of the demo catalogue: each broadcaster's two, each speaker's (not the placeholders'), each series'. */
export function demoArtwork(c: DemoCatalogue): DrawnImage[] {
  const names = new Map(c.broadcasters.map((b) => [b.broadcasterId, b.shortName || b.displayName]));
  return [
    ...c.broadcasters.flatMap((b): DrawnImage[] => [
      {
        kind: 'broadcaster_profile',
        ownerId: b.broadcasterId,
        svg: broadcasterProfile(b.broadcasterId, b.displayName),
      },
      {
        kind: 'broadcaster_banner',
        ownerId: b.broadcasterId,
        svg: broadcasterBanner(b.broadcasterId, b.displayName, b.location),
      },
    ]),
    ...c.speakers
      .filter((s) => !s.placeholder)
      .map(
        (s): DrawnImage => ({
          kind: 'speaker_portrait',
          ownerId: String(s.speakerId),
          svg: speakerPortrait(s.speakerId, s.displayName),
        }),
      ),
    ...c.series.map(
      (s): DrawnImage => ({
        kind: 'series_artwork',
        ownerId: String(s.seriesId),
        svg: seriesCover(s.seriesId, s.title, names.get(s.broadcasterId) ?? ''),
      }),
    ),
  ];
}
