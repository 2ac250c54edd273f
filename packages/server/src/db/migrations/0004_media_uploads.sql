-- Uploads of original media and the media tracker (spec §3 media upload, §4 pipeline states).

-- Until accounts land, a broadcaster's API key authorises its uploads. Only a hash is stored;
-- the key itself is shown once when it is made.
CREATE TABLE broadcaster_api_key (
  key_hash text PRIMARY KEY,
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  label text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX broadcaster_api_key_broadcaster_idx ON broadcaster_api_key (broadcaster_id);

CREATE TABLE media_upload (
  guid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sermon_id text NOT NULL REFERENCES sermon ON DELETE CASCADE,
  upload_type text NOT NULL CHECK (upload_type IN ('original-audio', 'original-video', 'caption', 'pdf')),
  language_code text,
  filename text,
  two_step boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'created'
    CHECK (state IN ('created', 'received', 'continued', 'failed')),
  size_bytes bigint,
  storage_key text,                        -- the original, kept in the media store
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_upload_sermon_idx ON media_upload (sermon_id, created_at DESC);

-- What happened to a sermon's media, in order: the media tracker reads this.
CREATE TABLE media_event (
  event_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sermon_id text NOT NULL REFERENCES sermon ON DELETE CASCADE,
  upload_guid uuid REFERENCES media_upload ON DELETE SET NULL,
  stage text NOT NULL,                     -- a pipeline state of §4, e.g. 'upload-received'
  failed boolean NOT NULL DEFAULT false,
  detail text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_event_sermon_idx ON media_event (sermon_id, event_id);
