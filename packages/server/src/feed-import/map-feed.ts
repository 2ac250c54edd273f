import { formatReference, parseBibleText } from '@kerygma/domain/bible';
import { SERMON_LIMITS, UNKNOWN_SPEAKER, UNTITLED_SERMON } from '@kerygma/domain/sermon-editing';
import type { ParsedFeed, ParsedItem } from './parse-feed.ts';

/**
 * A parsed feed as Kerygma understands it: each item's preacher, series, date, plain-text
 * description and the Bible references in its title and description, ready for the preview.
 */

export type MappedItem = {
  guid: string;
  title: string;
  /** YYYY-MM-DD. */
  preachDate: string;
  description: string;
  /** itunes:subtitle when it was not taken as the series. */
  subtitle: string | null;
  speakerName: string;
  seriesTitle: string | null;
  bibleText: string | null;
  enclosureURL: string | null;
  enclosureType: string | null;
  enclosureLength: number | null;
  durationSeconds: number | null;
  chaptersURL: string | null;
};
export type MappedFeed = {
  channel: {
    title: string;
    description: string;
    author: string | null;
    imageURL: string | null;
    languageCode: string | null;
    link: string | null;
  };
  items: MappedItem[];
};

const NAMED: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", rsquo: '’' };
Object.assign(NAMED, { lsquo: '‘', ldquo: '“', rdquo: '”', ndash: '–', mdash: '—', hellip: '…', copy: '©' });

function decodeHtml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] !== '#') return NAMED[e.toLowerCase()] ?? whole;
    const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * HTML to plain text: scripts, styles and comments dropped with their content, block ends as
 * line breaks, every other tag removed, entities decoded last (so '&lt;b&gt;' stays text).
 */
export function plainText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|iframe|object|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|blockquote|tr)\s*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/<[^>]*$/, '');
  return decodeHtml(text)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** 'john@example.com (John Doe)' → 'John Doe'; a bare e-mail address is no name. */
export function personName(text: string | null | undefined): string | null {
  if (!text) return null;
  const inParens = /^\S+@\S+\s*\((.+)\)$/.exec(text.trim());
  const name = plainText(inParens?.[1] ?? text).replace(/\s+/g, ' ');
  if (!name || /^\S+@\S+$/.test(name)) return null;
  return name.slice(0, SERMON_LIMITS.speakerName);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The day a pubDate names, as written in its own time zone ('Sun, 19 Aug 2018 23:20:42 -0500'
 * is the 19th, a Sunday, wherever the server is); null when it names none.
 */
export function dayOf(pubDate: string | null): string | null {
  if (!pubDate) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(pubDate.trim());
  const rfc = /(\d{1,2})\s+([a-z]{3})[a-z]*\.?\s+(\d{4})/i.exec(pubDate);
  let y: number;
  let m: number;
  let d: number;
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (rfc && MONTHS.includes((rfc[2] as string).toLowerCase()))
    [y, m, d] = [Number(rfc[3]), MONTHS.indexOf((rfc[2] as string).toLowerCase()) + 1, Number(rfc[1])];
  else {
    const parsed = Date.parse(pubDate);
    return Number.isNaN(parsed) ? null : new Date(parsed).toISOString().slice(0, 10);
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCDate() === d && date.getUTCMonth() === m - 1 ? date.toISOString().slice(0, 10) : null;
}

// A book name (one to three words, an optional leading 1-3 or Roman numeral) then chapter[:verse[-verse]].
const REFERENCE =
  /\b((?:[1-3]|I{1,3})\s?[A-Z][a-z]+\.?|(?:Song of (?:Solomon|Songs)|[A-Z][a-z]+)\.?)\s+(\d{1,3}(?:[:.]\d{1,3}[a-z]?)?(?:\s*[-–]\s*\d{1,3}(?:[:.]\d{1,3})?)?(?:,\s*\d{1,3}(?:[-–]\d{1,3})?)*)/g;

/**
 * Bible references found in running text ('John 3:16-21', 'Rom 8', '1 Cor 13:4-7'), in the
 * canonical form the sermon's bibleText takes ('John 3:16-21; Romans 8'), each once. A short
 * word needs a verse ('Is 5' is more likely English than Isaiah).
 */
export function findBibleReferences(...texts: string[]): string | null {
  const found: string[] = [];
  for (const text of texts) {
    for (const m of text.matchAll(REFERENCE)) {
      const [, book = '', spec = ''] = m;
      if (book.replace(/[\d\s.I]/g, '').length < 3 && !/[:.]/.test(spec)) continue;
      for (const ref of parseBibleText(`${book} ${spec}`)) {
        const formatted = formatReference(ref);
        if (!found.includes(formatted)) found.push(formatted);
      }
    }
  }
  let bibleText = '';
  for (const ref of found) {
    const next = bibleText ? `${bibleText}; ${ref}` : ref;
    if (next.length > SERMON_LIMITS.bibleText) break;
    bibleText = next;
  }
  return bibleText || null;
}

/** The preacher: a podcast:person speaking or hosting, else itunes:author, dc:creator, the channel's author. */
function preacherOf(item: ParsedItem, channelAuthor: string | null): string {
  const person =
    item.persons.find((p) => p.role === 'speaker' || p.role === 'preacher') ??
    item.persons.find((p) => p.role === 'host');
  return (
    personName(person?.name) ??
    personName(item.itunesAuthor) ??
    personName(item.dcCreator) ??
    channelAuthor ??
    UNKNOWN_SPEAKER
  );
}

/** 'Romans: Justified by Faith' → ['Romans', 'Justified by Faith']; 'Justified (Romans)' → the same. */
function titlePattern(title: string): { series: string; title: string } | null {
  const prefix = /^([^:]{2,80}?)\s*:\s+(.+)$/.exec(title);
  // 'John 3: …' is a reference, not a series.
  if (prefix?.[1] && prefix[2] && !/\d$/.test(prefix[1])) return { series: prefix[1], title: prefix[2] };
  const suffix = /^(.+?)\s*\(([^()]{2,80})\)$/.exec(title);
  if (suffix?.[1] && suffix[2] && !/^\d/.test(suffix[2])) return { series: suffix[2], title: suffix[1] };
  return null;
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

function counts(values: (string | null)[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const v of values) if (v) map.set(v, (map.get(v) ?? 0) + 1);
  return map;
}

/** Maps a parsed feed; `today` (YYYY-MM-DD) dates items that name no day. */
export function mapFeed(feed: ParsedFeed, today: string): MappedFeed {
  const channelAuthor = personName(feed.channel.author);
  const shared = (map: Map<string, number>, value: string | null | undefined) =>
    value && (map.get(value) ?? 0) >= 2 ? value : null;
  // A subtitle is a series only when several items share it (else it is the item's own subtitle).
  const subtitles = counts(feed.items.map((i) => (i.subtitle && i.subtitle !== i.title ? i.subtitle : null)));
  const patterns = counts(feed.items.map((i) => titlePattern(i.title)?.series ?? null));
  const seen = new Set<string>();
  const items: MappedItem[] = [];
  for (const item of feed.items) {
    const guid = (item.guid ?? item.enclosure?.url ?? item.link ?? `${item.title} ${item.pubDate ?? ''}`).trim();
    if (!guid || seen.has(guid)) continue;
    seen.add(guid);
    const subtitleSeries = shared(subtitles, item.subtitle && item.subtitle.length <= 100 ? item.subtitle : null);
    const pattern = titlePattern(item.title);
    const patternSeries = shared(patterns, pattern?.series);
    const seriesTitle = item.season?.name ?? subtitleSeries ?? patternSeries;
    const title = plainText(patternSeries && seriesTitle === patternSeries && pattern ? pattern.title : item.title);
    const description = plainText(item.description);
    const subtitle =
      item.subtitle && item.subtitle !== seriesTitle && item.subtitle !== item.title ? item.subtitle : null;
    items.push({
      guid,
      title: clip(title || UNTITLED_SERMON, SERMON_LIMITS.fullTitle),
      preachDate: dayOf(item.pubDate) ?? today,
      description: clip(description, SERMON_LIMITS.moreInfoText),
      subtitle: subtitle ? clip(plainText(subtitle), SERMON_LIMITS.subtitle) : null,
      speakerName: preacherOf(item, channelAuthor),
      seriesTitle: seriesTitle ? clip(plainText(seriesTitle), SERMON_LIMITS.seriesTitle) : null,
      bibleText: findBibleReferences(item.title, description),
      enclosureURL: item.enclosure?.url ?? null,
      enclosureType: item.enclosure?.type ?? null,
      enclosureLength: item.enclosure?.length || null,
      durationSeconds: item.durationSeconds,
      chaptersURL: item.chaptersURL,
    });
  }
  return {
    channel: {
      title: plainText(feed.channel.title),
      description: plainText(feed.channel.description),
      author: channelAuthor,
      imageURL: feed.channel.imageURL,
      languageCode: feed.channel.languageCode?.toLowerCase() ?? null,
      link: feed.channel.link,
    },
    items,
  };
}
