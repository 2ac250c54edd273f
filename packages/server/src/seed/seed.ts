import path from 'node:path';
import { ensureDemoUsers } from '../accounts/admin-users.ts';
import { refreshCatalogueCounts } from '../catalogue/counts.ts';
import type { Db } from '../db/db.ts';
import { saveDrawnImages } from '../images/images.service.ts';
import { enqueue } from '../jobs/queue.ts';
import { ensureReferenceData } from '../reference/reference-data.ts';
import { rebuildVocabulary } from '../search/vocabulary.ts';
import type { MediaStore } from '../storage/store.ts';
import { insertDemoArticles } from './demo-articles.ts';
import { demoArtwork } from './demo-artwork.ts';
import { type DemoCatalogue, type DemoSermon, generateDemoCatalogue } from './demo-catalogue.ts';
import { demoHighlights } from './demo-highlights.ts';
import { chooseMediaSermons, demoCacheDir } from './demo-media.ts';
import { demoSchedules, demoWebcasts, insertDemoSchedules, insertDemoWebcasts } from './demo-webcasts.ts';
import { scriptureIndex } from './scripture-index.ts';

export type SeedOptions = {
  /** The media store, cleared of the old sermons' media on reset. */
  media: MediaStore;
  /** The local media folder; its `.demo-cache` holds the rendered originals unless mediaCacheDir says otherwise. */
  mediaDir: string;
  /** Delete the catalogue rows and the sermons' media first; otherwise a non-empty database is left alone. */
  reset?: boolean;
  log?: (message: string) => void;
  /** How many sermons get real media (default 30; 0 skips ffmpeg entirely). */
  mediaSermons?: number;
  /**
   * Where rendered originals are kept for reuse (default `<mediaDir>/.demo-cache`, which `reset`
   * keeps). A directory outside a throw-away data dir makes repeated cold seeds cheap.
   */
  mediaCacheDir?: string;
  /** PRNG seed of the generated catalogue. */
  seed?: number;
  /**
   * Where the demo webcasts' replays go: the webcasts' HLS folder (WebcastSettings.liveDir;
   * default `live` beside `mediaDir`, as the data directory has them).
   */
  liveDir?: string;
};

export type SeedResult = {
  /** False when the database already had sermons and nothing was done. */
  seeded: boolean;
  counts: {
    broadcasters: number;
    speakers: number;
    series: number;
    sermons: number;
    scriptureRows: number;
    topics: number;
    articles: number;
    /** Ended webcasts with a replay (made by the 'demo.media' job), one archived as a sermon. */
    webcasts: number;
    /** Sermons whose media the queued 'demo.media' job makes. */
    mediaSermons: number;
  };
  /** Wall-clock seconds. */
  seconds: number;
};

/** The catalogue tables the seed fills, in an order that deletes children first. */
const CATALOGUE_TABLES = [
  'webcast_schedule',
  'webcast',
  'article',
  'broadcaster_highlighted_sermons',
  'sermon_topic',
  'sermon_scripture',
  'media_event',
  'media_item',
  'media_upload',
  'sermon',
  'series',
  'broadcaster_primary_speaker',
  'speaker',
  'broadcaster',
  'topic',
  'hashtag',
  'image',
] as const;

/**
 * Loads the demo catalogue (see demo-catalogue.ts) and queues real media for a few sermons.
 * Does nothing when any sermon exists, unless `reset`. The media go through the pipeline like
 * uploads: a 'demo.media' job, queued with the rows, renders each original recording, stores it
 * as the sermon's upload and queues its encode; a worker (the server's, or `--role worker`)
 * runs them, so the site serves pages at once and each sermon shows its media once encoded.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const catalogue = generateDemoCatalogue(options.seed);
  const empty: SeedResult = {
    seeded: false,
    counts: {
      broadcasters: 0,
      speakers: 0,
      series: 0,
      sermons: 0,
      scriptureRows: 0,
      topics: 0,
      articles: 0,
      webcasts: 0,
      mediaSermons: 0,
    },
    seconds: 0,
  };

  if (options.reset) {
    // Stops the jobs of the old catalogue: a running one finds its sermons gone.
    const withMedia = await db.transaction(async (tx) => {
      const ids = await tx.query<{ sermon_id: string }>(
        'SELECT sermon_id FROM media_upload UNION SELECT sermon_id FROM media_item WHERE storage_key IS NOT NULL',
      );
      for (const table of CATALOGUE_TABLES) await tx.exec(`DELETE FROM ${table}`);
      // Their uploads are gone, so queued media jobs would find nothing to do.
      await tx.exec("DELETE FROM job WHERE state = 'queued' AND (name LIKE 'media.%' OR name LIKE 'demo.%')");
      return ids.map((r) => r.sermon_id);
    });
    for (const id of withMedia) await options.media.remove(id);
    await options.media.remove('images');
    log(`demo seed: catalogue removed, and the media of ${withMedia.length} sermons`);
  } else {
    const [any] = await db.query('SELECT 1 FROM sermon LIMIT 1');
    if (any) {
      log('demo seed: the database already has sermons; nothing to do');
      return { ...empty, seconds: (performance.now() - started) / 1000 };
    }
  }

  await ensureReferenceData(db);
  const chosen = chooseMediaSermons(catalogue, options.mediaSermons ?? 30);
  const webcasts = demoWebcasts(catalogue, chosen);
  const counts = await db.transaction(async (tx) => {
    const inserted = await insertCatalogue(tx, catalogue);
    await refreshCatalogueCounts(tx);
    const articles = await insertDemoArticles(tx, catalogue);
    await insertDemoWebcasts(tx, webcasts);
    await insertDemoSchedules(tx, demoSchedules(catalogue, Date.now()));
    if (chosen.length) {
      await enqueue(tx, 'demo.media', {
        sermons: chosen.map((s) => ({
          sermonId: s.sermonId,
          video: s.hasVideo,
          title: s.displayTitle,
          language: s.languageCode,
          subtitle: s.subtitle,
          bibleText: s.bibleText,
          description: s.moreInfoText,
        })),
        cacheDir: options.mediaCacheDir ?? demoCacheDir(options.mediaDir),
        replays: webcasts.map((w) => ({ webcastId: w.webcastId, sermonId: w.sourceSermonId })),
        liveDir: options.liveDir ?? path.join(path.dirname(options.mediaDir), 'live'),
      });
    }
    return { ...inserted, articles, webcasts: webcasts.length, mediaSermons: chosen.length };
  });
  // 'Did you mean' suggests the new catalogue's words at once, not after the daily rebuild.
  await rebuildVocabulary(db);
  // Covers, portraits and banners of its own making (stored as SVG, drawn at each size when asked).
  await saveDrawnImages({ db, media: options.media, now: Date.now }, demoArtwork(catalogue));
  // A demo site admin and a demo broadcaster's Admin, their passwords logged once (accounts/admin-users.ts).
  const first = catalogue.broadcasters[0];
  if (first) await ensureDemoUsers(db, first.broadcasterId, log);
  const seconds = (performance.now() - started) / 1000;
  log(
    `demo seed: ${counts.broadcasters} broadcasters, ${counts.speakers} speakers, ${counts.series} series, ` +
      `${counts.sermons} sermons, ${counts.articles} articles, ${counts.webcasts} past webcasts in ${seconds.toFixed(1)} s; media of ${counts.mediaSermons} queued`,
  );
  return { seeded: true, counts, seconds };
}

// ---------------------------------------------------------------------------------------------
// Bulk inserts

type Column<T> = readonly [name: string, type: string, value: (row: T) => unknown];

/**
 * Multi-row INSERT through `unnest` of one array parameter per column, in batches. jsonb
 * columns travel as text and are cast in the SELECT.
 */
async function insertRows<T>(
  db: Db,
  table: string,
  columns: readonly Column<T>[],
  rows: readonly T[],
  batch = 2000,
): Promise<void> {
  const names = columns.map(([name]) => name).join(', ');
  const aliases = columns.map((_, i) => `c${i}`);
  const select = columns.map(([, type], i) => (type === 'jsonb' ? `c${i}::jsonb` : `c${i}`)).join(', ');
  const unnest = columns.map(([, type], i) => `$${i + 1}::${type === 'jsonb' ? 'text' : type}[]`).join(', ');
  const sql = `INSERT INTO ${table} (${names}) SELECT ${select} FROM unnest(${unnest}) AS t(${aliases.join(', ')})`;
  for (let i = 0; i < rows.length; i += batch) {
    const chunk = rows.slice(i, i + batch);
    await db.query(
      sql,
      columns.map(([, type, value]) =>
        chunk.map((row) => {
          const v = value(row);
          return type === 'jsonb' ? JSON.stringify(v) : (v ?? null);
        }),
      ),
    );
  }
}

type ScriptureRow = {
  sermonId: string;
  bookIndex: number;
  chapter: number;
  verseStart: number | null;
  verseEnd: number | null;
  firstInBook: boolean;
  preachDate: string;
};

/** Inserts the generated rows (speakers, series and broadcasters before sermons: the search trigger reads them). */
export async function insertCatalogue(db: Db, c: DemoCatalogue) {
  await insertRows(
    db,
    'broadcaster',
    [
      ['broadcaster_id', 'text', (b) => b.broadcasterId],
      ['display_name', 'text', (b) => b.displayName],
      ['short_name', 'text', (b) => b.shortName],
      ['sort_name', 'text', (b) => b.sortName],
      ['location', 'text', (b) => b.location],
      ['country', 'text', (b) => b.country],
      ['country_iso_code', 'text', (b) => b.countryIsoCode],
      ['state', 'text', (b) => b.state],
      ['church_size', 'int', (b) => b.churchSize],
      ['minister', 'text', (b) => b.minister],
      ['facebook_username', 'text', (b) => b.facebookUsername],
      ['twitter_username', 'text', (b) => b.twitterUsername],
      ['home_page_url', 'text', (b) => b.homePageUrl],
      ['latitude', 'float8', (b) => b.latitude],
      ['longitude', 'float8', (b) => b.longitude],
      ['joined', 'timestamptz', (b) => b.joined],
      ['bible_version', 'text', (b) => b.bibleVersion],
      ['about_us', 'text', (b) => b.aboutUs],
      ['address', 'text', (b) => b.address],
      ['address_mail', 'text', (b) => b.addressMail],
      ['service_times', 'text', (b) => b.serviceTimes],
      ['service_times_list', 'jsonb', (b) => b.serviceTimesList],
      ['denomination', 'text', (b) => b.denomination],
      ['can_webcast', 'boolean', (b) => b.canWebcast],
      ['phone', 'text', (b) => b.phone],
      ['listen_line_number', 'text', (b) => b.listenLineNumber],
      ['vacant_pulpit', 'boolean', (b) => b.vacantPulpit],
      ['categories', 'int', (b) => b.categories],
      ['language_code', 'text', (b) => b.languageCode],
      ['lite', 'boolean', (b) => b.lite],
      ['disabled', 'boolean', (b) => b.disabled],
      ['donatable', 'boolean', (b) => b.donatable],
      ['group_name', 'text', (b) => b.groupName],
      ['featured', 'boolean', (b) => b.featured],
      ['social_links', 'jsonb', (b) => b.socialLinks],
      // Messages from listeners (contact form) go here: example.org never delivers.
      ['contact_email', 'text', (b) => `${b.broadcasterId}@example.org`],
      ['created_at', 'timestamptz', (b) => b.joined],
      ['updated_at', 'timestamptz', (b) => b.updatedAt],
    ],
    c.broadcasters,
  );

  await insertRows(
    db,
    'speaker',
    [
      ['speaker_id', 'bigint', (s) => s.speakerId],
      ['display_name', 'text', (s) => s.displayName],
      ['sort_name', 'text', (s) => s.sortName],
      ['bio', 'text', (s) => s.bio],
      ['placeholder', 'boolean', (s) => s.placeholder],
      ['featured', 'boolean', (s) => s.featured],
      ['choice', 'boolean', (s) => s.choice],
      ['classic', 'boolean', (s) => s.classic],
      ['puritan', 'boolean', (s) => s.puritan],
      ['reformer', 'boolean', (s) => s.reformer],
      ['highlighted', 'boolean', (s) => s.highlighted],
      ['broadcaster_lock', 'text', (s) => s.broadcasterLock],
    ],
    c.speakers,
  );

  await insertRows(
    db,
    'broadcaster_primary_speaker',
    [
      ['broadcaster_id', 'text', (p) => p.broadcasterId],
      ['speaker_id', 'bigint', (p) => p.speakerId],
    ],
    c.primarySpeakers,
  );

  await insertRows(
    db,
    'series',
    [
      ['series_id', 'bigint', (s) => s.seriesId],
      ['broadcaster_id', 'text', (s) => s.broadcasterId],
      ['title', 'text', (s) => s.title],
      ['description', 'text', (s) => s.description],
      ['podcast_enabled', 'boolean', (s) => s.podcastEnabled],
      ['podcast_speaker_id', 'bigint', (s) => s.podcastSpeakerId],
      ['lite', 'boolean', (s) => s.lite],
      ['default_sort_by', 'text', (s) => s.defaultSortBy],
      ['created_at', 'timestamptz', (s) => s.createdAt],
      ['updated_at', 'timestamptz', (s) => s.updatedAt],
    ],
    c.series,
  );

  const scripture: ScriptureRow[] = [];
  const bibleSort = new Map<string, number | null>();
  for (const s of c.sermons) {
    const index = scriptureIndex(s.bibleText);
    bibleSort.set(s.sermonId, index.bibleSort);
    for (const row of index.rows) scripture.push({ ...row, sermonId: s.sermonId, preachDate: s.preachDate });
  }

  await insertRows<DemoSermon>(
    db,
    'sermon',
    [
      ['sermon_id', 'text', (s) => s.sermonId],
      ['broadcaster_id', 'text', (s) => s.broadcasterId],
      ['speaker_id', 'bigint', (s) => s.speakerId],
      ['series_id', 'bigint', (s) => s.seriesId],
      ['full_title', 'text', (s) => s.fullTitle],
      ['display_title', 'text', (s) => s.displayTitle],
      ['subtitle', 'text', (s) => s.subtitle],
      ['bible_text', 'text', (s) => s.bibleText],
      ['more_info_text', 'text', (s) => s.moreInfoText],
      ['event_type', 'text', (s) => s.eventType],
      ['language_code', 'text', (s) => s.languageCode],
      ['preach_date', 'date', (s) => s.preachDate],
      ['publish_timestamp', 'timestamptz', (s) => s.publishTimestamp],
      ['keywords', 'text', (s) => s.keywords],
      ['audio_duration_seconds', 'int', (s) => s.audioDurationSeconds],
      ['video_duration_seconds', 'int', (s) => s.videoDurationSeconds],
      // Only sermons that get real files (the media step below) say they have audio or video,
      // so that every hasAudio/hasVideo sermon really plays.
      ['has_audio', 'boolean', () => false],
      ['has_video', 'boolean', () => false],
      ['download_count', 'int', (s) => s.downloadCount],
      ['video_download_count', 'int', (s) => s.videoDownloadCount],
      ['play_count', 'int', (s) => s.playCount],
      ['audio_play_count', 'int', (s) => s.audioPlayCount],
      ['video_play_count', 'int', (s) => s.videoPlayCount],
      // Counts approved comments (sermon_comment, kept by its trigger): the demo has none.
      ['comment_count', 'int', () => 0],
      ['pick_date', 'date', (s) => s.pickDate],
      ['last_feature_date', 'date', (s) => s.lastFeatureDate],
      ['last_play_time', 'timestamptz', (s) => s.lastPlayTime],
      ['last_audio_access_timestamp', 'timestamptz', (s) => (s.audioPlayCount > 0 ? s.lastPlayTime : null)],
      ['last_video_access_timestamp', 'timestamptz', (s) => (s.videoPlayCount > 0 ? s.lastPlayTime : null)],
      ['lite', 'boolean', (s) => s.lite],
      ['bible_sort', 'int', (s) => bibleSort.get(s.sermonId) ?? null],
      ['created_at', 'timestamptz', (s) => s.createdAt],
      ['updated_at', 'timestamptz', (s) => s.createdAt],
    ],
    c.sermons,
    1000,
  );

  await insertRows<ScriptureRow>(
    db,
    'sermon_scripture',
    [
      ['sermon_id', 'text', (r) => r.sermonId],
      ['book_index', 'smallint', (r) => r.bookIndex],
      ['chapter', 'smallint', (r) => r.chapter],
      ['verse_start', 'smallint', (r) => r.verseStart],
      ['verse_end', 'smallint', (r) => r.verseEnd],
      ['first_in_book', 'boolean', (r) => r.firstInBook],
      ['preach_date', 'date', (r) => r.preachDate],
    ],
    scripture,
  );

  await insertRows(
    db,
    'broadcaster_highlighted_sermons',
    [
      ['broadcaster_id', 'text', (h) => h.broadcasterId],
      ['sort_order', 'text', (h) => h.sortOrder],
      ['sort_title', 'text', (h) => h.sortTitle],
      ['audio_title', 'text', (h) => h.audioTitle],
      ['sermon_id', 'text', (h) => h.sermonId],
    ],
    demoHighlights(c),
  );

  await insertRows(
    db,
    'topic',
    [
      ['topic_id', 'bigint', (t) => t.topicId],
      ['name', 'text', (t) => t.name],
      ['description', 'text', (t) => t.description],
    ],
    c.topics,
  );
  await insertRows(
    db,
    'sermon_topic',
    [
      ['sermon_id', 'text', (t) => t.sermonId],
      ['topic_id', 'bigint', (t) => t.topicId],
    ],
    c.sermonTopics,
  );

  return {
    broadcasters: c.broadcasters.length,
    speakers: c.speakers.length,
    series: c.series.length,
    sermons: c.sermons.length,
    scriptureRows: scripture.length,
    topics: c.topics.length,
  };
}
