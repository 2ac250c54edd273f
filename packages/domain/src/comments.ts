import { ACCOUNT_RULES } from './account-values.ts';

/**
 * Comments on sermons and messages to a broadcaster (spec §3 Comment sort modes, §4 Comment,
 * §5, §9): their limits, and the one place a comment's text becomes markup. Comments are plain
 * text, stored as typed; readers see them escaped, with their web addresses as links a search
 * engine does not follow.
 */
export const COMMENT_RULES = {
  /** Trimmed length, counted in characters as a person sees them. */
  minLength: ACCOUNT_RULES.commentMinLength,
  maxLength: 2000,
  /** Spec §9: comments 10 a page. */
  pageSize: 10,
  maxPageSize: 50,
  contactSubjectMaxLength: 150,
  contactMessageMinLength: 10,
  contactMessageMaxLength: 5000,
} as const;

/** Spec §3: random, date (newest first), reverse-date (oldest first). */
export const COMMENT_SORTS = ['date', 'reverse-date', 'random'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

/** Spec §4: pending approval until a manager of the sermon's broadcaster reviews it. */
export const COMMENT_STATES = ['pending', 'approved', 'rejected'] as const;
export type CommentState = (typeof COMMENT_STATES)[number];

/** What a link in a comment carries: not followed by search engines, marked as user content. */
export const COMMENT_LINK_REL = 'nofollow ugc noopener';

export type CommentPart = { text: string } | { text: string; href: string };

/** An http(s) address up to a space or a character that cannot be in one unescaped. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}]+$/;

/** A comment's text as runs of plain text and links, in order (the text unchanged). */
export function commentParts(text: string): CommentPart[] {
  const parts: CommentPart[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    let address = match[0];
    const tail = TRAILING.exec(address)?.[0] ?? '';
    address = address.slice(0, address.length - tail.length);
    if (!URL.canParse(address)) continue;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: address, href: address });
    at = start + address.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML text and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/**
 * A comment as HTML: every run escaped first, then its addresses wrapped in links with
 * `rel="nofollow ugc noopener"`. Line breaks stay as typed (shown with `white-space: pre-line`).
 */
export function commentHtml(text: string): string {
  return commentParts(text)
    .map((part) =>
      'href' in part
        ? `<a href="${escapeHtml(part.href)}" rel="${COMMENT_LINK_REL}">${escapeHtml(part.text)}</a>`
        : escapeHtml(part.text),
    )
    .join('');
}

/** The length a person sees: characters (not UTF-16 units) after trimming. */
export const visibleLength = (text: string): number => [...text.trim()].length;
