import { bookByOsis, bookSlug } from '@kerygma/domain/bible';
import type { SearchMatch, SearchPassage, TextPart } from '@kerygma/domain/search-match';
import type { MessageKey, Translate } from '@kerygma/i18n/t';
import { bibleTextName, type LocalText } from './catalogue-names.ts';
import { formatDuration } from './format.ts';
import { escapeHtml as e } from './html.ts';

/**
 * What a search understood and why a sermon matched (issue 26), as the search page shows it:
 * the passage the query named, the searched words marked in titles and snippets, and a
 * transcript snippet's 'Play from 12:34'. Every text comes from the API and is escaped here;
 * only our own `<mark>` is markup.
 */

/** Text runs as HTML, the matched ones in `<mark>`. */
export function markedHtml(parts: readonly TextPart[]): string {
  return parts.map((p) => (p.match ? `<mark>${e(p.text)}</mark>` : e(p.text))).join('');
}

/** The sermon page that starts its player at `seconds` (read back by startSecondsFrom). */
export function sermonAtPath(sermonID: string, seconds: number): string {
  return `/sermons/${encodeURIComponent(sermonID)}?t=${Math.max(0, Math.floor(seconds))}`;
}

/**
 * The start time of a sermon page's address (`?t=`): whole seconds ('754'), or a clock
 * ('12:34', '1:02:03'); undefined for none, zero or anything else.
 */
export function startSecondsFrom(value: string | null | undefined): number | undefined {
  const text = value?.trim() ?? '';
  let seconds: number | undefined;
  if (/^\d{1,6}$/.test(text)) seconds = Number(text);
  else if (/^\d{1,3}(:[0-5]\d){1,2}$/.test(text))
    seconds = text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  return seconds !== undefined && seconds > 0 ? seconds : undefined;
}

/** The passage a search named, in the page's language, and its scripture page (without the language prefix). */
export function passageLink(t: Translate, passage: SearchPassage): LocalText & { path: string | undefined } {
  const book = bookByOsis(passage.osisAbbrev);
  const parts = book ? [bookSlug(book.name), passage.chapter, passage.verseStart ?? undefined] : [];
  const path = book ? `/sermons/scripture/${parts.filter((p) => p !== undefined).join('/')}` : undefined;
  return { ...bibleTextName(t, passage.reference), path };
}

export type MatchContext = { t: Translate; href: (path: string) => string };

/**
 * The snippet under a search result: where it comes from, its text with the words marked, and
 * for a transcript's sentence a link that plays the sermon from there. Empty without one.
 */
export function snippetHtml(sermonID: string, match: SearchMatch, lang: string, { t, href }: MatchContext): string {
  const snippet = match.snippet;
  if (!snippet || snippet.parts.length === 0) return '';
  const label =
    snippet.source === 'transcript' ? t('sermons.search.fromTranscript') : t('sermons.search.fromDescription');
  let html = `<span class="sermon-snippet"><span class="sermon-snippet-source">${e(label)}</span> `;
  html += `<q lang="${e(lang)}">${markedHtml(snippet.parts)}</q>`;
  if (snippet.source === 'transcript' && snippet.startSeconds !== null) {
    // The second the link starts at, the one it names (not rounded up past the sentence's start).
    const at = Math.floor(snippet.startSeconds);
    const playFrom = t('player.playFrom', { time: formatDuration(at) });
    html += ` <a class="sermon-snippet-play" href="${e(href(sermonAtPath(sermonID, at)))}">${e(playFrom)}</a>`;
  }
  return `${html}</span>`;
}

const SLOT = '\u0000';

/**
 * A message's text before and after its `name` parameter, for a page that puts markup there (a
 * link): 'Did you mean {query}?' → ['Did you mean ', '?'].
 */
export function aroundParameter(t: Translate, key: MessageKey, name: string): [string, string] {
  const [before = '', after = ''] = t(key, { [name]: SLOT }).split(SLOT);
  return [before, after];
}
