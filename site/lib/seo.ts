import type { Media, Sermon } from '@kerygma/domain/catalogue';
import { LOCALES, type LocaleCode, localizePath } from '@kerygma/i18n/locales';
import type { Translate } from '@kerygma/i18n/t';
import { easternDay, isoDuration } from './format.ts';
import { escapeHtml } from './html.ts';

/** Structured data and share-card helpers (schema.org JSON-LD, Open Graph, Twitter cards). */

export type JsonLdObject = { [key: string]: unknown };

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>`, `&` and the line separators are
 * escaped so that no text inside (a title with '</script>') can end the element early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Plain text of at most `max` characters, cut at a word with '…'. */
export function truncate(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * The first media item that is a file a crawler or a share card can fetch: not an adaptive
 * stream's playlist (an HLS `.m3u8` is a text file of segment addresses).
 */
export function mediaFile(items: readonly Media[]): Media | undefined {
  return items.find((m) => !m.adaptiveBitrate && m.streamURL);
}

/** MIME type of a media file for share cards and structured data. */
export function mediaMimeType(m: Media, kind: 'audio' | 'video'): string {
  if (m.mediaType === 'mp3') return 'audio/mpeg';
  return `${kind}/${m.mediaType}`;
}

/** The first of `urls` a share card can show: Facebook and X show no SVG, so placeholders are left out. */
export function shareImage(...urls: readonly (string | null | undefined)[]): string | undefined {
  return urls.find((u): u is string => Boolean(u) && !/\.svg(?:[?#]|$)/i.test(u ?? ''));
}

/** `{ [key]: value }` when there is a value, else nothing (to spread into structured data). */
export function optional(key: string, value: string | undefined): JsonLdObject {
  return value ? { [key]: value } : {};
}

/** og:locale of each site language: Open Graph wants language_TERRITORY. */
export const OG_LOCALES: Readonly<Record<LocaleCode, string>> = {
  en: 'en_US',
  gb: 'en_GB',
  es: 'es_ES',
  de: 'de_DE',
  km: 'km_KH',
  ko: 'ko_KR',
  pt: 'pt_BR',
  zh: 'zh_CN',
  it: 'it_IT',
  fr: 'fr_FR',
  ta: 'ta_IN',
  te: 'te_IN',
  pl: 'pl_PL',
};

export type Crumb = { name: string; url: string };

/** schema.org BreadcrumbList of absolute URLs. */
export function breadcrumbList(crumbs: readonly Crumb[]): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  };
}

export type SermonLdInput = {
  sermon: Sermon;
  /** Absolute URL of the sermon page (canonical). */
  url: string;
  description: string;
  /** Absolute URLs of the speaker, broadcaster and series pages. */
  speakerUrl: string;
  broadcasterUrl: string;
  seriesUrl?: string | undefined;
  /** Whether the page presents the video (VideoObject) or the audio (PodcastEpisode). */
  asVideo: boolean;
};

/**
 * The sermon's structured data: a VideoObject when it is shown as video, else a PodcastEpisode
 * with its audio as associatedMedia; durations in ISO 8601, dates 'YYYY-MM-DD'.
 */
export function sermonJsonLd(input: SermonLdInput): JsonLdObject {
  const { sermon, url, description, asVideo } = input;
  const audio = mediaFile(sermon.media.audio);
  const video = sermon.media.video[0];
  const videoFile = mediaFile(sermon.media.video);
  const uploadDate = sermon.publishTimestamp !== null ? easternDay(sermon.publishTimestamp) : sermon.preachDate;
  const author = {
    '@type': 'Person',
    name: sermon.speaker.displayName,
    url: input.speakerUrl,
    ...optional('image', shareImage(sermon.speaker.portraitURL)),
  };
  const publisher = {
    '@type': 'Organization',
    name: sermon.broadcaster.displayName,
    url: input.broadcasterUrl,
    ...optional('logo', shareImage(sermon.broadcaster.imageURL)),
  };
  const thumbnail = sermon.videoThumbnail ?? video?.thumbnailImageURL ?? undefined;
  const common: JsonLdObject = {
    name: sermon.fullTitle,
    description,
    url,
    inLanguage: sermon.languageCode,
    datePublished: sermon.preachDate,
    author,
    publisher,
    ...(sermon.keywords.length ? { keywords: sermon.keywords.join(', ') } : {}),
  };
  if (asVideo && video) {
    const seconds = sermon.videoDurationSeconds || video.duration || 0;
    return {
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      ...common,
      uploadDate,
      ...(seconds > 0 ? { duration: isoDuration(seconds) } : {}),
      ...(videoFile ? { contentUrl: videoFile.streamURL, encodingFormat: mediaMimeType(videoFile, 'video') } : {}),
      ...(thumbnail ? { thumbnailUrl: thumbnail } : {}),
    };
  }
  const seconds = sermon.audioDurationSeconds || audio?.duration || 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'PodcastEpisode',
    ...common,
    ...(seconds > 0 ? { duration: isoDuration(seconds) } : {}),
    ...(thumbnail ? { thumbnailUrl: thumbnail } : {}),
    ...(audio?.streamURL
      ? {
          associatedMedia: {
            '@type': 'AudioObject',
            contentUrl: audio.streamURL,
            encodingFormat: mediaMimeType(audio, 'audio'),
            ...(seconds > 0 ? { duration: isoDuration(seconds) } : {}),
            uploadDate,
          },
        }
      : {}),
    ...(sermon.series && input.seriesUrl
      ? { partOfSeries: { '@type': 'PodcastSeries', name: sermon.series.title, url: input.seriesUrl } }
      : {}),
  };
}

/**
 * A document title: the page's own parts, 'Page N' from the second page of a list on (each page
 * of a list is its own canonical URL, so each gets its own title), then the site's name.
 */
export function documentTitle(t: Translate, parts: readonly (string | undefined)[], page = 1): string {
  return [...parts, page > 1 ? t('list.page', { page }) : '', t('site.name')].filter(Boolean).join(' · ');
}

/** What a shared link's card shows (Open Graph and Twitter card tags). All URLs absolute. */
export type ShareCard = {
  title: string;
  description: string;
  /** The canonical URL. */
  url: string;
  /** 'website', 'profile', 'video.other', 'article' … */
  type?: string | undefined;
  image?: string | undefined;
  imageAlt?: string | undefined;
  video?: { url: string; type?: string | undefined } | undefined;
  audio?: { url: string; type?: string | undefined } | undefined;
  siteName?: string | undefined;
  /** og:locale, language_TERRITORY (OG_LOCALES). */
  locale?: string | undefined;
};

/**
 * The page's `<link rel="alternate">` in each language and for x-default (English): `path`
 * without a locale prefix, `query` after it ('?page=2'). One string, as the share tags below.
 */
export function alternateLinksHtml(origin: string, path: string, query: string): string {
  const link = (hreflang: string, code: LocaleCode) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(origin + localizePath(path, code) + query)}">`;
  return LOCALES.map((l) => link(l.lang, l.code)).join('') + link('x-default', 'en');
}

/**
 * The card's meta tags as HTML, escaped. Built as one string because the layout writes them on
 * every page, where a component per page cost more than the tags themselves.
 */
export function shareTagsHtml(card: ShareCard): string {
  const { image, imageAlt, video, audio } = card;
  const tags: [attribute: 'property' | 'name', key: string, value: string | undefined][] = [
    ['property', 'og:type', card.type ?? 'website'],
    ['property', 'og:title', card.title],
    ['property', 'og:description', card.description],
    ['property', 'og:url', card.url],
    ['property', 'og:site_name', card.siteName],
    ['property', 'og:locale', card.locale],
    ['property', 'og:image', image],
    ['property', 'og:image:alt', image && imageAlt],
    ['property', 'og:video', video?.url],
    ['property', 'og:video:type', video?.type],
    ['property', 'og:audio', audio?.url],
    ['property', 'og:audio:type', audio?.type],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', card.title],
    ['name', 'twitter:description', card.description],
    ['name', 'twitter:image', image],
    ['name', 'twitter:image:alt', image && imageAlt],
  ];
  let html = '';
  for (const [attribute, key, value] of tags) {
    if (value) html += `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  }
  return html;
}
