/**
 * Putting back the quotations (hymn stanzas, lines of poems) that the primary edition of
 * *Morning and Evening* drops (data/devotional/morning-and-evening/SOURCE.md, "Known defects"),
 * from the alternate edition, which keeps them. Only the quotations come from the alternate
 * edition; the prose stays the primary edition's, word for word.
 */

/** The alternate edition's text in blocks: its first two lines (heading, key verse) dropped, split at blank lines. */
export function bodyBlocks(body: string): string[] {
  return body
    .split('\n')
    .slice(2)
    .join('\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
}

/** Longest line of a stanza: the prose of the alternate edition has longer lines, or none. */
const STANZA_LINE = 90;

/**
 * A block set apart as a quotation: lines of verse (several short lines), a single short quoted
 * line, or a stanza that the edition ran together into one quoted line.
 */
export function isQuotationBlock(block: string): boolean {
  const lines = block.split('\n');
  if (lines.length > 1) return lines.every((line) => line.trim().length <= STANZA_LINE);
  return /^["“]/.test(block) && (block.length <= STANZA_LINE || /["”]$/.test(block));
}

/** Straight quotation marks as the primary edition prints them: “double”, ’apostrophe. */
export function curlyQuotes(text: string): string {
  return text
    .replace(/(^|[\s([—-])"/g, '$1“')
    .replace(/"/g, '”')
    .replace(/'/g, '’');
}

/** The first words of a paragraph, to pair the two editions' prose despite spelling and punctuation. */
function firstWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 10);
}

/** Whether two paragraphs begin alike: half their first words in common ('Then Moses sang' / 'When Moses sang'). */
function beginAlike(a: string, b: string): boolean {
  const words = firstWords(a);
  const other = new Set(firstWords(b));
  return words.filter((word) => other.has(word)).length * 2 >= Math.min(words.length, other.size);
}

/**
 * The primary edition's paragraphs with the alternate edition's quotations put back where that
 * edition has them. A stanza's lines are joined by '\n'. When the two editions' prose does not
 * pair up paragraph for paragraph (same count, each pair beginning alike), the paragraphs are
 * returned unchanged: a quotation in the wrong place is worse than a missing one.
 */
export function withQuotations(paragraphs: readonly string[], altBody: string): string[] {
  const blocks = bodyBlocks(altBody);
  const prose = blocks.filter((block) => !isQuotationBlock(block));
  if (prose.length === blocks.length || prose.length !== paragraphs.length) return [...paragraphs];
  if (prose.some((block, i) => !beginAlike(block, paragraphs[i] ?? ''))) return [...paragraphs];
  let next = 0;
  return blocks.map((block) =>
    isQuotationBlock(block)
      ? curlyQuotes(
          block
            .split('\n')
            .map((line) => line.trim())
            .join('\n'),
        )
      : (paragraphs[next++] ?? ''),
  );
}

/** A paragraph that is a quotation: lines of verse, or quoted from its first character. */
function isQuotation(paragraph: string): boolean {
  return paragraph.includes('\n') || /^["“‘]/.test(paragraph);
}

/**
 * Paragraphs (by index) that end by introducing a quotation ('…as we sing—', '…sings-', '…these:')
 * which does not follow: the source lacks it (Faith's Checkbook, February 29).
 */
export function missingQuotations(paragraphs: readonly string[]): number[] {
  return paragraphs.flatMap((paragraph, i) => {
    if (isQuotation(paragraph) || !/(?:[-—]|:—?)$/.test(paragraph.trimEnd())) return [];
    const next = paragraphs[i + 1];
    return next !== undefined && isQuotation(next) ? [] : [i];
  });
}
