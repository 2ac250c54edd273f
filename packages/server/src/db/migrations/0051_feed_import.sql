-- Feed import (feed-import/): a broadcaster's existing podcast feed read into a preview, corrected,
-- then imported as sermons whose media jobs fetch and encode each item's enclosure.

CREATE TABLE feed_import (
  import_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  -- The address read; null when the XML itself was sent.
  source_url text,
  -- 'done' is not stored: an import is done once none of its items' media is still on its way.
  state text NOT NULL DEFAULT 'preview' CHECK (state IN ('preview', 'importing')),
  -- {title, description, author, imageURL, languageCode, link, newFeedURL} as read.
  channel jsonb NOT NULL,
  publish text NOT NULL DEFAULT 'draft' CHECK (publish IN ('published', 'draft')),
  -- Speaker merges of the preview: {"name as read": "name imported as"}.
  speaker_merges jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feed_import_broadcaster_idx ON feed_import (broadcaster_id, import_id DESC);

CREATE TABLE feed_import_item (
  import_id bigint NOT NULL REFERENCES feed_import ON DELETE CASCADE,
  position int NOT NULL,
  -- The item's guid (else its enclosure address): the imported sermon's feed_guid.
  guid text NOT NULL,
  title text NOT NULL,
  preach_date date NOT NULL,
  description text NOT NULL,
  subtitle text,
  speaker_name text NOT NULL,
  series_title text,
  bible_text text,
  enclosure_url text,
  enclosure_type text,
  enclosure_length bigint,
  duration_seconds int,
  chapters_url text,
  include boolean NOT NULL DEFAULT true,
  sermon_id text REFERENCES sermon ON DELETE SET NULL,
  media_state text CHECK (media_state IN ('waiting', 'fetching', 'encoding', 'done', 'failed')),
  -- The original the media job made (media_upload.guid), once fetched.
  upload_guid uuid REFERENCES media_upload ON DELETE SET NULL,
  -- Why the media failed: a message key with its parameters.
  media_error jsonb,
  PRIMARY KEY (import_id, position),
  UNIQUE (import_id, guid)
);
-- A second import skips an item whose enclosure an earlier import of the broadcaster made a sermon of.
CREATE INDEX feed_import_item_enclosure_idx ON feed_import_item (enclosure_url) WHERE sermon_id IS NOT NULL;
CREATE INDEX feed_import_item_sermon_idx ON feed_import_item (sermon_id) WHERE sermon_id IS NOT NULL;
