/** Text for XML documents the server writes (sitemaps, podcast feeds), built as strings. */

/**
 * Characters XML 1.0 does not allow at all (C0 controls other than tab/LF/CR, lone surrogates,
 * U+FFFE/U+FFFF). They are dropped: one of them in a title would make the whole file unreadable.
 */
const INVALID_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SPECIAL = /[&<>"']/g;
const NEEDS_WORK =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or attribute content: escaped, with characters XML cannot carry removed. */
export function xmlText(value: string): string {
  // Most text needs nothing: one test instead of two replaces (a feed writes thousands of strings).
  if (!NEEDS_WORK.test(value)) return value;
  return value.replace(INVALID_XML, '').replace(SPECIAL, (c) => ENTITIES[c] as string);
}

/** Cuts text to at most `max` characters (UTF-16 code units, never splitting a surrogate pair). */
export function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  let cut = value.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
