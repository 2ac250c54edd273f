-- Catalogue: broadcasters, speakers, series, sermons, media, and the reference tables they use.
-- Field names follow the spec (§3); the API layer maps snake_case columns to its camelCase keys.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is only STABLE; index expressions and generated columns need an IMMUTABLE wrapper.
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

-- Text-search configuration (stemming) for a sermon's language; names are indexed unstemmed.
CREATE OR REPLACE FUNCTION language_ts_config(code text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (CASE code
    WHEN 'en' THEN 'english' WHEN 'es' THEN 'spanish' WHEN 'de' THEN 'german' WHEN 'fr' THEN 'french'
    WHEN 'it' THEN 'italian' WHEN 'pt' THEN 'portuguese' WHEN 'nl' THEN 'dutch' WHEN 'ru' THEN 'russian'
    WHEN 'sv' THEN 'swedish' WHEN 'no' THEN 'norwegian' WHEN 'da' THEN 'danish' WHEN 'fi' THEN 'finnish'
    WHEN 'hu' THEN 'hungarian' WHEN 'ro' THEN 'romanian' WHEN 'tr' THEN 'turkish'
    ELSE 'simple' END)::regconfig $$;

CREATE TABLE language (
  language_code text PRIMARY KEY,
  name text NOT NULL,
  localized_name text NOT NULL,
  iso639_3 text
);

CREATE TABLE event_type (
  description text PRIMARY KEY,
  display_name text NOT NULL,
  sort_order int NOT NULL DEFAULT 0
);

CREATE TABLE bible_book (
  book_index smallint PRIMARY KEY,          -- 0-based canon order
  osis_abbrev text NOT NULL UNIQUE,
  name text NOT NULL,
  testament text NOT NULL CHECK (testament IN ('OT', 'NT')),
  verses smallint[] NOT NULL                -- verses per chapter; chapters = cardinality
);

CREATE TABLE broadcaster (
  broadcaster_id text PRIMARY KEY CHECK (broadcaster_id = lower(broadcaster_id)),
  display_name text NOT NULL,
  short_name text NOT NULL,
  sort_name text NOT NULL,
  location text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  country_iso_code text NOT NULL DEFAULT '',
  state text,                               -- US state / province code
  church_size int,
  minister text NOT NULL DEFAULT '',
  facebook_username text,
  twitter_username text,
  home_page_url text,
  latitude double precision,
  longitude double precision,
  image_url text,
  album_art_url text,
  banner_image_url text,
  joined timestamptz NOT NULL DEFAULT now(),
  bible_version text,
  about_us text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  address_mail text NOT NULL DEFAULT '',
  service_times text NOT NULL DEFAULT '',
  service_times_list jsonb NOT NULL DEFAULT '[]',
  denomination text NOT NULL DEFAULT '',
  can_webcast boolean NOT NULL DEFAULT false,
  webcast_in_progress boolean NOT NULL DEFAULT false,
  phone text NOT NULL DEFAULT '',
  listen_line_number text,
  vacant_pulpit boolean NOT NULL DEFAULT false,
  welcome_video_id text,
  id_code text,
  categories int NOT NULL DEFAULT 1,        -- bit flags: 1 church, 2 school, 4 seminary, 8 radio broadcast
  language_code text NOT NULL DEFAULT 'en',
  solo_site_disabled boolean NOT NULL DEFAULT false,
  lite boolean NOT NULL DEFAULT false,
  disabled boolean NOT NULL DEFAULT false,
  donatable boolean NOT NULL DEFAULT false,
  group_name text,                          -- legacy group
  featured boolean NOT NULL DEFAULT false,
  social_links jsonb NOT NULL DEFAULT '{}',
  sermon_count int NOT NULL DEFAULT 0,      -- published sermons, kept by the catalogue writers
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX broadcaster_sort_idx ON broadcaster (sort_name, broadcaster_id);
CREATE INDEX broadcaster_joined_idx ON broadcaster (joined DESC, broadcaster_id);
CREATE INDEX broadcaster_country_idx ON broadcaster (country_iso_code, state);
CREATE INDEX broadcaster_group_idx ON broadcaster (group_name) WHERE group_name IS NOT NULL;
CREATE INDEX broadcaster_name_trgm_idx ON broadcaster USING gin (immutable_unaccent(lower(display_name)) gin_trgm_ops);

CREATE TABLE speaker (
  speaker_id bigint PRIMARY KEY,
  display_name text NOT NULL UNIQUE,
  sort_name text NOT NULL,
  bio text NOT NULL DEFAULT '',
  portrait_url text,
  album_art_url text,
  placeholder boolean NOT NULL DEFAULT false,  -- 'Various Speakers', 'Unknown Speaker': never listed
  featured boolean NOT NULL DEFAULT false,
  choice boolean NOT NULL DEFAULT false,
  classic boolean NOT NULL DEFAULT false,
  puritan boolean NOT NULL DEFAULT false,
  reformer boolean NOT NULL DEFAULT false,
  highlighted boolean NOT NULL DEFAULT false,
  broadcaster_lock text REFERENCES broadcaster,
  sermon_count int NOT NULL DEFAULT 0,
  most_recent_preach_date date,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX speaker_sort_idx ON speaker (sort_name, speaker_id) WHERE NOT placeholder;
CREATE INDEX speaker_name_lower_idx ON speaker (lower(display_name));
CREATE INDEX speaker_name_trgm_idx ON speaker USING gin (immutable_unaccent(lower(display_name)) gin_trgm_ops);

CREATE TABLE broadcaster_primary_speaker (
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  speaker_id bigint NOT NULL REFERENCES speaker ON DELETE CASCADE,
  PRIMARY KEY (broadcaster_id, speaker_id)
);
CREATE INDEX broadcaster_primary_speaker_speaker_idx ON broadcaster_primary_speaker (speaker_id);

CREATE TABLE series (
  series_id bigint PRIMARY KEY,
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  image_url text,
  podcast_enabled boolean NOT NULL DEFAULT false,
  podcast_speaker_id bigint REFERENCES speaker,
  lite boolean NOT NULL DEFAULT false,      -- type lite_sermon_series
  default_sort_by text NOT NULL DEFAULT 'newest',
  sermon_count int NOT NULL DEFAULT 0,
  earliest date,
  latest date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX series_broadcaster_idx ON series (broadcaster_id, updated_at DESC, series_id);
CREATE INDEX series_updated_idx ON series (updated_at DESC, series_id);
CREATE INDEX series_title_lower_idx ON series (lower(title));
CREATE INDEX series_title_trgm_idx ON series USING gin (immutable_unaccent(lower(title)) gin_trgm_ops);

CREATE TABLE sermon (
  sermon_id text PRIMARY KEY,
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  speaker_id bigint NOT NULL REFERENCES speaker,
  series_id bigint REFERENCES series ON DELETE SET NULL,
  full_title text NOT NULL,
  display_title text NOT NULL,
  subtitle text,
  bible_text text,
  more_info_text text,
  event_type text NOT NULL DEFAULT 'Sunday Service',
  language_code text NOT NULL DEFAULT 'en',
  preach_date date NOT NULL,
  publish_timestamp timestamptz,            -- null: draft; in the future: scheduled
  keywords text NOT NULL DEFAULT '',        -- space separated; each becomes a hashtag
  audio_duration_seconds int NOT NULL DEFAULT 0,
  video_duration_seconds int NOT NULL DEFAULT 0,
  has_audio boolean NOT NULL DEFAULT false,
  has_video boolean NOT NULL DEFAULT false,
  has_pdf boolean NOT NULL DEFAULT false,
  audio_media_status text,
  video_media_status text,
  download_count int NOT NULL DEFAULT 0,
  video_download_count int NOT NULL DEFAULT 0,
  play_count int NOT NULL DEFAULT 0,
  audio_play_count int NOT NULL DEFAULT 0,
  video_play_count int NOT NULL DEFAULT 0,
  comment_count int NOT NULL DEFAULT 0,
  pick_date date,                           -- staff pick
  last_feature_date date,
  last_play_time timestamptz,
  last_audio_access_timestamp timestamptz,
  last_video_access_timestamp timestamptz,
  video_trim_start double precision,
  video_thumb_position double precision,
  waveform_storage_key text,                -- peaks JSON in the media store
  video_thumbnail_storage_key text,
  show_cc boolean NOT NULL DEFAULT false,
  accept_copyright boolean NOT NULL DEFAULT true,
  archived_webcast_id text,
  lite boolean NOT NULL DEFAULT false,
  bible_sort int,                           -- first reference: book*1e6 + chapter*1e3 + verse
  search_vector tsvector NOT NULL DEFAULT ''::tsvector,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Keyset list indexes: one per (filter, sort) the lists need to answer from the index alone.
CREATE INDEX sermon_newest_idx ON sermon (preach_date DESC, sermon_id DESC);
CREATE INDEX sermon_published_idx ON sermon (publish_timestamp DESC, sermon_id DESC);
CREATE INDEX sermon_broadcaster_idx ON sermon (broadcaster_id, preach_date DESC, sermon_id DESC);
CREATE INDEX sermon_speaker_idx ON sermon (speaker_id, preach_date DESC, sermon_id DESC);
CREATE INDEX sermon_series_idx ON sermon (series_id, preach_date DESC, sermon_id DESC) WHERE series_id IS NOT NULL;
CREATE INDEX sermon_language_idx ON sermon (language_code, preach_date DESC, sermon_id DESC);
CREATE INDEX sermon_event_idx ON sermon (event_type, preach_date DESC, sermon_id DESC);
CREATE INDEX sermon_pick_idx ON sermon (pick_date DESC, sermon_id DESC) WHERE pick_date IS NOT NULL;
CREATE INDEX sermon_video_idx ON sermon (preach_date DESC, sermon_id DESC) WHERE has_video;
CREATE INDEX sermon_search_idx ON sermon USING gin (search_vector);

-- One row per (sermon, book, chapter) referenced in bibleText; sort keys copied so that
-- "sermons on Romans, newest first" is an index scan.
CREATE TABLE sermon_scripture (
  sermon_id text NOT NULL REFERENCES sermon ON DELETE CASCADE,
  book_index smallint NOT NULL REFERENCES bible_book,
  chapter smallint NOT NULL,
  verse_start smallint,
  verse_end smallint,
  first_in_book boolean NOT NULL,           -- exactly one row per (sermon, book) has it
  preach_date date NOT NULL,
  PRIMARY KEY (sermon_id, book_index, chapter)
);
CREATE INDEX sermon_scripture_book_idx ON sermon_scripture (book_index, preach_date DESC, sermon_id DESC) WHERE first_in_book;
CREATE INDEX sermon_scripture_chapter_idx ON sermon_scripture (book_index, chapter, preach_date DESC, sermon_id DESC);

CREATE TABLE media_item (
  media_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sermon_id text NOT NULL REFERENCES sermon ON DELETE CASCADE,
  media_type text NOT NULL CHECK (media_type IN
    ('mp3', 'aac', 'mp4', 'pdf', 'doc', 'transcript', 'jpg', 'orig-audio', 'orig-video', 'caption')),
  quality text,                             -- 'high' | 'low' | '1080p' | '720p' | '360p' | null
  language_code text,
  storage_key text,                         -- path inside the media store
  external_url text,                        -- media hosted elsewhere
  live boolean NOT NULL DEFAULT false,
  adaptive boolean NOT NULL DEFAULT false,
  file_size_bytes bigint,
  bitrate int,
  duration_seconds double precision,
  audio_codec text,
  video_codec text,
  thumbnail_storage_key text,
  auto_generated boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_item_sermon_idx ON media_item (sermon_id);

CREATE TABLE topic (
  topic_id bigint PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT ''
);
CREATE TABLE sermon_topic (
  sermon_id text NOT NULL REFERENCES sermon ON DELETE CASCADE,
  topic_id bigint NOT NULL REFERENCES topic ON DELETE CASCADE,
  PRIMARY KEY (topic_id, sermon_id)
);

CREATE TABLE hashtag (
  hashtag text PRIMARY KEY,                 -- lower case, without '#'
  display text NOT NULL,
  sermon_count int NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hashtag_count_idx ON hashtag (sermon_count DESC, hashtag);

-- Search document: title (stemmed in the sermon's language and verbatim), names of speaker,
-- series and broadcaster, Bible text (verbatim), keywords and description (stemmed).
CREATE OR REPLACE FUNCTION sermon_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  names text;
  cfg regconfig := language_ts_config(NEW.language_code);
BEGIN
  SELECT concat_ws(' ', sp.display_name, se.title, b.display_name, b.short_name) INTO names
    FROM broadcaster b
    LEFT JOIN speaker sp ON sp.speaker_id = NEW.speaker_id
    LEFT JOIN series se ON se.series_id = NEW.series_id
   WHERE b.broadcaster_id = NEW.broadcaster_id;
  NEW.search_vector :=
       setweight(to_tsvector(cfg, immutable_unaccent(concat_ws(' ', NEW.full_title, NEW.subtitle))), 'A')
    || setweight(to_tsvector('simple', immutable_unaccent(concat_ws(' ', NEW.full_title, NEW.subtitle))), 'A')
    || setweight(to_tsvector('simple', immutable_unaccent(coalesce(names, ''))), 'B')
    || setweight(to_tsvector('simple', coalesce(NEW.bible_text, '')), 'B')
    || setweight(to_tsvector(cfg, immutable_unaccent(concat_ws(' ', NEW.keywords, NEW.more_info_text))), 'C');
  RETURN NEW;
END $$;

CREATE TRIGGER sermon_search_vector
  BEFORE INSERT OR UPDATE OF full_title, subtitle, bible_text, keywords, more_info_text, language_code,
    speaker_id, series_id, broadcaster_id
  ON sermon FOR EACH ROW EXECUTE FUNCTION sermon_search_vector_refresh();
