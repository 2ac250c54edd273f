/**
 * The pictures a broadcaster uploads for its catalogue (spec §3 image fields, §5 image rules):
 * what each kind is for, the shape it is cut to, the sizes it is served in and what an upload
 * must be. Zod-free, so the site and the dashboard can read it too.
 */

export const IMAGE_KINDS = [
  'broadcaster_profile',
  'broadcaster_banner',
  'speaker_portrait',
  'series_artwork',
  'article_banner',
] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** Widths every square kind is served in: page pictures up to 720, podcast album art 1400 and 3000 (Apple's bounds). */
const SQUARE_WIDTHS = [96, 192, 360, 720, 1400, 3000] as const;
/** Widths of wide pictures (banners), for phone to desktop screens at 1x and 2x. */
const WIDE_WIDTHS = [640, 1280, 1920] as const;

export type ImageShape = {
  /** Width over height the picture is cut to (its centre kept). */
  aspect: number;
  /** The widths it is stored in; `{size}` in a resizable URL is one of these. */
  widths: readonly number[];
  /** The smallest width and height an upload may have. */
  minWidth: number;
  minHeight: number;
};

export const IMAGE_SHAPES: Record<ImageKind, ImageShape> = {
  broadcaster_profile: { aspect: 1, widths: SQUARE_WIDTHS, minWidth: 400, minHeight: 400 },
  speaker_portrait: { aspect: 1, widths: SQUARE_WIDTHS, minWidth: 400, minHeight: 400 },
  series_artwork: { aspect: 1, widths: SQUARE_WIDTHS, minWidth: 400, minHeight: 400 },
  broadcaster_banner: { aspect: 3, widths: WIDE_WIDTHS, minWidth: 1200, minHeight: 400 },
  article_banner: { aspect: 2, widths: WIDE_WIDTHS, minWidth: 1200, minHeight: 600 },
};

export const IMAGE_RULES = {
  /** The largest upload accepted, in bytes. */
  maxBytes: 15 * 1024 ** 2,
  /** Formats accepted, read from the content, never the name (§5: jpeg, gif, png, bmp, webp). */
  formats: ['jpeg', 'png', 'gif', 'webp', 'bmp'] as const,
  /** Pictures with more pixels are not decoded (a small file can claim a huge size). */
  maxPixels: 50_000_000,
  /** How long an upload slot takes bytes. */
  slotMs: 3600_000,
} as const;

/** The width a plain (not resizable) image URL names: the square kinds' 360, the wide kinds' 1280. */
export const defaultWidth = (kind: ImageKind): number => (IMAGE_SHAPES[kind].aspect === 1 ? 360 : 1280);

/** The height of a stored width of a kind. */
export const imageHeight = (kind: ImageKind, width: number): number => Math.round(width / IMAGE_SHAPES[kind].aspect);
