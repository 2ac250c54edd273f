-- The listener's library (packages/server/src/library/): what a user follows (one table per
-- kind, so each row goes with its broadcaster, speaker, series or sermon), their bookmarks,
-- their play history, and how far the daily digest of new sermons has got. Every row goes with
-- its user too (ON DELETE CASCADE).
--
-- Each table is keyed (user_id, item): the follow-state calls read the key alone (index-only),
-- and a second index orders a user's rows newest first for the keyset-paged lists. The index
-- on the item serves the cascade when a broadcaster, speaker, series or sermon is deleted.
CREATE TABLE follow_broadcaster (
  user_id bigint NOT NULL REFERENCES app_user ON DELETE CASCADE,
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  followed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, broadcaster_id)
);
CREATE INDEX follow_broadcaster_newest_idx ON follow_broadcaster (user_id, followed_at DESC, broadcaster_id DESC);
CREATE INDEX follow_broadcaster_item_idx ON follow_broadcaster (broadcaster_id);

CREATE TABLE follow_speaker (
  user_id bigint NOT NULL REFERENCES app_user ON DELETE CASCADE,
  speaker_id bigint NOT NULL REFERENCES speaker ON DELETE CASCADE,
  followed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, speaker_id)
);
CREATE INDEX follow_speaker_newest_idx ON follow_speaker (user_id, followed_at DESC, speaker_id DESC);
CREATE INDEX follow_speaker_item_idx ON follow_speaker (speaker_id);

CREATE TABLE follow_series (
  user_id bigint NOT NULL REFERENCES app_user ON DELETE CASCADE,
  series_id bigint NOT NULL REFERENCES series ON DELETE CASCADE,
  followed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, series_id)
);
CREATE INDEX follow_series_newest_idx ON follow_series (user_id, followed_at DESC, series_id DESC);
CREATE INDEX follow_series_item_idx ON follow_series (series_id);

CREATE TABLE follow_sermon (
  user_id bigint NOT NULL REFERENCES app_user ON DELETE CASCADE,
  sermon_id text NOT NULL REFERENCES sermon ON DELETE CASCADE,
  followed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, sermon_id)
);
CREATE INDEX follow_sermon_newest_idx ON follow_sermon (user_id, followed_at DESC, sermon_id DESC);
CREATE INDEX follow_sermon_item_idx ON follow_sermon (sermon_id);

-- The user's own list of sermons, apart from follows.
CREATE TABLE bookmark_sermon (
  user_id bigint NOT NULL REFERENCES app_user ON DELETE CASCADE,
  sermon_id text NOT NULL REFERENCES sermon ON DELETE CASCADE,
  bookmarked_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, sermon_id)
);
CREATE INDEX bookmark_sermon_newest_idx ON bookmark_sermon (user_id, bookmarked_at DESC, sermon_id DESC);
CREATE INDEX bookmark_sermon_item_idx ON bookmark_sermon (sermon_id);

-- One row per sermon the user played: where they stopped (seconds) and when, by the playing
-- device's clock when it said (the last write by that clock wins), else the server's.
CREATE TABLE play_history (
  user_id bigint NOT NULL REFERENCES app_user ON DELETE CASCADE,
  sermon_id text NOT NULL REFERENCES sermon ON DELETE CASCADE,
  play_position real NOT NULL CHECK (play_position >= 0),
  played_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, sermon_id)
);
CREATE INDEX play_history_newest_idx ON play_history (user_id, played_at DESC, sermon_id DESC);
CREATE INDEX play_history_item_idx ON play_history (sermon_id);

-- The daily digest: the last day it ran for the user (once a day at most) and the publish time
-- it has covered up to (the next one starts after it).
CREATE TABLE user_digest (
  user_id bigint PRIMARY KEY REFERENCES app_user ON DELETE CASCADE,
  last_day date NOT NULL,
  sent_through timestamptz NOT NULL
);
-- Users the digest job walks: those who asked for it.
CREATE INDEX app_user_notify_email_idx ON app_user (user_id) WHERE notify_email AND NOT disabled;

-- The feed and the digest: each followed broadcaster's, speaker's and series' newest published
-- sermons, read as one short index range each and merged (library.queries.ts feedPage).
CREATE INDEX sermon_broadcaster_published_idx ON sermon (broadcaster_id, publish_timestamp DESC, sermon_id DESC)
  WHERE publish_timestamp IS NOT NULL;
CREATE INDEX sermon_speaker_published_idx ON sermon (speaker_id, publish_timestamp DESC, sermon_id DESC)
  WHERE publish_timestamp IS NOT NULL;
CREATE INDEX sermon_series_published_idx ON sermon (series_id, publish_timestamp DESC, sermon_id DESC)
  WHERE publish_timestamp IS NOT NULL AND series_id IS NOT NULL;
