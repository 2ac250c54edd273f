import path from 'node:path';
import type {
  Broadcaster,
  LiteBroadcaster,
  LiteSeries,
  LiteSermon,
  LiteSpeaker,
  Media,
  MediaSet,
  Series,
  Sermon,
  Speaker,
} from '@kerygma/domain/catalogue';
import { SERMON_LANGUAGES } from '@kerygma/domain/languages';
import { resizableThumbnailKey } from '../media/serving/video-thumbnails.ts';
import { safeFileName } from '../storage/store.ts';

/**
 * Database rows → API objects. Rows arrive with snake_case columns (or as row_to_json objects,
 * where timestamps are ISO strings); every documented key is emitted, null when unknown.
 */

export type Row = Record<string, unknown>;

/** Absolute URL building for one request (PUBLIC_URL, else the request's own origin). */
export type Urls = { origin: string };

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const int = (v: unknown): number => (v === null || v === undefined ? 0 : Math.trunc(Number(v)));
const intOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Math.trunc(Number(v)));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const bool = (v: unknown): boolean => v === true;

/** Epoch seconds from a Date (driver rows) or an ISO string (row_to_json). */
export function epoch(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const ms = v instanceof Date ? v.getTime() : Date.parse(String(v));
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

const day = (v: unknown): string | null => (v === null || v === undefined ? null : String(v).slice(0, 10));

function imageUrl(urls: Urls, stored: unknown, fallback: string): string {
  const value = str(stored);
  if (value) return value.startsWith('/') ? urls.origin + value : value;
  return `${urls.origin}/images/${fallback}`;
}

export function liteBroadcasterDto(b: Row, urls: Urls): LiteBroadcaster {
  return {
    type: bool(b.lite) ? 'lite_broadcaster' : 'broadcaster',
    broadcasterID: text(b.broadcaster_id),
    displayName: text(b.display_name),
    shortName: text(b.short_name),
    location: text(b.location),
    countryISOCode: str(b.country_iso_code) || null,
    imageURL: imageUrl(urls, b.image_url, 'broadcaster.svg'),
    albumArtURL: str(b.album_art_url) ?? `${urls.origin}/images/album-art.svg?size={size}`,
    categories: int(b.categories),
    disabled: bool(b.disabled),
  };
}

export function broadcasterDto(b: Row, urls: Urls): Broadcaster {
  const serviceTimesList = Array.isArray(b.service_times_list) ? b.service_times_list.map(String) : [];
  return {
    ...liteBroadcasterDto(b, urls),
    idCode: text(b.id_code ?? b.broadcaster_id),
    serviceTimesArePreformatted: serviceTimesList.length === 0 ? null : false,
    serviceTimes: str(b.service_times) || null,
    serviceTimesList,
    denomination: str(b.denomination) || null,
    address: str(b.address) || null,
    addressMail: str(b.address_mail) || null,
    country: str(b.country) || null,
    state: str(b.state),
    latitude: num(b.latitude),
    longitude: num(b.longitude),
    imageURLResizable: imageUrl(urls, b.image_url, 'broadcaster.svg'),
    bannerImageURL: str(b.banner_image_url),
    minister: str(b.minister) || null,
    phone: str(b.phone) || null,
    listenLineNumber: str(b.listen_line_number),
    homePageURL: str(b.home_page_url),
    bibleVersion: str(b.bible_version),
    facebookUsername: str(b.facebook_username),
    twitterUsername: str(b.twitter_username),
    aboutUs: str(b.about_us) || null,
    canWebcast: bool(b.can_webcast),
    webcastInProgress: bool(b.webcast_in_progress),
    vacantPulpit: bool(b.vacant_pulpit),
    welcomeVideoID: str(b.welcome_video_id),
    languageCode: str(b.language_code),
    churchSize: intOrNull(b.church_size),
    joined: epoch(b.joined) ?? 0,
    numberOfSermons: int(b.sermon_count),
    soloSiteDisabled: bool(b.solo_site_disabled),
    donatable: bool(b.donatable),
    legacyGroup: str(b.group_name),
    socialLinks: (b.social_links as Record<string, string> | null) ?? {},
    rssFeedURL: null,
    rssFeedAtomURL: null,
  };
}

export function liteSpeakerDto(s: Row, urls: Urls): LiteSpeaker {
  const portrait = imageUrl(urls, s.portrait_url, 'speaker.svg');
  return {
    type: 'speaker',
    speakerID: int(s.speaker_id),
    displayName: text(s.display_name),
    sortName: text(s.sort_name ?? s.display_name),
    portraitURL: portrait,
    roundedThumbnailImageURL: portrait,
  };
}

export function speakerDto(s: Row, urls: Urls): Speaker {
  const lite = liteSpeakerDto(s, urls);
  return {
    ...lite,
    bio: str(s.bio) || null,
    roundedThumbnailImageURLResizable: lite.portraitURL,
    albumArtURL: str(s.album_art_url) ?? `${urls.origin}/images/album-art.svg?size={size}`,
    mostRecentPreachDate: day(s.most_recent_preach_date),
    sermonCount: int(s.sermon_count),
    broadcasterLock: str(s.broadcaster_lock),
    highlighted: bool(s.highlighted),
    rssFeedURL: null,
    rssFeedAtomURL: null,
  };
}

export function liteSeriesDto(s: Row): LiteSeries {
  return {
    type: bool(s.lite) ? 'lite_sermon_series' : 'sermon_series',
    seriesID: int(s.series_id),
    title: text(s.title),
    broadcasterID: text(s.broadcaster_id),
  };
}

export function seriesDto(s: Row, urls: Urls, podcastSpeaker: string | null = null): Series {
  const image = str(s.image_url);
  return {
    ...liteSeriesDto(s),
    description: str(s.description) || null,
    count: int(s.sermon_count),
    earliest: day(s.earliest),
    latest: day(s.latest),
    updated: epoch(s.updated_at) ?? 0,
    image: image ? imageUrl(urls, image, 'series.svg') : null,
    imageResizable: image ? imageUrl(urls, image, 'series.svg') : null,
    podcastEnabled: bool(s.podcast_enabled),
    podcastSpeaker: podcastSpeaker ?? str(s.podcast_speaker_name),
    defaultSortBy: text(s.default_sort_by || 'newest'),
    rssURL: null,
    rssAtomURL: null,
  };
}

export function mediaUrl(urls: Urls, storageKey: string): string {
  return `${urls.origin}/media/${storageKey.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * videoThumbnailResizable: the WebP sizes of the video's thumbnail with a `{size}` placeholder
 * for the width (96, 360 or 640), like albumArtURL's; the JPEG itself for a thumbnail that has
 * no WebP sizes.
 */
function resizableThumbnailUrl(urls: Urls, jpegKey: string | null): string | null {
  if (!jpegKey) return null;
  const key = resizableThumbnailKey(jpegKey);
  if (!key) return mediaUrl(urls, jpegKey);
  // The file name keeps its placeholder as it is (mediaUrl would percent-encode the braces).
  const at = key.lastIndexOf('/');
  return `${mediaUrl(urls, key.slice(0, at))}/${key.slice(at + 1)}`;
}

/** How a download names its quality after the sermon's name ('' for the main file). */
const DOWNLOAD_QUALITY: Record<string, string> = { '1080p': ' (1080p)', high: '', low: ' (low)' };

/**
 * The file name a download gets (spec §7 downloadURL): the sermon's date and title, the
 * quality when it is not the main file, and the file's own extension, e.g. '2024-01-07 Faith
 * and Works.mp3', '2024-01-07 Faith and Works (low).mp3'. Characters that file systems refuse are
 * dropped; the media route checks the name again.
 */
export function downloadFileName(sermon: { preachDate: string; title: string }, m: Row, key: string): string {
  const ext = path.posix.extname(key);
  const quality =
    m.media_type === 'mp4' && m.quality === 'high' ? ' (720p)' : (DOWNLOAD_QUALITY[str(m.quality) ?? ''] ?? '');
  const language = m.media_type === 'caption' && m.language_code ? ` (${m.language_code})` : '';
  return safeFileName(`${sermon.preachDate} ${sermon.title}`.slice(0, 120) + quality + language + ext);
}

/**
 * Where a media item is downloaded: a stored file under its download name, an external file as
 * it is, and nowhere for an adaptive stream's playlist (HLS), which is played, not downloaded:
 * saved, it is a text file that points at hundreds of segments.
 */
function downloadUrl(
  m: Row,
  urls: Urls,
  key: string | null,
  stream: string | null,
  sermon: { preachDate: string; title: string } | undefined,
): string | null {
  if (bool(m.adaptive)) return null;
  if (!key) return stream;
  return `${mediaUrl(urls, key)}?download=${sermon ? encodeURIComponent(downloadFileName(sermon, m, key)) : '1'}`;
}

export function mediaDto(m: Row, urls: Urls, sermon?: { preachDate: string; title: string }): Media {
  const key = str(m.storage_key);
  const stream = key ? mediaUrl(urls, key) : str(m.external_url);
  const thumb = str(m.thumbnail_storage_key);
  const bitrate = intOrNull(m.bitrate);
  return {
    mediaType: text(m.media_type),
    live: bool(m.live),
    adaptiveBitrate: bool(m.adaptive),
    language: str(m.language_code),
    sermonID: text(m.sermon_id),
    streamURL: stream,
    eventStreamURL: null,
    downloadURL: downloadUrl(m, urls, key, stream, sermon),
    rawURL: stream,
    bitrate: bitrate === null ? null : Math.round(bitrate / 1000),
    fileSizeBytes: intOrNull(m.file_size_bytes),
    duration:
      m.duration_seconds === null || m.duration_seconds === undefined ? null : Math.round(Number(m.duration_seconds)),
    audioCodec: str(m.audio_codec),
    videoCodec: str(m.video_codec),
    thumbnailImageURL: thumb ? mediaUrl(urls, thumb) : null,
    autoGenerated: bool(m.auto_generated),
    quality: str(m.quality),
  };
}

const AUDIO = new Set(['mp3', 'aac', 'orig-audio']);
const VIDEO = new Set(['mp4', 'orig-video']);
const TEXT = new Set(['pdf', 'doc', 'transcript']);

const QUALITY_ORDER = ['1080p', 'high', '720p', '360p', 'low'];
/** Unlabelled items (an adaptive HLS stream) sit between the 720p and 360p renditions. */
const qualityRank = (q: unknown) => {
  const rank = QUALITY_ORDER.indexOf(String(q));
  return rank < 0 ? 2.5 : rank;
};

/**
 * Groups media items into the media set; highest quality first and lowest last within each
 * list (spec §3: "high audio" is the first, "low audio" the last).
 */
export function mediaSetDto(items: Row[], urls: Urls, sermon?: { preachDate: string; title: string }): MediaSet {
  const set: MediaSet = { audio: [], video: [], text: [], captions: [] };
  const sorted = [...items].sort((a, b) => qualityRank(a.quality) - qualityRank(b.quality));
  for (const m of sorted) {
    const type = String(m.media_type);
    const dto = mediaDto(m, urls, sermon);
    if (AUDIO.has(type)) set.audio.push(dto);
    else if (VIDEO.has(type)) set.video.push(dto);
    else if (TEXT.has(type)) set.text.push(dto);
    else if (type === 'caption') set.captions.push(dto);
  }
  return set;
}

const ISO_639_3 = new Map<string, string>(SERMON_LANGUAGES.map((l) => [l.languageCode, l.iso639_3]));

/** The languages of the sermon's caption items, as ISO 639-1 and 639-3 codes. */
function captionLanguages(items: Row[]): Sermon['captionLanguages'] {
  const alpha2 = [
    ...new Set(items.filter((m) => m.media_type === 'caption' && m.language_code).map((m) => String(m.language_code))),
  ].sort();
  return { alpha_2: alpha2, alpha_3: alpha2.map((code) => ISO_639_3.get(code) ?? code) };
}

/** A sermon row carries its broadcaster, speaker and series as row_to_json objects b, sp, se. */
export function liteSermonDto(s: Row, urls: Urls): LiteSermon {
  const thumb = str(s.video_thumbnail_storage_key);
  return {
    type: bool(s.lite) ? 'lite_sermon' : 'sermon',
    sermonID: text(s.sermon_id),
    fullTitle: text(s.full_title),
    displayTitle: text(s.display_title),
    subtitle: str(s.subtitle),
    bibleText: str(s.bible_text),
    eventType: text(s.event_type),
    displayEventType: text(s.event_type),
    languageCode: text(s.language_code),
    preachDate: day(s.preach_date) ?? '',
    publishTimestamp: epoch(s.publish_timestamp),
    audioDurationSeconds: int(s.audio_duration_seconds),
    videoDurationSeconds: int(s.video_duration_seconds),
    hasAudio: bool(s.has_audio),
    hasVideo: bool(s.has_video),
    hasPDF: bool(s.has_pdf),
    staffPick: s.pick_date !== null && s.pick_date !== undefined,
    pickDate: day(s.pick_date),
    downloadCount: int(s.download_count),
    videoDownloadCount: int(s.video_download_count),
    playCount: int(s.play_count),
    videoThumbnail: thumb ? mediaUrl(urls, thumb) : null,
    videoThumbnailResizable: resizableThumbnailUrl(urls, thumb),
    waveformPeaksURL: s.waveform_storage_key
      ? `${urls.origin}/api/v2/node/sermons/${text(s.sermon_id)}/waveform`
      : null,
    broadcaster: liteBroadcasterDto(s.b as Row, urls),
    speaker: liteSpeakerDto(s.sp as Row, urls),
    series: s.se ? liteSeriesDto(s.se as Row) : null,
  };
}

export function sermonDto(s: Row, media: Row[], urls: Urls): Sermon {
  const lite = liteSermonDto(s, urls);
  const keywords = text(s.keywords).split(/\s+/).filter(Boolean);
  return {
    ...lite,
    broadcaster: broadcasterDto(s.b as Row, urls),
    speaker: speakerDto(s.sp as Row, urls),
    series: s.se ? seriesDto(s.se as Row, urls) : null,
    moreInfoText: str(s.more_info_text),
    keywords,
    updateDate: epoch(s.updated_at) ?? 0,
    lastFeatureDate: day(s.last_feature_date),
    lastPlayTime: epoch(s.last_play_time),
    externalLink: null,
    documentDownloadCount: 0,
    audioPlayCount: int(s.audio_play_count),
    videoPlayCount: int(s.video_play_count),
    commentCount: int(s.comment_count),
    archivedWebcastID: intOrNull(s.archived_webcast_id),
    audioMediaStatus: str(s.audio_media_status),
    videoMediaStatus: str(s.video_media_status),
    showCC: bool(s.show_cc),
    acceptCopyright: bool(s.accept_copyright),
    captionLanguages: captionLanguages(media),
    media: mediaSetDto(media, urls, { preachDate: lite.preachDate, title: lite.displayTitle }),
  };
}
