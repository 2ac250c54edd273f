-- Pictures of the catalogue (packages/server/src/images/): a broadcaster's profile picture and
-- banner, speaker portraits, series artwork, article banners. One row per owner and kind,
-- keyed by the owner's id as text and with no foreign key, so any kind of owner (articles
-- too) keeps its picture here; the owner's delete removes its row through the images service.
CREATE TABLE image (
  kind text NOT NULL CHECK (kind IN ('broadcaster_profile', 'broadcaster_banner', 'speaker_portrait', 'series_artwork', 'article_banner')),
  owner_id text NOT NULL,
  -- The store folder of its files, `images/<kind>/<owner>-<digest>`: a new picture gets a new
  -- folder, so its URLs can be cached for good.
  folder text NOT NULL,
  -- The source's file name in the folder: `source.jpg` (uploads) or `source.svg` (demo data).
  source text NOT NULL CHECK (source IN ('source.jpg', 'source.svg')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, owner_id)
);

-- A slot the uploader PUTs a picture's bytes to: its unguessable guid, given only to who may
-- change the owner's picture, authorises the bytes. One use; it expires.
CREATE TABLE image_upload (
  guid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  owner_id text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX image_upload_expires_idx ON image_upload (expires_at);
