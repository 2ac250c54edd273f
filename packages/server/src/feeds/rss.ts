import { truncate, xmlText } from '../xml-text.ts';
import type { FeedChannel, FeedFile, FeedItem, FeedModel, FeedPerson } from './feed-model.ts';

/**
 * RSS 2.0 with the tags Apple Podcasts and Spotify read (itunes:), the Podcasting 2.0 namespace
 * (podcast:), Atom's links (self, hub, RFC 5005 paging) and content:encoded, written as one
 * string: a 300-item page is some 600 KB, written in a few milliseconds.
 */

export const NAMESPACES = {
  itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  podcast: 'https://podcastindex.org/namespace/1.0',
  atom: 'http://www.w3.org/2005/Atom',
  content: 'http://purl.org/rss/1.0/modules/content/',
} as const;

/** Apple's category for the whole catalogue: every feed here is of sermons. */
export const ITUNES_CATEGORY = { name: 'Religion &amp; Spirituality', sub: 'Christianity' } as const;

type Attrs = Record<string, string | number | null | undefined>;

const attrs = (a: Attrs) =>
  Object.entries(a)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${xmlText(String(v))}"`)
    .join('');

export const el = (name: string, a: Attrs, text?: string | null) =>
  text === undefined || text === null ? `<${name}${attrs(a)}/>` : `<${name}${attrs(a)}>${xmlText(text)}</${name}>`;

/** RFC 822 date, as RSS 2.0 requires ('Sun, 07 Jan 2024 00:00:00 GMT'). */
export const rfc822 = (d: Date) => d.toUTCString();

/** itunes:duration as H:MM:SS. */
export function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

const person = (p: FeedPerson) =>
  el('podcast:person', { role: p.role, img: p.img, href: p.href }, truncate(p.name, 128));

function alternate(f: FeedFile, main: FeedFile): string {
  const open = `<podcast:alternateEnclosure${attrs({
    type: f.type,
    length: f.length,
    bitrate: f.bitrate,
    height: f.height,
    title: truncate(f.title, 32),
    default: f.url === main.url ? 'true' : null,
  })}>`;
  return `${open}${el('podcast:source', { uri: f.url })}</podcast:alternateEnclosure>`;
}

function channelHead(c: FeedChannel): string[] {
  const parts = [
    el('title', {}, c.title),
    el('link', {}, c.link),
    el('description', {}, c.description),
    el('language', {}, c.language),
    el('copyright', {}, c.copyright),
    el('lastBuildDate', {}, rfc822(c.updated)),
    el('generator', {}, 'Kerygma'),
    el('atom:link', { href: c.self, rel: 'self', type: 'application/rss+xml' }),
    el('atom:link', { href: c.first, rel: 'first', type: 'application/rss+xml' }),
    c.next ? el('atom:link', { href: c.next, rel: 'next', type: 'application/rss+xml' }) : '',
    el('atom:link', { href: c.atomSelf, rel: 'alternate', type: 'application/atom+xml' }),
    c.hub ? el('atom:link', { href: c.hub, rel: 'hub' }) : '',
    `<image>${el('url', {}, c.image.url1400)}${el('title', {}, c.title)}${el('link', {}, c.link)}</image>`,
    el('itunes:author', {}, c.author),
    `<itunes:owner>${el('itunes:name', {}, c.owner.name)}${c.owner.email ? el('itunes:email', {}, c.owner.email) : ''}</itunes:owner>`,
    el('itunes:image', { href: c.image.url3000 }),
    `<itunes:category text="${ITUNES_CATEGORY.name}">${el('itunes:category', { text: ITUNES_CATEGORY.sub })}</itunes:category>`,
    el('itunes:explicit', {}, 'false'),
    el('itunes:type', {}, 'episodic'),
    el('itunes:summary', {}, c.description),
    el('podcast:guid', {}, c.podcastGuid),
    el('podcast:medium', {}, 'podcast'),
    el('podcast:images', { srcset: `${c.image.url1400} 1400w, ${c.image.url3000} 3000w` }),
    c.locked ? el('podcast:locked', { owner: c.locked.owner }, c.locked.value ? 'yes' : 'no') : '',
    c.funding ? el('podcast:funding', { url: c.funding.url }, truncate(c.funding.label, 128)) : '',
    c.location ? el('podcast:location', { geo: c.location.geo }, truncate(c.location.name, 128)) : '',
    c.person ? person(c.person) : '',
    ...c.txt.map((t) => el('podcast:txt', { purpose: t.purpose }, t.value)),
  ];
  if (c.podroll.length > 0)
    parts.push(
      `<podcast:podroll>${c.podroll.map((p) => el('podcast:remoteItem', { feedGuid: p.feedGuid, feedUrl: p.url, title: p.title })).join('')}</podcast:podroll>`,
    );
  return parts;
}

/** The Podcasting 2.0 tags of an item that RSS and Atom write alike: captions, chapters, soundbite. */
export function podcastItemTags(i: FeedItem): string[] {
  return [
    ...i.transcripts.map((t) =>
      el('podcast:transcript', { url: t.url, type: 'text/vtt', language: t.language, rel: 'captions' }),
    ),
    i.chaptersUrl ? el('podcast:chapters', { url: i.chaptersUrl, type: 'application/json+chapters' }) : '',
    i.soundbite
      ? el(
          'podcast:soundbite',
          { startTime: i.soundbite.start, duration: i.soundbite.duration },
          truncate(i.title, 128),
        )
      : '',
  ];
}

function item(i: FeedItem): string {
  const parts = [
    el('title', {}, i.title),
    el('link', {}, i.link),
    el('guid', { isPermaLink: 'false' }, i.guid),
    el('pubDate', {}, rfc822(i.published)),
    el('description', {}, i.description),
    el('content:encoded', {}, i.html),
    el('enclosure', { url: i.enclosure.url, length: i.enclosure.length, type: i.enclosure.type }),
    ...i.categories.map((c) => el('category', {}, c)),
    el('itunes:title', {}, i.title),
    el('itunes:author', {}, i.person.name),
    el('itunes:duration', {}, duration(i.durationSeconds)),
    el('itunes:explicit', {}, 'false'),
    el('itunes:episodeType', {}, 'full'),
    i.episode !== null ? el('itunes:episode', {}, String(i.episode)) : '',
    i.image ? el('itunes:image', { href: i.image }) : '',
    i.keywords.length > 0 ? el('itunes:keywords', {}, i.keywords.join(',')) : '',
    i.season ? el('podcast:season', { name: truncate(i.season.name, 128) }, String(i.season.number)) : '',
    i.episode !== null ? el('podcast:episode', {}, String(i.episode)) : '',
    person(i.person),
    ...podcastItemTags(i),
    ...i.alternates.map((f) => alternate(f, i.enclosure)),
  ];
  return `<item>${parts.join('')}</item>\n`;
}

export function rssFeed(feed: FeedModel): string {
  const ns = Object.entries(NAMESPACES)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('');
  return [
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"${ns}>\n<channel>\n`,
    channelHead(feed.channel).join('\n'),
    '\n',
    ...feed.items.map(item),
    '</channel>\n</rss>\n',
  ].join('');
}
