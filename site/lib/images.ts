/**
 * Image URLs with a `{size}` placeholder (spec §3: albumArtURL, videoThumbnailResizable). No
 * imports: the player island uses this too.
 */

/** Whether an image URL has a `{size}` placeholder (a resizable URL may be a fixed one instead). */
export const isSizedImage = (url: string) => url.includes('{size}');

/** The image at one size. */
export const sizedImage = (template: string, size: number) => template.replaceAll('{size}', String(size));

/** A srcset of the image at each width (w descriptors). */
export const sizedSrcset = (template: string, widths: readonly number[]) =>
  widths.map((width) => `${sizedImage(template, width)} ${width}w`).join(', ');
