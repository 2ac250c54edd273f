import { parseBibleText } from './bible.ts';

/**
 * The rules of editing a sermon, a speaker or a series (spec §3, §4, §5), shared by the
 * server, which enforces them, and the dashboard, which checks them before it sends.
 */

/** Lengths of the editable text fields, in characters. */
export const SERMON_LIMITS = {
  fullTitle: 200,
  displayTitle: 100,
  subtitle: 200,
  bibleText: 200,
  moreInfoText: 5000,
  keywords: 500,
  speakerName: 100,
  speakerBio: 5000,
  seriesTitle: 200,
  seriesDescription: 5000,
  search: 100,
} as const;

/** Spec §4: what a new sermon is called until it is named; it cannot be published so. */
export const UNTITLED_SERMON = 'Untitled Sermon';
/** Spec §4: a sermon by this placeholder speaker cannot be published. */
export const UNKNOWN_SPEAKER = 'Unknown Speaker';

/** Spec §4: Draft (no publish time), Scheduled (a future one), Published; and Unpublished. */
export const PUBLISH_STATES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

/** How long a deleted sermon and its media are kept, restorable by a site admin. */
export const DELETED_SERMON_KEPT_DAYS = 30;

/** The dashboard's sermon list sorts. */
export const DASHBOARD_SERMON_SORTS = ['newest', 'oldest', 'updated', 'title', 'published'] as const;
export type DashboardSermonSort = (typeof DASHBOARD_SERMON_SORTS)[number];

/** True when the text holds markup: a tag, a comment or a character reference. */
export function containsHtml(text: string): boolean {
  return /<\s*\/?\s*[a-z!?][^>]*>|&(#\d+|#x[0-9a-f]+|[a-z]+);/i.test(text);
}

/**
 * Checks a Bible reference against the Bible's structure: every part ('John 3:16-21; Rom 5:1')
 * must name a book, and a chapter and verses inside it. Empty text is no reference (valid).
 */
export function isValidBibleText(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  const parts = trimmed
    .replace(/\s*&\s*|\s+and\s+/gi, ',')
    .split(/[;,\n]/)
    .filter((part) => part.trim().replace(/\.+$/, '') !== '');
  return parseBibleText(trimmed).length === parts.length;
}

/** Keywords as typed (space separated, '#' optional) to the hashtags they become, unique. */
export function keywordHashtags(keywords: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const word of keywords.split(/\s+/)) {
    const tag = word.replace(/^#+/, '');
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The publish state of a sermon from its publish time, the clock and whether it was taken down. */
export function publishStateOf(publishTimestamp: Date | null, unpublished: boolean, now: number): PublishState {
  if (publishTimestamp === null) return unpublished ? 'unpublished' : 'draft';
  return publishTimestamp.getTime() > now ? 'scheduled' : 'published';
}
