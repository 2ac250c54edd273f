import { z } from 'zod';

/**
 * The catalogue's database rows as the queries return them, on PGlite and on PostgreSQL alike
 * (db/db.ts: int8 and numeric as numbers, dates as 'YYYY-MM-DD' strings, timestamps as Dates,
 * jsonb as parsed JSON). Each schema names the columns the API reads; queries declare these
 * types, and the db tests parse what each query returns on both databases with them
 * (rows.db.test.ts), so a column whose type changes, or a driver that returns another type,
 * fails there instead of in a reader's answer. Requests do not parse: a typed row costs nothing,
 * a parse of a 25-sermon page several times more than mapping it (the measurement is in
 * rows.db.test.ts's header).
 */

const text = z.string();
const maybeText = z.string().nullable();
const int = z.number().int();
const timestamp = z.date();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const broadcasterRow = z.object({
  broadcaster_id: text,
  display_name: text,
  short_name: text,
  sort_name: text,
  location: text,
  country: text,
  country_iso_code: text,
  state: maybeText,
  church_size: int.nullable(),
  minister: text,
  facebook_username: maybeText,
  twitter_username: maybeText,
  home_page_url: maybeText,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  image_url: maybeText,
  album_art_url: maybeText,
  banner_image_url: maybeText,
  joined: timestamp,
  bible_version: maybeText,
  about_us: text,
  address: text,
  address_mail: text,
  service_times: text,
  service_times_list: z.array(z.string()),
  denomination: text,
  can_webcast: z.boolean(),
  webcast_in_progress: z.boolean(),
  phone: text,
  listen_line_number: maybeText,
  vacant_pulpit: z.boolean(),
  welcome_video_id: maybeText,
  id_code: maybeText,
  categories: int,
  language_code: text,
  solo_site_disabled: z.boolean(),
  lite: z.boolean(),
  disabled: z.boolean(),
  donatable: z.boolean(),
  group_name: maybeText,
  social_links: z.record(z.string(), z.string()),
  sermon_count: int,
});
export type BroadcasterRow = z.infer<typeof broadcasterRow>;

export const speakerRow = z.object({
  speaker_id: int,
  display_name: text,
  sort_name: text,
  bio: text,
  portrait_url: maybeText,
  album_art_url: maybeText,
  placeholder: z.boolean(),
  highlighted: z.boolean(),
  broadcaster_lock: maybeText,
  sermon_count: int,
  most_recent_preach_date: day.nullable(),
});
export type SpeakerRow = z.infer<typeof speakerRow>;

export const seriesRow = z.object({
  series_id: int,
  broadcaster_id: text,
  title: text,
  description: text,
  image_url: maybeText,
  podcast_enabled: z.boolean(),
  /** §3 feedLinks, as stored (validated on the way in). */
  feed_links: z.record(z.string(), z.string()),
  lite: z.boolean(),
  default_sort_by: text,
  sermon_count: int,
  earliest: day.nullable(),
  latest: day.nullable(),
  updated_at: timestamp,
  /** The podcast speaker's display name, joined by the series queries. */
  podcast_speaker_name: maybeText,
});
export type SeriesRow = z.infer<typeof seriesRow>;

/** The sermon columns lists and details read (sermons.queries.ts SERMON_COLUMNS). */
export const sermonRow = z.object({
  sermon_id: text,
  broadcaster_id: text,
  speaker_id: int,
  series_id: int.nullable(),
  full_title: text,
  display_title: text,
  subtitle: maybeText,
  bible_text: maybeText,
  more_info_text: maybeText,
  event_type: text,
  language_code: text,
  preach_date: day,
  publish_timestamp: timestamp.nullable(),
  keywords: text,
  audio_duration_seconds: int,
  video_duration_seconds: int,
  has_audio: z.boolean(),
  has_video: z.boolean(),
  has_pdf: z.boolean(),
  audio_media_status: maybeText,
  video_media_status: maybeText,
  download_count: int,
  video_download_count: int,
  play_count: int,
  audio_play_count: int,
  video_play_count: int,
  comment_count: int,
  pick_date: day.nullable(),
  last_feature_date: day.nullable(),
  last_play_time: timestamp.nullable(),
  video_trim_start: z.number().nullable(),
  video_thumb_position: z.number().nullable(),
  waveform_storage_key: maybeText,
  video_thumbnail_storage_key: maybeText,
  show_cc: z.boolean(),
  accept_copyright: z.boolean(),
  archived_webcast_id: maybeText,
  lite: z.boolean(),
  has_transcript: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type SermonRow = z.infer<typeof sermonRow>;

/** A sermon with the rows of its broadcaster, speaker and series (entity-cache.ts). */
export type SermonWithEntities = SermonRow & {
  b: BroadcasterRow;
  sp: SpeakerRow;
  se: SeriesRow | null;
};

export const mediaItemRow = z.object({
  media_id: int,
  sermon_id: text,
  media_type: text,
  quality: maybeText,
  language_code: maybeText,
  storage_key: maybeText,
  external_url: maybeText,
  live: z.boolean(),
  adaptive: z.boolean(),
  file_size_bytes: int.nullable(),
  bitrate: int.nullable(),
  duration_seconds: z.number().nullable(),
  audio_codec: maybeText,
  video_codec: maybeText,
  thumbnail_storage_key: maybeText,
  auto_generated: z.boolean(),
});
export type MediaItemRow = z.infer<typeof mediaItemRow>;
