import type { TranscriptSegment } from '@kerygma/domain/contracts/transcripts';
import type { TextPart } from '@kerygma/domain/search-match';

/**
 * What the sermon page's transcript shows (SermonTranscript.tsx), kept apart from React: the
 * line being said, and the lines a find matches with the found words marked.
 */

/**
 * The index of the line being said at `position` (seconds): the last one started by then, kept
 * through a pause before the next; -1 before the first, and after the last has ended.
 */
export function segmentAt(segments: readonly Pick<TranscriptSegment, 'start' | 'end'>[], position: number): number {
  let low = 0;
  let high = segments.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((segments[mid]?.start ?? 0) <= position) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  const last = segments.length - 1;
  return found === last && position >= (segments[last]?.end ?? 0) ? -1 : found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A find's words as a pattern: case-insensitive, any run of spaces between words. */
export function findPattern(query: string): RegExp | undefined {
  const words = query.trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
  return words.length ? new RegExp(words.join('\\s+'), 'giu') : undefined;
}

/** `text` in runs, every match of `pattern` marked; one unmarked run without a pattern. */
export function markFound(text: string, pattern: RegExp | undefined): TextPart[] {
  if (!pattern) return [{ text, match: false }];
  const parts: TextPart[] = [];
  let at = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index ?? 0;
    if (found[0] === '') continue;
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: found[0], match: true });
    at = start + found[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/** How many times `pattern` is found in the lines. */
export function countFound(segments: readonly Pick<TranscriptSegment, 'text'>[], pattern: RegExp | undefined): number {
  if (!pattern) return 0;
  let count = 0;
  for (const s of segments) for (const _ of s.text.matchAll(pattern)) count++;
  return count;
}
