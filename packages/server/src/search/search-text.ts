/** The text a search looks for, as typed and as the side searches (speakers, series, …) match it. */

/** Quotation marks of any script at the start or end of a word: '"grace"', '“grace”', '«gracia»'. */
const QUOTES = /^["'`\p{Pi}\p{Pf}„‚「『〝＂＇]+|["'`\p{Pi}\p{Pf}」』〞〟＂＇]+$/gu;
/** Anything but letters, marks and digits (of any script) at the start or end. */
const EDGES = /^[^\p{L}\p{M}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu;

/** `text` without punctuation, symbols or spaces at its start and end: 'grace?' → 'grace', '#faith' → 'faith'. */
export function trimPunctuation(text: string): string {
  return text.replace(EDGES, '');
}

/**
 * The query as the side searches match it: one lower-cased substring of a name or title, so
 * 'grace?' or '"grace"' found no series at all while the sermon search (by words) ignores the
 * punctuation. Quotes around any word and punctuation at the ends go; punctuation within is
 * kept, as names and titles hold it ('Charles H. Spurgeon', 'Hosea: The Prophet').
 */
export function sideQuery(query: string): string {
  const words = query.split(/\s+/).map((word) => word.replace(QUOTES, ''));
  return trimPunctuation(words.filter(Boolean).join(' '));
}
