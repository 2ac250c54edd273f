/**
 * XML text of sitemap files (sitemaps.org 0.9 and Google's video extension), built as strings
 * so that a batch of rows becomes one chunk for the response stream.
 */

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const VIDEO_NS = 'http://www.google.com/schemas/sitemap-video/1.1';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n`;
export const VIDEO_URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}" xmlns:video="${VIDEO_NS}">\n`;
export const URLSET_CLOSE = '</urlset>\n';
export const INDEX_OPEN = `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n`;
export const INDEX_CLOSE = '</sitemapindex>\n';

import { truncate, xmlText } from '../xml-text.ts';

export type ChangeFreq = 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';

/** One path segment of a public URL (IDs, hashtags, category names). */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}

export type UrlEntry = {
  loc: string;
  /** 'YYYY-MM-DD' (W3C date); omitted when unknown. */
  lastmod?: string | null;
  changefreq: ChangeFreq;
  /** Between 0 and 1; written with one decimal. */
  priority: number;
  /** Extension elements (already XML), e.g. a video:video element. */
  extra?: string;
};

export function urlEntry(e: UrlEntry): string {
  const lastmod = e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : '';
  return `<url><loc>${xmlText(e.loc)}</loc>${lastmod}<changefreq>${e.changefreq}</changefreq><priority>${e.priority.toFixed(1)}</priority>${e.extra ?? ''}</url>\n`;
}

export function indexEntry(loc: string, lastmod: string | null): string {
  return `<sitemap><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>\n`;
}

/** Google's limits for video entries (https://developers.google.com/search/docs/crawling-indexing/sitemaps/video-sitemaps). */
export const VIDEO_LIMITS = { title: 100, description: 2048, tags: 32, maxDurationSeconds: 28_800, uploader: 255 };

export type VideoEntry = {
  thumbnailLoc: string;
  title: string;
  description: string;
  contentLoc: string | null;
  playerLoc: string;
  durationSeconds: number;
  /** W3C date-time, e.g. 2025-01-01T10:00:00Z. */
  publicationDate: string | null;
  tags: readonly string[];
  uploader: { name: string; info: string } | null;
};

/** A video:video element, children in the order Google's schema declares them. */
export function videoElement(v: VideoEntry): string {
  const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
  const parts = [
    `<video:thumbnail_loc>${xmlText(v.thumbnailLoc)}</video:thumbnail_loc>`,
    `<video:title>${xmlText(truncate(oneLine(v.title), VIDEO_LIMITS.title))}</video:title>`,
    `<video:description>${xmlText(truncate(oneLine(v.description), VIDEO_LIMITS.description))}</video:description>`,
  ];
  if (v.contentLoc) parts.push(`<video:content_loc>${xmlText(v.contentLoc)}</video:content_loc>`);
  parts.push(`<video:player_loc>${xmlText(v.playerLoc)}</video:player_loc>`);
  if (v.durationSeconds >= 1 && v.durationSeconds <= VIDEO_LIMITS.maxDurationSeconds) {
    parts.push(`<video:duration>${Math.round(v.durationSeconds)}</video:duration>`);
  }
  if (v.publicationDate) parts.push(`<video:publication_date>${v.publicationDate}</video:publication_date>`);
  for (const tag of v.tags.slice(0, VIDEO_LIMITS.tags)) parts.push(`<video:tag>${xmlText(tag)}</video:tag>`);
  if (v.uploader) {
    const name = truncate(oneLine(v.uploader.name), VIDEO_LIMITS.uploader);
    parts.push(`<video:uploader info="${xmlText(v.uploader.info)}">${xmlText(name)}</video:uploader>`);
  }
  return `<video:video>${parts.join('')}</video:video>`;
}
