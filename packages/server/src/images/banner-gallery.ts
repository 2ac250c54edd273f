import { drawnBackground, PALETTES, type Pattern, svgDocument } from './drawn-backgrounds.ts';
import { contentDigest } from './image-files.ts';
import { stockFolder } from './image-urls.ts';

/**
 * The banner gallery (spec §3 "banner gallery", §7 GET node/images/background/broadcaster):
 * stock backgrounds a broadcaster may take as its banner instead of uploading one. Each is drawn
 * by our code (drawn-backgrounds.ts) as an SVG at the banner's shape; its folder,
 * `images/broadcaster_banner/stock/<id>-<digest>`, names what it draws, so a changed design gets
 * new URLs. Nothing is stored beforehand: the media route draws each size from `stockSource` on
 * its first request and keeps it in the store (image-sizes.ts), so the gallery is there on any
 * fresh store. Names are the locale messages' `catalog.bannerGallery.<id>`.
 */

type Design = { id: string; palette: number; pattern: Pattern };

/** In the gallery's order; an id is kept for good (a broadcaster's choice is recorded by its folder). */
const DESIGNS: readonly Design[] = [
  { id: 'harbour', palette: 0, pattern: 'waves' },
  { id: 'cloister', palette: 0, pattern: 'arches' },
  { id: 'vineyard', palette: 1, pattern: 'stripes' },
  { id: 'forest', palette: 2, pattern: 'arches' },
  { id: 'twilight', palette: 3, pattern: 'rings' },
  { id: 'harvest', palette: 4, pattern: 'dots' },
  { id: 'sunrise', palette: 4, pattern: 'rings' },
  { id: 'lagoon', palette: 5, pattern: 'waves' },
  { id: 'olive', palette: 6, pattern: 'stripes' },
  { id: 'slate', palette: 7, pattern: 'dots' },
  { id: 'heather', palette: 8, pattern: 'waves' },
  { id: 'meadow', palette: 9, pattern: 'dots' },
];

export type GalleryBanner = { id: string; folder: string; svg: string };

/** Drawn at 1500×500 (3:1, the banner's shape); the served sizes scale it. */
const GALLERY: readonly GalleryBanner[] = DESIGNS.map(({ id, palette, pattern }) => {
  const svg = svgDocument(
    1500,
    500,
    drawnBackground(PALETTES[palette] as readonly [string, string], pattern, 1500, 500),
  );
  return { id, svg, folder: stockFolder('broadcaster_banner', `${id}-${contentDigest(svg)}`) };
});

const BY_FOLDER = new Map(GALLERY.map((b) => [b.folder, b.svg]));

/** Every gallery banner, in order. */
export const bannerGallery = (): readonly GalleryBanner[] => GALLERY;

/** The gallery banner `id`, or undefined. */
export const galleryBanner = (id: string): GalleryBanner | undefined => GALLERY.find((b) => b.id === id);

/** The SVG a stock folder's sizes are drawn from, or undefined for any other folder. */
export const stockSource = (folder: string): string | undefined => BY_FOLDER.get(folder);
