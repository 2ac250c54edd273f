import type { ApiClient } from '@kerygma/api/client';
import { ApiRequestError, type Query } from '@kerygma/api/request';
import type { Sermon } from '@kerygma/domain/catalogue';
import { type EmbedMedia, embedMediaFor } from '@kerygma/domain/embeds';
import { SERMON_SORTS } from '@kerygma/domain/query';
import { getTranslator, type MessageKey } from '@kerygma/i18n/t';
import type { AstroGlobal } from 'astro';
import { orNotFound } from './not-found.ts';
import {
  type FilterOptions,
  findBook,
  findCategory,
  findLanguage,
  loadFilterOptions,
  segment,
} from './sermon-lists.ts';

/**
 * The embed routes (spec §2 "Embeds"; route check "Sermon"): parsing their path segments and
 * turning the filtered route's category/filter pairs into node/sermons query filters.
 */

/**
 * Embeds are cached a minute. That any site may frame them (and no other page) is the server's
 * Content-Security-Policy (packages/server/src/http/security-headers.ts, by path).
 */
export const EMBED_HEADERS = { 'cache-control': 'public, max-age=60' } as const;

/** Embeds are English only (spec §2), whatever locale prefix or cookie the request came with. */
export const embedTranslator = () => getTranslator('en');

/** How many sermons a playlist embed holds. */
export const PLAYLIST_SIZE = 20;

/** Media types of the filtered route: 'a' audio, 'v' video, otherwise the type itself ('all': any). */
const LIST_MEDIA: Record<string, { requireAudio?: true; requireVideo?: true; media?: 'pdf' | 'text' } | undefined> = {
  a: { requireAudio: true },
  audio: { requireAudio: true },
  v: { requireVideo: true },
  video: { requireVideo: true },
  pdf: { media: 'pdf' },
  text: { media: 'text' },
  all: {},
};

export type EmbedRoute =
  | { kind: 'sermon'; sermonID: string; media: EmbedMedia }
  | { kind: 'broadcaster'; broadcasterID: string }
  | { kind: 'list'; media: EmbedMedia; query: Query; pairs: [string, string][] };

/**
 * The embed a path after /embed/classic/player/ names, from its decoded segments:
 * {a|v}/{sermonID}, l/{broadcasterID}, or {mediaType?}/{category?}/{categoryValue?}/{filter?}/{filterValue?}
 * (a category or filter without its value is not a route).
 */
export function parseEmbedRoute(segments: readonly string[]): EmbedRoute | undefined {
  const [first = '', second] = segments;
  const kind = first.toLowerCase();
  if (segments.length === 2 && second !== undefined) {
    if (kind === 'a' || kind === 'v')
      return { kind: 'sermon', sermonID: second, media: kind === 'a' ? 'audio' : 'video' };
    if (kind === 'l') return { kind: 'broadcaster', broadcasterID: second };
  }
  if (![0, 1, 3, 5].includes(segments.length)) return undefined;
  const media = segments.length === 0 ? {} : LIST_MEDIA[kind];
  if (!media) return undefined;
  const pairs: [string, string][] = [];
  for (let i = 1; i + 1 < segments.length; i += 2) pairs.push([segments[i] ?? '', segments[i + 1] ?? '']);
  return { kind: 'list', media: media.requireVideo ? 'video' : 'audio', query: { ...media }, pairs };
}

/** A filter pair resolved: query parameters and a label for the playlist title, or the 404 message. */
export type ResolvedFilter = { query: Query; label: string } | { notFound: MessageKey };

const whole = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : undefined);

/**
 * One category/filter pair of the filtered route as node/sermons filters (§9 filter names).
 * Names are case-insensitive and take the spec's filter names or plain words: broadcaster,
 * speaker, series, language, event (category), book, chapter, year, denomination, country,
 * state, search, sort. Speakers, series and broadcasters are looked up (id or name).
 */
export async function resolveFilter(
  api: ApiClient,
  options: () => Promise<FilterOptions>,
  name: string,
  value: string,
): Promise<ResolvedFilter> {
  const lookup = async <T>(load: () => Promise<T>, notFound: MessageKey) => (await orNotFound(load())) ?? { notFound };
  switch (name.toLowerCase()) {
    case 'broadcaster':
    case 'broadcasterid': {
      const b = await lookup(() => api.broadcaster(value), 'error.broadcasterNotFound');
      return 'notFound' in b ? b : { query: { broadcasterID: b.broadcasterID }, label: b.displayName };
    }
    case 'speaker':
    case 'speakerid': {
      const s = await lookup(() => api.speaker(value), 'error.speakerNotFound');
      return 'notFound' in s ? s : { query: { speakerID: s.speakerID }, label: s.displayName };
    }
    case 'series':
    case 'seriesid': {
      if (whole(value) === undefined) return { query: { series: value }, label: value };
      const s = await lookup(() => api.series(value), 'error.seriesNotFound');
      return 'notFound' in s ? s : { query: { seriesID: s.seriesID }, label: s.title };
    }
    case 'language':
    case 'languagecode': {
      const l = findLanguage((await options()).languages, value);
      return l
        ? { query: { languageCode: l.languageCode }, label: l.languageName }
        : { notFound: 'error.languageNotFound' };
    }
    case 'event':
    case 'eventtype':
    case 'category': {
      const e = findCategory((await options()).sermonEventTypes, value);
      return e ? { query: { eventType: e.type }, label: e.description } : { notFound: 'error.categoryNotFound' };
    }
    case 'book': {
      const b = findBook((await options()).bibleBooks, value);
      return b ? { query: { book: b.osisAbbrev }, label: b.displayBookName } : { notFound: 'error.notFound' };
    }
    case 'chapter':
    case 'year': {
      const n = whole(value);
      return n === undefined ? { notFound: 'error.notFound' } : { query: { [name.toLowerCase()]: n }, label: value };
    }
    case 'denomination':
    case 'country':
    case 'state':
      return { query: { [name.toLowerCase()]: value }, label: value };
    case 'search':
    case 'keyword':
    case 'searchkeyword':
      return { query: { searchKeyword: value }, label: value };
    case 'sort':
    case 'sortby':
      return (SERMON_SORTS as readonly string[]).includes(value)
        ? { query: { sortBy: value }, label: '' }
        : { notFound: 'error.notFound' };
    default:
      return { notFound: 'error.notFound' };
  }
}

/** All pairs of a filtered route as one query and the labels for its title, or the first 404. */
export async function resolveFilters(
  api: ApiClient,
  pairs: readonly [string, string][],
): Promise<{ query: Query; labels: string[] } | { notFound: MessageKey }> {
  let options: Promise<FilterOptions> | undefined;
  const load = () => {
    options ??= loadFilterOptions(api);
    return options;
  };
  const resolved = await Promise.all(pairs.map(([name, value]) => resolveFilter(api, load, name, value)));
  const query: Query = {};
  const labels: string[] = [];
  for (const r of resolved) {
    if ('notFound' in r) return r;
    Object.assign(query, r.query);
    if (r.label) labels.push(r.label);
  }
  return { query, labels };
}

/** The newest sermons matching `query` that have playable media of the playlist's kind. */
export async function loadPlaylist(api: ApiClient, query: Query, media: EmbedMedia): Promise<Sermon[] | undefined> {
  try {
    const list = await api.sermons({ sortBy: 'newest', ...query, pageSize: PLAYLIST_SIZE }, false);
    return (list.results as Sermon[]).filter((sermon) => embedMediaFor(sermon.media, media) === media);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) return undefined;
    throw error;
  }
}

/** The file the browser's own controls play without JavaScript: the first of the medium that is not HLS (highest quality first). */
export function mediaSource(sermon: Pick<Sermon, 'media'>, media: EmbedMedia): string | undefined {
  return sermon.media[media].find((m) => m.streamURL && !/\.m3u8(\?|$)/i.test(m.streamURL))?.streamURL ?? undefined;
}

/**
 * Query options of the player embeds read on the server: popout=1 marks the popout window's page.
 * (autoplay=1 and t={seconds}, which a popout carries on with, are read by the layout's script.)
 */
export type EmbedOptions = { popout: boolean };

export function embedOptions(url: URL): EmbedOptions {
  return { popout: url.searchParams.get('popout') === '1' };
}

/** A published sermon with its media, or undefined when there is none by that id. */
export async function loadSermon(api: ApiClient, sermonID: string | undefined): Promise<Sermon | undefined> {
  return sermonID ? ((await orNotFound(api.sermon(sermonID, false))) as Sermon | undefined) : undefined;
}

/** Cacheable when found, else a 404. */
export function embedResponse(response: ResponseInit & { readonly headers: Headers }, found: boolean) {
  if (found) response.headers.set('cache-control', EMBED_HEADERS['cache-control']);
  else {
    response.status = 404;
    response.statusText = 'Not Found';
  }
}

/**
 * The sermon of an old player address (player/sermon/legacy/{sermon}, …/video/{sermon}), with
 * the embed's headers; undefined when there is none (a 404 in the embed layout). English only,
 * as every embed: a locale prefix redirects to the plain address.
 */
export async function legacyPlayerSermon(
  page: Pick<AstroGlobal, 'url' | 'params' | 'locals' | 'response' | 'redirect'>,
): Promise<Response | Sermon | undefined> {
  const { api, locale, path } = page.locals;
  if (locale !== 'en') return page.redirect(`${path}${page.url.search}`, 301);
  const sermon = await loadSermon(api, segment(page.params.sermon));
  embedResponse(page.response, sermon !== undefined);
  return sermon;
}

/** The oEmbed discovery URL of a page (its <link rel="alternate" type="application/json+oembed">). */
export function oembedDiscoveryHref(origin: string, pageUrl: string): string {
  return `${origin}/oembed?url=${encodeURIComponent(pageUrl)}&format=json`;
}
