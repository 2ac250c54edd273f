import { DIRECTORY_SECTIONS, PARAMETER_SECTIONS } from '@kerygma/domain/directories';
import { EXCLUDED_PATHS } from '@kerygma/domain/excluded-paths';
import type { ChangeFreq } from './sitemap-xml.ts';

/**
 * Sitemap rules of the spec (§2 "Sitemaps", §5, §9): which pages are listed, how often they
 * change and how they rank against each other.
 */

/** lastmod is never earlier than this (spec §5): the date the current URLs went live. */
export const LASTMOD_FLOOR = '2025-03-05';

/** URLs per file: a warning above WARN_URLS, never more than MAX_URLS (spec §9). */
export const WARN_URLS = 40_000;
export const MAX_URLS = 50_000;
/** The sitemaps.org limit on one file's uncompressed size. */
export const MAX_BYTES = 50 * 1024 * 1024;

export { EXCLUDED_PATHS };

export function isExcludedPath(path: string): boolean {
  const lower = path.toLowerCase();
  return EXCLUDED_PATHS.some((p) => lower === p || lower.startsWith(`${p}/`) || lower.startsWith(`${p}?`));
}

export type Rank = { priority: number; changefreq: ChangeFreq };

/**
 * Sermons (and their video entries), §9: "priorities 1 entries, 0.8 current year, 0.5 others;
 * daily frequency current year else monthly or weekly". Read as: staff picks rank 1.0, other
 * sermons preached this year 0.8, older ones 0.5; this year's change daily, last year's weekly,
 * older ones monthly.
 */
export function sermonRank(preachYear: number, staffPick: boolean, currentYear: number): Rank {
  const priority = staffPick ? 1 : preachYear >= currentYear ? 0.8 : 0.5;
  const changefreq: ChangeFreq =
    preachYear >= currentYear ? 'daily' : preachYear === currentYear - 1 ? 'weekly' : 'monthly';
  return { priority, changefreq };
}

/** Fixed ranks per kind: §9 where it says (static, categories, hashtags), else our choice. */
export const RANKS = {
  static: { priority: 1, changefreq: 'daily' },
  staticFixed: { priority: 1, changefreq: 'monthly' },
  categories: { priority: 0.6, changefreq: 'weekly' },
  hashtags: { priority: 0.6, changefreq: 'weekly' },
  topics: { priority: 0.6, changefreq: 'weekly' },
  broadcasters: { priority: 0.7, changefreq: 'weekly' },
  speakers: { priority: 0.7, changefreq: 'weekly' },
  series: { priority: 0.6, changefreq: 'weekly' },
  articles: { priority: 0.6, changefreq: 'weekly' },
  scriptureBook: { priority: 0.6, changefreq: 'weekly' },
  scriptureChapter: { priority: 0.5, changefreq: 'weekly' },
  // §9 "hymns 0.4 yearly"; psalms are the psalter's hymns.
  hymns: { priority: 0.4, changefreq: 'yearly' },
  psalms: { priority: 0.4, changefreq: 'yearly' },
} as const satisfies Record<string, Rank>;

/** Sermons-by-date pages: this year's change daily, older ones monthly. */
export function dateRank(year: number, currentYear: number): Rank {
  return year >= currentYear ? { priority: 0.6, changefreq: 'daily' } : { priority: 0.4, changefreq: 'monthly' };
}

/**
 * Where a static page's lastmod comes from: 'catalogue' pages list sermons, speakers, series or
 * broadcasters and change with them (lastmod of the newest published sermon change); 'fixed'
 * pages are text that changes with releases (the floor date); 'daily' pages show another text
 * each day (the daily devotional), so they change daily and name no lastmod.
 */
export type StaticSource = 'catalogue' | 'fixed' | 'daily';

/** Sections that show another section's list, whose address is their canonical one. */
const SAME_AS_ANOTHER = new Set(['series/recent']);

/**
 * Sections whose list may well be empty, by the published sermons they list: listed only while
 * one exists, since an empty list page says noindex and a sitemap must not name it.
 */
const SERMONS_LISTED: Readonly<Record<string, string>> = {
  'sermons/clips': `event_type = 'Sermon Clip'`,
  'sermons/transcripts': 'has_transcript',
};

/**
 * The public top-level and list pages of §2 that take no parameter and exist so far, English (no
 * prefix): home, every directory section that lists without a parameter (@kerygma/domain
 * directories), the date shortcuts, search, the site map page and the daily devotional. A page
 * joins when it is built: a sitemap listing a missing page sends search engines to a 404
 * (e2e/sitemaps.spec.ts requests every one). Never listed: sections showing another's list
 * (/series/recent is /series), empty lists (SERMONS_LISTED), per-user pages (library, my church, comments, settings,
 * activation), tools (multiview, promotions), sign-in pages, and every excluded path.
 */
export const STATIC_PAGES: readonly { path: string; source: StaticSource; sermonsWhere?: string }[] = [
  { path: '/', source: 'catalogue' },
  ...Object.entries(DIRECTORY_SECTIONS).flatMap(([directory, sections]) =>
    sections
      .map((section) => ({ section, key: `${directory}/${section}` }))
      .filter(({ key }) => !PARAMETER_SECTIONS.has(key) && !SAME_AS_ANOTHER.has(key))
      .map(({ section, key }) => ({
        path: section ? `/${directory}/${section}` : `/${directory}`,
        source: 'catalogue' as const,
        ...(SERMONS_LISTED[key] ? { sermonsWhere: SERMONS_LISTED[key] } : {}),
      })),
  ),
  ...['/week', '/50s', '/60s', '/70s'].map((p) => ({ path: `/sermons/date${p}`, source: 'catalogue' as const })),
  { path: '/search', source: 'fixed' },
  { path: '/sitemap', source: 'fixed' },
  // The hymnal and psalter (their hymns and psalms are the hymns and psalms kinds).
  { path: '/hymnal', source: 'fixed' },
  { path: '/psalter', source: 'fixed' },
  { path: '/daily-devotional', source: 'daily' },
];
