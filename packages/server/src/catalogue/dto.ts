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
import { feedPath } from '@kerygma/domain/feeds';
import type { ImageKind } from '@kerygma/domain/images';
import { SERMON_LANGUAGES } from '@kerygma/domain/languages';
import { imageUrlsOf } from '../images/image-urls.ts';
import { resizableThumbnailKey } from '../media/serving/video-thumbnails.ts';
import { safeFileName } from '../storage/store.ts';
import type { BroadcasterRow, MediaItemRow, SeriesRow, SermonWithEntities, SpeakerRow } from './rows.ts';

/**
 * Database rows (rows.ts) → API objects: every documented key is emitted, null when unknown.
 */

/** Absolute URL building for one request (PUBLIC_URL, else the request's own origin). */
export type Urls = { origin: string };

/** Epoch seconds of a timestamp. */
const epoch = (v: Date | null): number | null => (v === null ? null : Math.floor(v.getTime() / 1000));

/** The placeholder album art, resizable like a stored picture's. */
const placeholderAlbumArt = (urls: Urls) => `${urls.origin}/images/album-art.svg?size={size}`;

/**
 * A picture's URLs from its column (images/: a resizable `/media/images/…/{size}.jpg` path, or an
 * older absolute URL), or the placeholder's; `resizable` is null for a stored URL of one size.
 */
function picture(urls: Urls, kind: ImageKind, stored: string | null, fallback: string) {
  if (!stored) return { url: `${urls.origin}/images/${fallback}`, resizable: null };
  const { url, resizableURL } = imageUrlsOf(kind, stored, urls.origin);
  return { url, resizable: resizableURL.includes('{size}') ? resizableURL : null };
}

export function liteBroadcasterDto(b: BroadcasterRow, urls: Urls): LiteBroadcaster {
  const profile = picture(urls, 'broadcaster_profile', b.image_url, 'broadcaster.svg');
  return {
    type: b.lite ? 'lite_broadcaster' : 'broadcaster',
    broadcasterID: b.broadcaster_id,
    displayName: b.display_name,
    shortName: b.short_name,
    location: b.location,
    countryISOCode: b.country_iso_code || null,
    imageURL: profile.url,
    albumArtURL: profile.resizable ?? b.album_art_url ?? placeholderAlbumArt(urls),
    categories: b.categories,
    disabled: b.disabled,
  };
}

export function broadcasterDto(b: BroadcasterRow, urls: Urls): Broadcaster {
  const serviceTimesList = b.service_times_list;
  const profile = picture(urls, 'broadcaster_profile', b.image_url, 'broadcaster.svg');
  return {
    ...liteBroadcasterDto(b, urls),
    idCode: b.id_code ?? b.broadcaster_id,
    serviceTimesArePreformatted: serviceTimesList.length === 0 ? null : false,
    serviceTimes: b.service_times || null,
    serviceTimesList,
    denomination: b.denomination || null,
    address: b.address || null,
    addressMail: b.address_mail || null,
    country: b.country || null,
    state: b.state,
    latitude: b.latitude,
    longitude: b.longitude,
    imageURLResizable: profile.resizable ?? profile.url,
    bannerImageURL: b.banner_image_url && picture(urls, 'broadcaster_banner', b.banner_image_url, '').url,
    minister: b.minister || null,
    phone: b.phone || null,
    listenLineNumber: b.listen_line_number,
    homePageURL: b.home_page_url,
    bibleVersion: b.bible_version,
    facebookUsername: b.facebook_username,
    twitterUsername: b.twitter_username,
    aboutUs: b.about_us || null,
    canWebcast: b.can_webcast,
    webcastInProgress: b.webcast_in_progress,
    vacantPulpit: b.vacant_pulpit,
    welcomeVideoID: b.welcome_video_id,
    languageCode: b.language_code,
    churchSize: b.church_size,
    joined: epoch(b.joined) ?? 0,
    numberOfSermons: b.sermon_count,
    soloSiteDisabled: b.solo_site_disabled,
    donatable: b.donatable,
    legacyGroup: b.group_name,
    socialLinks: b.social_links,
    rssFeedURL: urls.origin + feedPath('broadcaster', b.broadcaster_id, 'rss'),
    rssFeedAtomURL: urls.origin + feedPath('broadcaster', b.broadcaster_id, 'atom'),
  };
}

export function liteSpeakerDto(s: SpeakerRow, urls: Urls): LiteSpeaker {
  const portrait = picture(urls, 'speaker_portrait', s.portrait_url, 'speaker.svg').url;
  return {
    type: 'speaker',
    speakerID: s.speaker_id,
    displayName: s.display_name,
    sortName: s.sort_name,
    portraitURL: portrait,
    roundedThumbnailImageURL: portrait,
  };
}

export function speakerDto(s: SpeakerRow, urls: Urls): Speaker {
  const portrait = picture(urls, 'speaker_portrait', s.portrait_url, 'speaker.svg');
  return {
    ...liteSpeakerDto(s, urls),
    bio: s.bio || null,
    roundedThumbnailImageURLResizable: portrait.resizable ?? portrait.url,
    albumArtURL: portrait.resizable ?? s.album_art_url ?? placeholderAlbumArt(urls),
    mostRecentPreachDate: s.most_recent_preach_date,
    sermonCount: s.sermon_count,
    broadcasterLock: s.broadcaster_lock,
    highlighted: s.highlighted,
    // Placeholder speakers ('Various Speakers') have no feed of their own.
    rssFeedURL: s.placeholder ? null : urls.origin + feedPath('speaker', s.speaker_id, 'rss'),
    rssFeedAtomURL: s.placeholder ? null : urls.origin + feedPath('speaker', s.speaker_id, 'atom'),
  };
}

export function liteSeriesDto(s: SeriesRow): LiteSeries {
  return {
    type: s.lite ? 'lite_sermon_series' : 'sermon_series',
    seriesID: s.series_id,
    title: s.title,
    broadcasterID: s.broadcaster_id,
  };
}

export function seriesDto(s: SeriesRow, urls: Urls): Series {
  const artwork = s.image_url ? picture(urls, 'series_artwork', s.image_url, 'series.svg') : null;
  return {
    ...liteSeriesDto(s),
    description: s.description || null,
    count: s.sermon_count,
    earliest: s.earliest,
    latest: s.latest,
    updated: epoch(s.updated_at) ?? 0,
    image: artwork?.url ?? null,
    imageResizable: artwork ? (artwork.resizable ?? artwork.url) : null,
    podcastEnabled: s.podcast_enabled,
    podcastSpeaker: s.podcast_speaker_name,
    defaultSortBy: s.default_sort_by || 'newest',
    rssURL: s.podcast_enabled ? urls.origin + feedPath('series', s.series_id, 'rss') : null,
    rssAtomURL: s.podcast_enabled ? urls.origin + feedPath('series', s.series_id, 'atom') : null,
    feedLinks: s.feed_links,
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
export function downloadFileName(
  sermon: { preachDate: string; title: string },
  m: Pick<MediaItemRow, 'media_type' | 'quality' | 'language_code'>,
  key: string,
): string {
  const ext = path.posix.extname(key);
  const quality =
    m.media_type === 'mp4' && m.quality === 'high' ? ' (720p)' : (DOWNLOAD_QUALITY[m.quality ?? ''] ?? '');
  const language = m.media_type === 'caption' && m.language_code ? ` (${m.language_code})` : '';
  return safeFileName(`${sermon.preachDate} ${sermon.title}`.slice(0, 120) + quality + language + ext);
}

/**
 * Where a media item is downloaded: a stored file under its download name, an external file as
 * it is, and nowhere for an adaptive stream's playlist (HLS), which is played, not downloaded:
 * saved, it is a text file that points at hundreds of segments.
 */
function downloadUrl(
  m: MediaItemRow,
  urls: Urls,
  key: string | null,
  stream: string | null,
  sermon: { preachDate: string; title: string } | undefined,
): string | null {
  if (m.adaptive) return null;
  if (!key) return stream;
  return `${mediaUrl(urls, key)}?download=${sermon ? encodeURIComponent(downloadFileName(sermon, m, key)) : '1'}`;
}

export function mediaDto(m: MediaItemRow, urls: Urls, sermon?: { preachDate: string; title: string }): Media {
  const key = m.storage_key;
  const stream = key ? mediaUrl(urls, key) : m.external_url;
  const thumb = m.thumbnail_storage_key;
  const bitrate = m.bitrate;
  return {
    mediaType: m.media_type,
    live: m.live,
    adaptiveBitrate: m.adaptive,
    language: m.language_code,
    sermonID: m.sermon_id,
    streamURL: stream,
    eventStreamURL: null,
    downloadURL: downloadUrl(m, urls, key, stream, sermon),
    rawURL: stream,
    bitrate: bitrate === null ? null : Math.round(bitrate / 1000),
    fileSizeBytes: m.file_size_bytes,
    duration: m.duration_seconds === null ? null : Math.round(m.duration_seconds),
    audioCodec: m.audio_codec,
    videoCodec: m.video_codec,
    thumbnailImageURL: thumb ? mediaUrl(urls, thumb) : null,
    autoGenerated: m.auto_generated,
    quality: m.quality,
  };
}

const AUDIO = new Set(['mp3', 'aac', 'orig-audio']);
const VIDEO = new Set(['mp4', 'orig-video']);
const TEXT = new Set(['pdf', 'doc', 'transcript']);

const QUALITY_ORDER = ['1080p', 'high', '720p', '360p', 'low'];
/** Unlabelled items (an adaptive HLS stream) sit between the 720p and 360p renditions. */
const qualityRank = (q: string | null) => {
  const rank = q === null ? -1 : QUALITY_ORDER.indexOf(q);
  return rank < 0 ? 2.5 : rank;
};

/**
 * Groups media items into the media set; highest quality first and lowest last within each
 * list (spec §3: "high audio" is the first, "low audio" the last).
 */
export function mediaSetDto(
  items: readonly MediaItemRow[],
  urls: Urls,
  sermon?: { preachDate: string; title: string },
): MediaSet {
  const set: MediaSet = { audio: [], video: [], text: [], captions: [] };
  const sorted = [...items].sort((a, b) => qualityRank(a.quality) - qualityRank(b.quality));
  for (const m of sorted) {
    const type = m.media_type;
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
function captionLanguages(items: readonly MediaItemRow[]): Sermon['captionLanguages'] {
  const alpha2 = [
    ...new Set(items.flatMap((m) => (m.media_type === 'caption' && m.language_code ? [m.language_code] : []))),
  ].sort();
  return { alpha_2: alpha2, alpha_3: alpha2.map((code) => ISO_639_3.get(code) ?? code) };
}

/** A sermon row carries its broadcaster, speaker and series rows as b, sp, se. */
export function liteSermonDto(s: SermonWithEntities, urls: Urls): LiteSermon {
  const thumb = s.video_thumbnail_storage_key;
  return {
    type: s.lite ? 'lite_sermon' : 'sermon',
    sermonID: s.sermon_id,
    fullTitle: s.full_title,
    displayTitle: s.display_title,
    subtitle: s.subtitle,
    bibleText: s.bible_text,
    eventType: s.event_type,
    displayEventType: s.event_type,
    languageCode: s.language_code,
    preachDate: s.preach_date,
    publishTimestamp: epoch(s.publish_timestamp),
    audioDurationSeconds: s.audio_duration_seconds,
    videoDurationSeconds: s.video_duration_seconds,
    hasAudio: s.has_audio,
    hasVideo: s.has_video,
    hasPDF: s.has_pdf,
    staffPick: s.pick_date !== null,
    pickDate: s.pick_date,
    downloadCount: s.download_count,
    videoDownloadCount: s.video_download_count,
    playCount: s.play_count,
    videoThumbnail: thumb ? mediaUrl(urls, thumb) : null,
    videoThumbnailResizable: resizableThumbnailUrl(urls, thumb),
    waveformPeaksURL: s.waveform_storage_key ? `${urls.origin}/api/v2/node/sermons/${s.sermon_id}/waveform` : null,
    hasTranscript: s.has_transcript,
    broadcaster: liteBroadcasterDto(s.b, urls),
    speaker: liteSpeakerDto(s.sp, urls),
    series: s.se ? liteSeriesDto(s.se) : null,
  };
}

export function sermonDto(s: SermonWithEntities, media: readonly MediaItemRow[], urls: Urls): Sermon {
  const lite = liteSermonDto(s, urls);
  const keywords = s.keywords.split(/\s+/).filter(Boolean);
  return {
    ...lite,
    broadcaster: broadcasterDto(s.b, urls),
    speaker: speakerDto(s.sp, urls),
    series: s.se ? seriesDto(s.se, urls) : null,
    moreInfoText: s.more_info_text,
    keywords,
    updateDate: epoch(s.updated_at) ?? 0,
    lastFeatureDate: s.last_feature_date,
    lastPlayTime: epoch(s.last_play_time),
    externalLink: null,
    documentDownloadCount: 0,
    audioPlayCount: s.audio_play_count,
    videoPlayCount: s.video_play_count,
    commentCount: s.comment_count,
    // Kept as text (webcast ids of other systems); the API's is a number.
    archivedWebcastID: s.archived_webcast_id === null ? null : Math.trunc(Number(s.archived_webcast_id)),
    audioMediaStatus: s.audio_media_status,
    videoMediaStatus: s.video_media_status,
    showCC: s.show_cc,
    acceptCopyright: s.accept_copyright,
    captionLanguages: captionLanguages(media),
    media: mediaSetDto(media, urls, { preachDate: lite.preachDate, title: lite.displayTitle }),
  };
}
