import { defaultWidth, IMAGE_SHAPES, type ImageKind } from '@kerygma/domain/images';

/** A stored picture's URLs as the API gives them (no sharp here: the catalogue's answers import it). */
export type ImageUrls = {
  /** One size, for clients that take a plain URL (imageURL, image). */
  url: string;
  /** Every size, `{size}` standing for the width (imageURLResizable, albumArtURL). */
  resizableURL: string;
  /** The widths `{size}` may be. */
  widths: readonly number[];
};

/** The resizable path of a stored picture's folder, below the site's origin. */
export const resizablePath = (folder: string) => `/media/${folder}/{size}.jpg`;

/** A stored resizable path (or an older absolute URL, kept as it is) as the API's URLs. */
export function imageUrlsOf(kind: ImageKind, stored: string, origin: string): ImageUrls {
  const resizableURL = stored.startsWith('/') ? origin + stored : stored;
  return {
    url: resizableURL.replace('{size}', String(defaultWidth(kind))),
    resizableURL,
    widths: IMAGE_SHAPES[kind].widths,
  };
}

/**
 * A stock picture's folder (`images/<kind>/stock/<name>`): drawn by our code and shared by every
 * owner who chose it, so never removed with one. An owner's own folder is one segment below the
 * kind (an owner id holds no '/'), so the two never meet.
 */
export const stockFolder = (kind: ImageKind, name: string) => `images/${kind}/stock/${name}`;
export const isStockFolder = (folder: string) => /^images\/[a-z_]+\/stock\//.test(folder);
