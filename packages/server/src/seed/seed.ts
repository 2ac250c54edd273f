import { refreshCatalogueCounts } from '../catalogue/counts.ts';
import { ensureReferenceData } from '../catalogue/reference-data.ts';
import type { Db } from '../db/db.ts';
import { type DemoCatalogue, type DemoSermon, generateDemoCatalogue } from './demo-catalogue.ts';
import { buildDemoMedia, chooseMediaSermons, removeDemoMedia, type SermonMedia } from './demo-media.ts';
import { scriptureIndex } from './scripture-index.ts';

export type SeedOptions = {
  /** Root of the local media store; files go to `<mediaDir>/<sermonId>/`. */
  mediaDir: string;
  /** Delete the catalogue rows and the demo media first; otherwise a non-empty database is left alone. */
  reset?: boolean;
  log?: (message: string) => void;
  /** How many sermons get real media files (default 30; 0 skips ffmpeg entirely). */
  mediaSermons?: number;
  /**
   * Where rendered media are kept for reuse (default `<mediaDir>/.demo-cache`, which `reset`
   * keeps). A directory outside a throw-away data dir makes repeated cold seeds cheap.
   */
  mediaCacheDir?: string;
  /** PRNG seed of the generated catalogue. */
  seed?: number;
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
    mediaSermons: number;
    mediaItems: number;
  };
  /** Wall-clock seconds: total, and of the media step (which overlaps the inserts). */
  seconds: number;
  mediaSeconds: number;
};

/** The catalogue tables the seed fills, in an order that deletes children first. */
const CATALOGUE_TABLES = [
  'sermon_topic',
  'sermon_scripture',
  'media_item',
  'sermon',
  'series',
  'broadcaster_primary_speaker',
  'speaker',
  'broadcaster',
  'topic',
  'hashtag',
] as const;

/**
 * Loads the demo catalogue (see demo-catalogue.ts) and real media for a few sermons. Does
 * nothing when any sermon exists, unless `reset`. Media files are generated while the rows are
 * inserted, and all rows commit in one transaction after the files are on disk.
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
      mediaSermons: 0,
      mediaItems: 0,
    },
    seconds: 0,
    mediaSeconds: 0,
  };

  if (options.reset) {
    await db.transaction(async (tx) => {
      for (const table of CATALOGUE_TABLES) await tx.exec(`DELETE FROM ${table}`);
    });
    await removeDemoMedia(
      options.mediaDir,
      catalogue.sermons.map((s) => s.sermonId),
    );
    log('demo seed: catalogue and demo media removed');
  } else {
    const [any] = await db.query('SELECT 1 FROM sermon LIMIT 1');
    if (any) {
      log('demo seed: the database already has sermons; nothing to do');
      return { ...empty, seconds: (performance.now() - started) / 1000 };
    }
  }

  await ensureReferenceData(db);
  const chosen = chooseMediaSermons(catalogue, options.mediaSermons ?? 30);
  const mediaStarted = performance.now();
  let mediaSeconds = 0;
  // Started now so that ffmpeg runs while PGlite inserts; awaited inside the transaction.
  const media = buildDemoMedia(chosen, { mediaDir: options.mediaDir, cacheDir: options.mediaCacheDir, log }).then(
    (result) => {
      mediaSeconds = (performance.now() - mediaStarted) / 1000;
      return result;
    },
  );
  media.catch(() => {}); // handled where awaited

  const counts = await db.transaction(async (tx) => {
    const inserted = await insertCatalogue(tx, catalogue);
    const built = await media;
    const mediaItems = await applyMedia(tx, built);
    await refreshCatalogueCounts(tx);
    return { ...inserted, mediaSermons: built.length, mediaItems };
  });
  const seconds = (performance.now() - started) / 1000;
  log(
    `demo seed: ${counts.broadcasters} broadcasters, ${counts.speakers} speakers, ${counts.series} series, ` +
      `${counts.sermons} sermons (${counts.mediaSermons} with media files) in ${seconds.toFixed(1)} s`,
  );
  return { seeded: true, counts, seconds, mediaSeconds };
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
      ['comment_count', 'int', (s) => s.commentCount],
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

type MediaRow = SermonMedia['files'][number] & { sermonId: string; languageCode: string };

/** media_item rows for the generated files, and the sermon columns that describe them. */
async function applyMedia(db: Db, media: readonly SermonMedia[]): Promise<number> {
  if (!media.length) return 0;
  const rows: MediaRow[] = media.flatMap((m) =>
    m.files.map((f) => ({ ...f, sermonId: m.sermonId, languageCode: m.languageCode })),
  );
  await insertRows<MediaRow>(
    db,
    'media_item',
    [
      ['sermon_id', 'text', (r) => r.sermonId],
      ['media_type', 'text', (r) => r.mediaType],
      ['quality', 'text', (r) => r.quality],
      ['language_code', 'text', (r) => r.languageCode],
      ['storage_key', 'text', (r) => r.storageKey],
      ['file_size_bytes', 'bigint', (r) => r.fileSizeBytes],
      ['bitrate', 'int', (r) => r.bitrate],
      ['duration_seconds', 'float8', (r) => r.durationSeconds],
      ['audio_codec', 'text', (r) => r.audioCodec],
      ['video_codec', 'text', (r) => r.videoCodec],
      ['thumbnail_storage_key', 'text', (r) => r.thumbnailStorageKey],
      ['auto_generated', 'boolean', (r) => r.autoGenerated],
    ],
    rows,
  );

  await db.query(
    `UPDATE sermon s SET
       has_audio = true,
       has_video = u.video_seconds IS NOT NULL,
       audio_duration_seconds = u.audio_seconds,
       video_duration_seconds = coalesce(u.video_seconds, 0),
       audio_media_status = 'ready',
       video_media_status = CASE WHEN u.video_seconds IS NOT NULL THEN 'ready' END,
       waveform_storage_key = u.waveform_key,
       video_thumbnail_storage_key = u.thumbnail_key
     FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[])
       AS u(sermon_id, audio_seconds, video_seconds, waveform_key, thumbnail_key)
     WHERE s.sermon_id = u.sermon_id`,
    [
      media.map((m) => m.sermonId),
      media.map((m) => m.audioDurationSeconds),
      media.map((m) => m.videoDurationSeconds),
      media.map((m) => m.waveformStorageKey),
      media.map((m) => m.thumbnailStorageKey),
    ],
  );
  return rows.length;
}
