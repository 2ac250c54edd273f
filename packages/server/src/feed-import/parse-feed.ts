import { FEED_IMPORT_LIMITS } from '@kerygma/domain/contracts/feed-import';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { MessageRef } from '../errors.ts';

/**
 * Reads an RSS 2.0 or Atom podcast feed into a plain structure (no mapping to sermons yet:
 * map-feed.ts). Namespaced elements are known by their namespace's URI, not the prefix a feed
 * happens to give it, and both Podcasting 2.0 URIs count as one. Hostile XML is refused before
 * it is parsed: entity declarations (the 'billion laughs'), too many bytes, malformed XML.
 */

export class FeedRefused extends Error {
  readonly ref: MessageRef;
  constructor(key: string, params?: MessageRef['params']) {
    super(key);
    this.ref = params ? { key, params } : { key };
  }
}

export type ParsedPerson = { name: string; role: string };
export type ParsedItem = {
  guid: string | null;
  title: string;
  link: string | null;
  /** As written: 'Sun, 19 Aug 2018 23:20:42 +0000' or an ISO date. */
  pubDate: string | null;
  /** content:encoded, else description, else itunes:summary (Atom: content, else summary), as given (may be HTML). */
  description: string;
  enclosure: { url: string; type: string | null; length: number | null } | null;
  durationSeconds: number | null;
  itunesAuthor: string | null;
  dcCreator: string | null;
  persons: ParsedPerson[];
  subtitle: string | null;
  season: { number: number | null; name: string | null } | null;
  episode: number | null;
  chaptersURL: string | null;
};
export type ParsedFeed = {
  format: 'rss' | 'atom';
  channel: {
    title: string;
    description: string;
    author: string | null;
    imageURL: string | null;
    languageCode: string | null;
    link: string | null;
    newFeedURL: string | null;
  };
  items: ParsedItem[];
};

/** Namespace URIs by the short name used below (lower case, scheme dropped). */
const NAMESPACES: Record<string, string> = {
  'www.itunes.com/dtds/podcast-1.0.dtd': 'itunes',
  'purl.org/rss/1.0/modules/content/': 'content',
  'purl.org/dc/elements/1.1/': 'dc',
  'podcastindex.org/namespace/1.0': 'podcast',
  'github.com/podcastindex-org/podcast-namespace/blob/main/docs/1.0.md': 'podcast',
  'www.w3.org/2005/atom': 'atom',
};
const nsName = (uri: string) =>
  NAMESPACES[
    uri
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
  ] ?? uri;

/** An element with its name resolved: 'title', 'itunes:author', 'podcast:person', 'atom:link'. */
type Node = { name: string; attrs: Record<string, string>; text: string; children: Node[] };

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, e: string) => {
    if (e[0] !== '#') return XML_ENTITIES[e.toLowerCase()] ?? whole;
    const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Entities are decoded here (decodeXml): the XML five and character references, nothing declared.
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type Raw = Record<string, unknown>;

/** fast-xml-parser's ordered output to Nodes, prefixes resolved through the xmlns declarations in scope. */
function toNodes(list: Raw[], scope: Record<string, string>): Node[] {
  const nodes: Node[] = [];
  for (const entry of list) {
    const tag = Object.keys(entry).find((k) => k !== ':@');
    if (!tag || tag === '#text' || tag === '#cdata') continue;
    const rawAttrs = (entry[':@'] ?? {}) as Record<string, string>;
    const inner: Record<string, string> = { ...scope };
    for (const [k, v] of Object.entries(rawAttrs)) {
      if (k === 'xmlns') inner[''] = nsName(v);
      else if (k.startsWith('xmlns:')) inner[k.slice(6)] = nsName(v);
    }
    const resolve = (qname: string, element: boolean) => {
      const colon = qname.indexOf(':');
      if (colon < 0) return element && inner[''] && inner[''] !== '' ? `${inner['']}:${qname}` : qname;
      const uri = inner[qname.slice(0, colon)];
      // An undeclared prefix names no namespace: 'itunes:author' without xmlns:itunes is not iTunes'.
      return uri ? `${uri}:${qname.slice(colon + 1)}` : `?${qname}`;
    };
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(rawAttrs))
      if (k !== 'xmlns' && !k.startsWith('xmlns:')) attrs[resolve(k, false)] = decodeXml(String(v));
    const content = (entry[tag] ?? []) as Raw[];
    let text = '';
    for (const part of content) {
      if (typeof part['#text'] === 'string') text += decodeXml(part['#text']);
      else if (Array.isArray(part['#cdata'])) for (const c of part['#cdata'] as Raw[]) text += String(c['#text'] ?? '');
    }
    nodes.push({ name: resolve(tag, true), attrs, text: text.trim(), children: toNodes(content, inner) });
  }
  return nodes;
}

const child = (n: Node | undefined, name: string) => n?.children.find((c) => c.name === name);
const children = (n: Node, name: string) => n.children.filter((c) => c.name === name);
const textOf = (n: Node | undefined, name: string): string | null => child(n, name)?.text || null;
const firstText = (n: Node, names: string[]) => names.map((name) => textOf(n, name)).find(Boolean) ?? null;

/** itunes:duration in its forms: seconds ('3600', '3600.5'), 'MM:SS', 'HH:MM:SS'. */
export function durationSeconds(text: string | null): number | null {
  if (!text) return null;
  const parts = text.trim().split(':');
  if (parts.length > 3 || !parts.every((p) => /^\d+(\.\d+)?$/.test(p))) return null;
  const seconds = parts.reduce((total, p) => total * 60 + Number(p), 0);
  return Number.isFinite(seconds) ? Math.round(seconds) : null;
}

const int = (text: string | null | undefined) => (text && /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null);

function persons(n: Node): ParsedPerson[] {
  return children(n, 'podcast:person')
    .filter((p) => p.text)
    .map((p) => ({ name: p.text, role: (p.attrs.role ?? 'host').trim().toLowerCase() }));
}

function rssItem(n: Node): ParsedItem {
  const enclosure = child(n, 'enclosure');
  const season = child(n, 'podcast:season');
  const seasonNumber = int(season?.text) ?? int(textOf(n, 'itunes:season'));
  return {
    guid: textOf(n, 'guid') ?? textOf(n, 'podcast:guid'),
    title: textOf(n, 'title') ?? textOf(n, 'itunes:title') ?? '',
    link: textOf(n, 'link'),
    pubDate: textOf(n, 'pubDate') ?? textOf(n, 'dc:date'),
    description: firstText(n, ['content:encoded', 'description', 'itunes:summary']) ?? '',
    enclosure: enclosure?.attrs.url
      ? { url: enclosure.attrs.url.trim(), type: enclosure.attrs.type ?? null, length: int(enclosure.attrs.length) }
      : null,
    durationSeconds: durationSeconds(textOf(n, 'itunes:duration')),
    itunesAuthor: textOf(n, 'itunes:author'),
    dcCreator: textOf(n, 'dc:creator'),
    persons: persons(n),
    subtitle: textOf(n, 'itunes:subtitle'),
    season:
      seasonNumber !== null || season?.attrs.name ? { number: seasonNumber, name: season?.attrs.name ?? null } : null,
    episode: int(child(n, 'podcast:episode')?.text) ?? int(textOf(n, 'itunes:episode')),
    chaptersURL: child(n, 'podcast:chapters')?.attrs.url ?? null,
  };
}

function atomLink(n: Node, rel: string) {
  return children(n, 'atom:link').find((l) => (l.attrs.rel ?? 'alternate') === rel);
}

function atomItem(n: Node): ParsedItem {
  const enclosure = atomLink(n, 'enclosure');
  const author = textOf(child(n, 'atom:author'), 'atom:name');
  return {
    guid: textOf(n, 'atom:id'),
    title: textOf(n, 'atom:title') ?? '',
    link: atomLink(n, 'alternate')?.attrs.href ?? null,
    pubDate: textOf(n, 'atom:published') ?? textOf(n, 'atom:updated'),
    description: firstText(n, ['atom:content', 'atom:summary', 'itunes:summary']) ?? '',
    enclosure: enclosure?.attrs.href
      ? { url: enclosure.attrs.href.trim(), type: enclosure.attrs.type ?? null, length: int(enclosure.attrs.length) }
      : null,
    durationSeconds: durationSeconds(textOf(n, 'itunes:duration')),
    itunesAuthor: textOf(n, 'itunes:author') ?? author,
    dcCreator: textOf(n, 'dc:creator'),
    persons: persons(n),
    subtitle: textOf(n, 'itunes:subtitle'),
    season: null,
    episode: int(textOf(n, 'itunes:episode')),
    chaptersURL: child(n, 'podcast:chapters')?.attrs.url ?? null,
  };
}

function checkItemCount(count: number, max: number): void {
  if (count > max) throw new FeedRefused('feedImport.error.tooManyItems', { max });
}

/** Parses a feed; throws FeedRefused with the reason a person reads. */
export function parseFeed(
  xml: string,
  limits: { maxBytes: number; maxItems: number } = {
    maxBytes: FEED_IMPORT_LIMITS.feedMaxBytes,
    maxItems: FEED_IMPORT_LIMITS.itemsMax,
  },
): ParsedFeed {
  if (Buffer.byteLength(xml) > limits.maxBytes)
    throw new FeedRefused('feedImport.error.tooLarge', { mb: Math.floor(limits.maxBytes / 1024 / 1024) });
  const text = xml.replace(/^\uFEFF/, '');
  // Entity declarations (internal or external) are how XML bombs and file reads are made.
  if (/<!DOCTYPE[^>[]*\[/i.test(text) || /<!ENTITY/i.test(text)) throw new FeedRefused('feedImport.error.entities');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new FeedRefused('feedImport.error.notXml', { line: valid.err.line });
  // The 'xml' prefix is bound by XML itself (xml:lang).
  const [root] = toNodes(parser.parse(text) as Raw[], { xml: 'xml' });
  if (root?.name === 'rss') {
    const channel = child(root, 'channel');
    if (!channel) throw new FeedRefused('feedImport.error.notAFeed');
    const items = children(channel, 'item');
    checkItemCount(items.length, limits.maxItems);
    const image = child(channel, 'itunes:image')?.attrs.href ?? textOf(child(channel, 'image'), 'url');
    return {
      format: 'rss',
      channel: {
        title: textOf(channel, 'title') ?? '',
        description: firstText(channel, ['description', 'itunes:summary']) ?? '',
        author: textOf(channel, 'itunes:author') ?? textOf(channel, 'dc:creator'),
        imageURL: image ?? null,
        languageCode: textOf(channel, 'language'),
        link: textOf(channel, 'link'),
        newFeedURL: textOf(channel, 'itunes:new-feed-url'),
      },
      items: items.map(rssItem),
    };
  }
  if (root?.name === 'atom:feed') {
    const entries = children(root, 'atom:entry');
    checkItemCount(entries.length, limits.maxItems);
    return {
      format: 'atom',
      channel: {
        title: textOf(root, 'atom:title') ?? '',
        description: textOf(root, 'atom:subtitle') ?? '',
        author: textOf(child(root, 'atom:author'), 'atom:name') ?? textOf(root, 'itunes:author'),
        imageURL: child(root, 'itunes:image')?.attrs.href ?? textOf(root, 'atom:logo') ?? textOf(root, 'atom:icon'),
        languageCode: root.attrs['xml:lang'] ?? null,
        link: atomLink(root, 'alternate')?.attrs.href ?? null,
        newFeedURL: textOf(root, 'itunes:new-feed-url'),
      },
      items: entries.map(atomItem),
    };
  }
  throw new FeedRefused('feedImport.error.notAFeed');
}
