import { articlePath } from '@kerygma/domain/articles';
import { BIBLE_BOOKS, bookSlug } from '@kerygma/domain/bible';
import { slugify } from '@kerygma/domain/slug';
import { mediaUrl } from '../catalogue/dto.ts';
import type { Db } from '../db/db.ts';
import {
  dateRank,
  isExcludedPath,
  LASTMOD_FLOOR,
  MAX_BYTES,
  MAX_URLS,
  RANKS,
  STATIC_PAGES,
  sermonRank,
  WARN_URLS,
} from './sitemap-rules.ts';
import {
  INDEX_CLOSE,
  INDEX_OPEN,
  indexEntry,
  segment,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlEntry,
  VIDEO_URLSET_OPEN,
  videoElement,
} from './sitemap-xml.ts';
import {
  anyPublishedSermon,
  batch,
  type CategoryRow,
  catalogueLastmod,
  countRows,
  type Key,
  type KeyedKind,
  type KeyedSource,
  keyAt,
  keyOf,
  kindTotals,
  type MonthRow,
  type Range,
  type Row,
  type ScriptureRow,
  SOURCES,
  type SongTable,
  scriptureSummary,
  sermonSummary,
  songRows,
  songTotals,
  type TopicRow,
  topicSummary,
} from './sitemaps.queries.ts';

/**
 * The sitemap set (spec §2 "Sitemaps"): /sitemap/index.xml lists every file; a file name's
 * first segment picks the kind, the next ones a year (sermons) and a part.
 *
 *   static.xml                      top-level and list pages
 *   broadcasters[-N].xml            enabled broadcasters
 *   speakers[-N].xml                speakers with published sermons, placeholders left out
 *   series[-N].xml                  series with published sermons
 *   sermons-YYYY[-N].xml            published sermons by preach year
 *   scripture.xml                   sermons by book and by chapter
 *   dates.xml                       sermons by year and by month
 *   categories.xml                  sermons by event type
 *   topics.xml                      topics with published sermons
 *   hashtags[-N].xml                hashtags with published sermons
 *   articles[-N].xml                published articles (/article/{broadcasterID}/{slug})
 *   videos[-N].xml                  published sermons with video, with Google video entries
 *   hymns.xml                       the hymnal's hymns (/hymnal/{hymnID})
 *   psalms.xml                      the psalter's psalms, both books (/psalter/{psalmID})
 *
 * A file exists only when it has at least one URL (the sitemaps.org schema requires one), so
 * kinds without content (collections, news, release notes) are not in the index and
 * answer 404 until they have some.
 *
 * Big kinds are split into parts ("-N", only when there are two or more) of at most `partSize`
 * URLs (40,000; videos 10,000); parts are of equal size and cut at keys found from the index, so serving part N never
 * reads parts 1..N-1. Rows are read in keyset batches of `batchSize` and written as they come,
 * so memory stays flat whatever the catalogue's size.
 */

export type SitemapOptions = {
  /**
   * Most URLs in one file of any kind but videos. The default is the warning level (40,000), not
   * the limit (50,000): split files then never warn, and a warning means a kind that is not
   * split (scripture, dates, categories, topics) has grown big.
   */
  partSize: number;
  /** Most URLs in one videos file: video entries are large, and a file must stay under 50 MB. */
  videoPartSize: number;
  /** Rows per query. */
  batchSize: number;
  /** Rows per query for videos, whose rows and entries are several times larger. */
  videoBatchSize: number;
  /** A warning is logged when a file passes this many URLs... */
  warnUrls: number;
  /** ...and an error when it would pass this many (the rest is left out, the file stays valid). */
  maxUrls: number;
  maxBytes: number;
  /** How long the catalogue summary behind the index (about 3 s at 2.1M sermons) is kept. */
  summaryTtlMs: number;
  /** Clock for "current year" ranks. */
  now: () => Date;
};

export const DEFAULT_SITEMAP_OPTIONS: SitemapOptions = {
  partSize: WARN_URLS,
  videoPartSize: 10_000,
  batchSize: 5_000,
  videoBatchSize: 1_000,
  warnUrls: WARN_URLS,
  maxUrls: MAX_URLS,
  maxBytes: MAX_BYTES,
  summaryTtlMs: 60 * 60 * 1000,
  now: () => new Date(),
};

export type SitemapLog = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** A file the index lists. */
export type SitemapFile = { name: string; lastmod: string | null };

export type SitemapStats = { urls: number; bytes: number; truncated: boolean };

/** A file ready to be written: its text comes chunk by chunk (one per batch) from `body`. */
export type OpenedSitemap = { body: AsyncIterable<string>; stats: SitemapStats };

export type Sitemaps = {
  /** The files /sitemap/index.xml lists, in its order. */
  files(): Promise<SitemapFile[]>;
  /** A sitemap by file name ('index.xml', 'sermons-2024-2.xml', ...), or null when there is none. */
  open(name: string, origin: string, log: SitemapLog): Promise<OpenedSitemap | null>;
  /** Forgets the catalogue summary: the next file is read from the catalogue as it is now. */
  forget(): void;
};

type Summary = {
  months: MonthRow[];
  years: { year: number; total: number; published: number; lastmod: string | null }[];
  videos: { total: number; published: number; lastmod: string | null };
  categories: CategoryRow[];
  scripture: ScriptureRow[];
  topics: TopicRow[];
};

/** Years a sermons file can be named after (sermons-YYYY.xml). */
const YEARS = { min: 1000, max: 9998 };

/** The hymnal and psalter: one file each (a few hundred pages), at the pages' addresses. */
const SONG_KINDS = {
  hymns: { table: 'hymn', path: '/hymnal' },
  psalms: { table: 'psalter_selection', path: '/psalter' },
} as const satisfies Record<string, { table: SongTable; path: string }>;
type SongKind = keyof typeof SONG_KINDS;

const maxDate = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** Equal parts of at most `size` rows; the last one is never empty. */
export function partPlan(total: number, size: number): { parts: number; per: number } {
  if (total <= size) return { parts: 1, per: Math.max(total, 1) };
  const per = Math.ceil(total / Math.ceil(total / size));
  return { parts: Math.ceil(total / per), per };
}

function fileName(kind: string, group: number | null, part: number, parts: number): string {
  return `${[kind, group, parts > 1 ? part : null].filter((x) => x !== null).join('-')}.xml`;
}

/** The batches of a part, each query sent while the previous batch is being written. */
async function* batches(
  first: Row[],
  next: (after: Key) => Promise<Row[]>,
  key: (row: Row) => Key,
  size: number,
): AsyncGenerator<Row[]> {
  let rows = first;
  for (;;) {
    const last = rows[rows.length - 1];
    const pending = rows.length === size && last ? next(key(last)) : null;
    // Awaited below; this only keeps a consumer that stops early from leaving it unhandled.
    pending?.catch(() => {});
    yield rows;
    if (!pending) return;
    rows = await pending;
    if (rows.length === 0) return;
  }
}

async function* rendered(source: AsyncIterable<Row[]>, render: (row: Row) => string): AsyncGenerator<string[]> {
  for await (const rows of source) yield rows.map(render);
}

async function* once<T>(value: T): AsyncGenerator<T> {
  yield value;
}

export function createSitemaps(db: Db, options: Partial<SitemapOptions> = {}): Sitemaps {
  const o: SitemapOptions = { ...DEFAULT_SITEMAP_OPTIONS, ...options };
  let cached: { at: number; value: Promise<Summary> } | null = null;

  /** The catalogue summary, shared by concurrent requests and kept for `summaryTtlMs`. */
  function summary(): Promise<Summary> {
    const now = Date.now();
    if (!cached || now - cached.at >= o.summaryTtlMs) {
      const value = loadSummary();
      const entry = { at: now, value };
      cached = entry;
      value.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.value;
  }

  async function loadSummary(): Promise<Summary> {
    const [sermons, scripture, topics] = await Promise.all([sermonSummary(db), scriptureSummary(db), topicSummary(db)]);
    const years = new Map<number, Summary['years'][number]>();
    const videos: Summary['videos'] = { total: 0, published: 0, lastmod: null };
    for (const m of sermons.months) {
      const y = years.get(m.year) ?? { year: m.year, total: 0, published: 0, lastmod: null };
      y.total += m.total;
      y.published += m.published;
      y.lastmod = maxDate(y.lastmod, m.lastmod);
      years.set(m.year, y);
      videos.total += m.videos_total;
      videos.published += m.videos_published;
      videos.lastmod = maxDate(videos.lastmod, m.videos_lastmod);
    }
    return {
      months: sermons.months,
      years: [...years.values()].sort((a, b) => a.year - b.year),
      videos,
      categories: sermons.categories,
      scripture,
      topics,
    };
  }

  const sizeOf = (kind: KeyedKind) => (kind === 'videos' ? o.videoPartSize : o.partSize);

  /** The key range of part `part` (1-based), or null when the group has no such part now. */
  async function partRange(
    src: KeyedSource,
    group: number | null,
    plan: { parts: number; per: number },
    part: number,
  ): Promise<Range | null> {
    const [from, to] = await Promise.all([
      part > 1 ? keyAt(db, src, group, (part - 1) * plan.per) : null,
      part < plan.parts ? keyAt(db, src, group, part * plan.per) : null,
    ]);
    if (part > 1 && !from) return null;
    return { group, from, to };
  }

  /**
   * Part numbers of a group that has rows to write. Parts are cut over every row of the group
   * (for sermons: drafts and scheduled ones too, so that the index alone answers), so a part
   * could in principle hold only unpublished rows; that is checked only when there are enough
   * unpublished rows to fill the smallest part.
   */
  async function livingParts(kind: KeyedKind, group: number | null, total: number, written: number) {
    const plan = partPlan(total, sizeOf(kind));
    const all = Array.from({ length: plan.parts }, (_, i) => i + 1);
    const smallest = total - (plan.parts - 1) * plan.per;
    if (plan.parts === 1 || total - written < smallest) return { plan, parts: all };
    const src = SOURCES[kind];
    const alive = await Promise.all(
      all.map(async (part) => {
        const range = await partRange(src, group, plan, part);
        return range !== null && (await batch(db, src, range, null, 1)).length > 0;
      }),
    );
    return { plan, parts: all.filter((_, i) => alive[i]) };
  }

  async function keyedFiles(kind: KeyedKind): Promise<SitemapFile[]> {
    const { n, lastmod } = await kindTotals(db, SOURCES[kind]);
    if (n === 0) return [];
    const { plan, parts } = await livingParts(kind, null, n, n);
    return parts.map((p) => ({ name: fileName(kind, null, p, plan.parts), lastmod }));
  }

  async function files(): Promise<SitemapFile[]> {
    const s = await summary();
    const catalogue = s.years.reduce<string | null>((m, y) => maxDate(m, y.lastmod), null);
    const [broadcasters, speakers, series, hashtags, articles] = await Promise.all(
      (['broadcasters', 'speakers', 'series', 'hashtags', 'articles'] as const).map(keyedFiles),
    );
    const sermons = await Promise.all(
      s.years
        .filter((y) => y.published > 0 && y.year >= YEARS.min && y.year <= YEARS.max)
        .map(async (y) => {
          const { plan, parts } = await livingParts('sermons', y.year, y.total, y.published);
          return parts.map((p) => ({ name: fileName('sermons', y.year, p, plan.parts), lastmod: y.lastmod }));
        }),
    );
    const videos =
      s.videos.published > 0
        ? await livingParts('videos', null, s.videos.total, s.videos.published).then(({ plan, parts }) =>
            parts.map((p) => ({ name: fileName('videos', null, p, plan.parts), lastmod: s.videos.lastmod })),
          )
        : [];
    const songFiles = (
      await Promise.all(
        (Object.keys(SONG_KINDS) as SongKind[]).map(async (kind) => {
          const { n, lastmod } = await songTotals(db, SONG_KINDS[kind].table);
          return n > 0 ? [{ name: `${kind}.xml`, lastmod }] : [];
        }),
      )
    ).flat();
    const newest = <T extends { lastmod: string | null }>(rows: T[]) =>
      rows.reduce<string | null>((m, r) => maxDate(m, r.lastmod), null);
    const single = (name: string, rows: { lastmod: string | null }[]): SitemapFile[] =>
      rows.length > 0 ? [{ name, lastmod: newest(rows) }] : [];
    return [
      { name: 'static.xml', lastmod: maxDate(catalogue, LASTMOD_FLOOR) },
      ...(broadcasters ?? []),
      ...(speakers ?? []),
      ...(series ?? []),
      ...sermons.flat(),
      ...single('scripture.xml', s.scripture),
      ...single(
        'dates.xml',
        s.months.filter((m) => m.published > 0),
      ),
      ...single('categories.xml', s.categories),
      ...single('topics.xml', s.topics),
      ...(hashtags ?? []),
      ...videos,
      ...songFiles,
      ...(articles ?? []),
    ];
  }

  /** Writes head, entries and tail, keeping the file within the URL and size limits. */
  function write(name: string, head: string, tail: string, entries: AsyncIterable<string[]>, log: SitemapLog) {
    const stats: SitemapStats = { urls: 0, bytes: 0, truncated: false };
    async function* body(): AsyncGenerator<string> {
      const tailBytes = Buffer.byteLength(tail);
      stats.bytes = Buffer.byteLength(head);
      yield head;
      outer: for await (const list of entries) {
        let chunk = '';
        for (const entry of list) {
          const size = Buffer.byteLength(entry);
          if (stats.urls >= o.maxUrls || stats.bytes + size + tailBytes > o.maxBytes) {
            stats.truncated = true;
            log.error(
              { sitemap: name, urls: stats.urls, bytes: stats.bytes },
              `sitemap ${name} is full (${o.maxUrls} URLs or ${o.maxBytes} bytes): the rest of it is left out`,
            );
            if (chunk) yield chunk;
            break outer;
          }
          chunk += entry;
          stats.urls += 1;
          stats.bytes += size;
          if (stats.urls === o.warnUrls + 1) {
            log.warn({ sitemap: name, urls: stats.urls }, `sitemap ${name} has more than ${o.warnUrls} URLs`);
          }
        }
        if (chunk) yield chunk;
      }
      stats.bytes += tailBytes;
      yield tail;
    }
    return { body: body(), stats };
  }

  function renderer(kind: KeyedKind, origin: string): (row: Row) => string {
    const currentYear = o.now().getUTCFullYear();
    const lastmod = (row: Row) => row.lastmod as string;
    switch (kind) {
      case 'sermons':
        return (row) =>
          urlEntry({
            loc: `${origin}/sermons/${segment(row.sermon_id as string)}`,
            lastmod: lastmod(row),
            ...sermonRank(Number(String(row.preach_date).slice(0, 4)), row.pick === true, currentYear),
          });
      case 'videos':
        return (row) =>
          urlEntry({
            loc: `${origin}/sermons/${segment(row.sermon_id as string)}`,
            lastmod: lastmod(row),
            ...sermonRank(Number(String(row.preach_date).slice(0, 4)), row.pick === true, currentYear),
            extra: videoElement(videoOf(row, origin)),
          });
      case 'broadcasters':
        return (row) =>
          urlEntry({
            loc: `${origin}/broadcasters/${segment(row.broadcaster_id as string)}`,
            lastmod: lastmod(row),
            ...RANKS.broadcasters,
          });
      case 'speakers':
        return (row) =>
          urlEntry({
            loc: `${origin}/speakers/${segment(row.speaker_id as number)}`,
            lastmod: lastmod(row),
            ...RANKS.speakers,
          });
      case 'series':
        return (row) =>
          urlEntry({
            loc: `${origin}/series/${segment(row.series_id as number)}`,
            lastmod: lastmod(row),
            ...RANKS.series,
          });
      case 'hashtags':
        return (row) =>
          urlEntry({
            loc: `${origin}/hashtag/${segment(row.hashtag as string)}`,
            lastmod: lastmod(row),
            ...RANKS.hashtags,
          });
      case 'articles':
        return (row) =>
          urlEntry({
            loc: `${origin}${articlePath(row.broadcaster_id as string, row.slug as string)}`,
            lastmod: lastmod(row),
            ...RANKS.articles,
          });
    }
  }

  async function openKeyed(
    kind: KeyedKind,
    group: number | null,
    part: number | null,
    origin: string,
    log: SitemapLog,
  ): Promise<OpenedSitemap | null> {
    const src = SOURCES[kind];
    const total = await countRows(db, src, group);
    if (total === 0) return null;
    const plan = partPlan(total, sizeOf(kind));
    // One canonical name per file: "-N" only when the group has several parts.
    if (part === null ? plan.parts > 1 : plan.parts === 1 || part > plan.parts) return null;
    const range = await partRange(src, group, plan, part ?? 1);
    if (!range) return null;
    const first = await batch(db, src, range, null, o.batchSize);
    if (first.length === 0) return null;
    const rows = batches(
      first,
      (after) => batch(db, src, range, after, o.batchSize),
      (r) => keyOf(src, r),
      o.batchSize,
    );
    const name = fileName(kind, group, part ?? 1, plan.parts);
    const head = kind === 'videos' ? VIDEO_URLSET_OPEN : URLSET_OPEN;
    return write(name, head, URLSET_CLOSE, rendered(rows, renderer(kind, origin)), log);
  }

  async function openStatic(origin: string, log: SitemapLog): Promise<OpenedSitemap> {
    const catalogue = maxDate(await catalogueLastmod(db), LASTMOD_FLOOR);
    const listed = await Promise.all(
      STATIC_PAGES.map(
        async (p) => !isExcludedPath(p.path) && (!p.sermonsWhere || anyPublishedSermon(db, p.sermonsWhere)),
      ),
    );
    const entries = STATIC_PAGES.filter((_, i) => listed[i]).map((p) =>
      urlEntry({
        loc: p.path === '/' ? `${origin}/` : `${origin}${p.path}`,
        lastmod: p.source === 'catalogue' ? catalogue : p.source === 'fixed' ? LASTMOD_FLOOR : null,
        ...(p.source === 'fixed' ? RANKS.staticFixed : RANKS.static),
      }),
    );
    return write('static.xml', URLSET_OPEN, URLSET_CLOSE, once(entries), log);
  }

  async function openSummaryKind(kind: string, origin: string, log: SitemapLog): Promise<OpenedSitemap | null> {
    const s = await summary();
    const currentYear = o.now().getUTCFullYear();
    const entries: string[] = [];
    if (kind === 'scripture') {
      const books = new Map<number, ScriptureRow[]>();
      for (const r of s.scripture) books.set(r.book_index, [...(books.get(r.book_index) ?? []), r]);
      for (const chapters of books.values()) {
        // The book's canonical path segment, as the site redirects to it ('gen' → 'genesis').
        const book = bookSlug(BIBLE_BOOKS[(chapters[0] as ScriptureRow).book_index]?.name ?? '');
        const newest = chapters.reduce<string | null>((m, c) => maxDate(m, c.lastmod), null);
        entries.push(
          urlEntry({ loc: `${origin}/sermons/scripture/${segment(book)}`, lastmod: newest, ...RANKS.scriptureBook }),
        );
        for (const c of chapters) {
          entries.push(
            urlEntry({
              loc: `${origin}/sermons/scripture/${segment(book)}/${c.chapter}`,
              lastmod: c.lastmod,
              ...RANKS.scriptureChapter,
            }),
          );
        }
      }
    } else if (kind === 'dates') {
      for (const y of s.years.filter((y) => y.published > 0)) {
        entries.push(
          urlEntry({ loc: `${origin}/sermons/date/${y.year}`, lastmod: y.lastmod, ...dateRank(y.year, currentYear) }),
        );
        for (const m of s.months.filter((m) => m.year === y.year && m.published > 0)) {
          entries.push(
            urlEntry({
              loc: `${origin}/sermons/date/${m.year}/${m.month}`,
              lastmod: m.lastmod,
              ...dateRank(m.year, currentYear),
            }),
          );
        }
      }
    } else if (kind === 'categories') {
      for (const c of s.categories) {
        entries.push(
          urlEntry({
            loc: `${origin}/sermons/categories/${slugify(c.event_type)}`,
            lastmod: c.lastmod,
            ...RANKS.categories,
          }),
        );
      }
    } else if (kind === 'topics') {
      for (const t of s.topics) {
        // The topic page's canonical URL is the slug of its name (site/pages/sermons/topics).
        entries.push(
          urlEntry({ loc: `${origin}/sermons/topics/${slugify(t.name)}`, lastmod: t.lastmod, ...RANKS.topics }),
        );
      }
    }
    if (entries.length === 0) return null;
    return write(`${kind}.xml`, URLSET_OPEN, URLSET_CLOSE, once(entries), log);
  }

  async function openSongs(kind: SongKind, origin: string, log: SitemapLog): Promise<OpenedSitemap | null> {
    const { table, path } = SONG_KINDS[kind];
    const rows = await songRows(db, table);
    if (rows.length === 0) return null;
    const entries = rows.map((r) =>
      urlEntry({ loc: `${origin}${path}/${segment(r.id)}`, lastmod: r.lastmod, ...RANKS[kind] }),
    );
    return write(`${kind}.xml`, URLSET_OPEN, URLSET_CLOSE, once(entries), log);
  }

  async function openIndex(origin: string, log: SitemapLog): Promise<OpenedSitemap> {
    const list = await files();
    const entries = list.map((f) => indexEntry(`${origin}/sitemap/${f.name}`, f.lastmod));
    return write('index.xml', INDEX_OPEN, INDEX_CLOSE, once(entries), log);
  }

  async function open(name: string, origin: string, log: SitemapLog): Promise<OpenedSitemap | null> {
    const match = /^([a-z]+)((?:-[1-9][0-9]{0,5})*)\.xml$/.exec(name);
    if (!match) return null;
    const kind = match[1] as string;
    const numbers = (match[2] ?? '').split('-').filter(Boolean).map(Number);
    switch (kind) {
      case 'index':
        return numbers.length === 0 ? openIndex(origin, log) : null;
      case 'static':
        return numbers.length === 0 ? openStatic(origin, log) : null;
      case 'scripture':
      case 'dates':
      case 'categories':
      case 'topics':
        return numbers.length === 0 ? openSummaryKind(kind, origin, log) : null;
      case 'sermons': {
        const [year, part, ...rest] = numbers;
        if (year === undefined || year < YEARS.min || year > YEARS.max || rest.length > 0) return null;
        return openKeyed('sermons', year, part ?? null, origin, log);
      }
      case 'hymns':
      case 'psalms':
        return numbers.length === 0 ? openSongs(kind, origin, log) : null;
      case 'videos':
      case 'broadcasters':
      case 'speakers':
      case 'series':
      case 'hashtags':
      case 'articles':
        return numbers.length <= 1 ? openKeyed(kind, null, numbers[0] ?? null, origin, log) : null;
      default:
        return null;
    }
  }

  return {
    files,
    open,
    forget: () => {
      cached = null;
    },
  };
}

/** The Google video entry of a sermon row of the videos kind. */
function videoOf(row: Row, origin: string): Parameters<typeof videoElement>[0] {
  const urls = { origin };
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const id = String(row.sermon_id);
  const thumbKey = text(row.video_thumbnail_storage_key) || text(row.video_thumb);
  const broadcasterImage = text(row.broadcaster_image);
  const thumbnail = thumbKey
    ? mediaUrl(urls, thumbKey)
    : broadcasterImage
      ? broadcasterImage.startsWith('/')
        ? origin + broadcasterImage
        : broadcasterImage
      : `${origin}/images/album-art.svg`;
  const videoKey = text(row.video_key);
  const title = text(row.full_title) || text(row.display_title) || `Sermon ${id}`;
  const speaker = text(row.speaker_name);
  const bible = text(row.bible_text);
  const broadcaster = text(row.broadcaster_name);
  const description =
    text(row.more_info_text) ||
    text(row.subtitle) ||
    `${title}: ${[speaker, bible, broadcaster, String(row.preach_date)].filter(Boolean).join(', ')}`;
  const seen = new Set<string>();
  const tags = text(row.keywords)
    .split(/\s+/)
    .filter((t) => t && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
  return {
    thumbnailLoc: thumbnail,
    title,
    description,
    contentLoc: videoKey ? mediaUrl(urls, videoKey) : text(row.video_url) || null,
    playerLoc: `${origin}/embed/classic/player/v/${segment(id)}`,
    durationSeconds: Number(row.video_duration_seconds ?? 0),
    publicationDate: (row.published_at as string | null) ?? null,
    tags,
    uploader: broadcaster
      ? { name: broadcaster, info: `${origin}/broadcasters/${segment(String(row.broadcaster_id))}` }
      : null,
  };
}
