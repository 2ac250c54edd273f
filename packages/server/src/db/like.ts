/** `text` as a literal inside a LIKE pattern: its `%`, `_` and `\` match only themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * A LIKE pattern matching `text` anywhere in a lower-cased column (the stored search texts of
 * broadcasters, speakers and series); unaccent it in SQL, as the column was.
 */
export function containsPattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}
