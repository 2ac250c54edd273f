/**
 * The URL-friendly form of a name (spec §5 "slug building"): accents dropped, lower case, runs
 * of anything but letters and digits as one '-'. 'Marriage and Family' → 'marriage-and-family'.
 */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
