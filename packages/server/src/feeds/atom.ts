import type { FeedItem, FeedModel } from './feed-model.ts';
import { uuidV5 } from './podcast-guid.ts';
import { duration, el, ITUNES_CATEGORY, NAMESPACES, podcastItemTags } from './rss.ts';

/**
 * Atom 1.0 (RFC 4287) of the same feed, for readers that take Atom: each file an enclosure
 * link, the description as text and HTML, the iTunes and Podcasting 2.0 tags that apply to an
 * entry, and the same RFC 5005 paging links.
 */

/** An entry's id must be an IRI; a guid that is none (a sermon ID) becomes a UUID URN of itself. */
const entryId = (guid: string) => (/^[a-z][a-z0-9+.-]*:/i.test(guid) ? guid : `urn:uuid:${uuidV5(guid)}`);

function entry(i: FeedItem): string {
  const files = [
    i.enclosure,
    ...i.alternates.filter((f) => f.url !== i.enclosure.url && f.type !== 'application/x-mpegURL'),
  ];
  return [
    '<entry>',
    el('id', {}, entryId(i.guid)),
    el('title', {}, i.title),
    el('link', { rel: 'alternate', type: 'text/html', href: i.link }),
    ...files.map((f) =>
      el('link', { rel: 'enclosure', type: f.type, length: f.length || null, title: f.title, href: f.url }),
    ),
    el('published', {}, i.published.toISOString()),
    el('updated', {}, i.updated.toISOString()),
    `<author>${el('name', {}, i.person.name)}${el('uri', {}, i.person.href)}</author>`,
    el('summary', { type: 'text' }, i.description),
    el('content', { type: 'html' }, i.html),
    ...i.categories.map((c) => el('category', { term: c })),
    el('itunes:duration', {}, duration(i.durationSeconds)),
    i.image ? el('itunes:image', { href: i.image }) : '',
    ...podcastItemTags(i),
    '</entry>\n',
  ].join('');
}

export function atomFeed(feed: FeedModel): string {
  const c = feed.channel;
  const type = 'application/atom+xml';
  return [
    `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="${NAMESPACES.atom}" xmlns:itunes="${NAMESPACES.itunes}" xmlns:podcast="${NAMESPACES.podcast}" xml:lang="${c.language}">\n`,
    el('id', {}, `urn:uuid:${c.podcastGuid}`),
    el('title', {}, c.title),
    el('subtitle', {}, c.description),
    el('updated', {}, c.updated.toISOString()),
    el('link', { rel: 'self', type, href: c.self }),
    el('link', { rel: 'first', type, href: c.first }),
    c.next ? el('link', { rel: 'next', type, href: c.next }) : '',
    el('link', { rel: 'alternate', type: 'text/html', href: c.link }),
    el('link', { rel: 'alternate', type: 'application/rss+xml', href: c.rssSelf }),
    c.hub ? el('link', { rel: 'hub', href: c.hub }) : '',
    `<author>${el('name', {}, c.author)}</author>`,
    el('logo', {}, c.image.url1400),
    el('rights', {}, c.copyright),
    el('generator', {}, 'Kerygma'),
    el('itunes:image', { href: c.image.url3000 }),
    `<itunes:category text="${ITUNES_CATEGORY.name}">${el('itunes:category', { text: ITUNES_CATEGORY.sub })}</itunes:category>`,
    el('itunes:explicit', {}, 'false'),
    el('podcast:guid', {}, c.podcastGuid),
    '\n',
    ...feed.items.map(entry),
    '</feed>\n',
  ].join('');
}
