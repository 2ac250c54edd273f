-- Sermons, speakers and series written by broadcasters' managers (sermon-editing/): ids for new
-- rows, the speakers a broadcaster may use, sermons taken down or deleted, and the indexes of the
-- dashboard's list of one broadcaster's sermons in every state.

-- New ids, above every id the imported catalogue holds (the largest is under 10^8 for speakers
-- and series, and sermon ids are at most 13 digits starting with 1-2 today).
CREATE SEQUENCE speaker_id_seq START WITH 5000000000;
CREATE SEQUENCE series_id_seq START WITH 5000000000;
CREATE SEQUENCE sermon_id_seq START WITH 9000000000000;

-- Speakers a broadcaster took up by name (createSpeaker of a speaker it did not create). It may
-- also use the speakers locked to it, its primary speakers and those of its sermons.
CREATE TABLE broadcaster_speaker (
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  speaker_id bigint NOT NULL REFERENCES speaker ON DELETE CASCADE,
  PRIMARY KEY (broadcaster_id, speaker_id)
);
CREATE INDEX broadcaster_speaker_speaker_idx ON broadcaster_speaker (speaker_id);

-- Taken down (spec §4 'unpublished'): no publish time, and not a draft.
ALTER TABLE sermon ADD COLUMN unpublished boolean NOT NULL DEFAULT false;
-- Deleted: out of every public list at once (its publish time is cleared, as for a draft, and
-- kept here for a restore), its media no longer served, purged DELETED_SERMON_KEPT_DAYS later.
ALTER TABLE sermon ADD COLUMN deleted_at timestamptz;
ALTER TABLE sermon ADD COLUMN publish_timestamp_before_delete timestamptz;
CREATE INDEX sermon_deleted_idx ON sermon (deleted_at) WHERE deleted_at IS NOT NULL;

-- The dashboard's list (dashboardSermonList): one broadcaster's sermons that are not deleted, in
-- each of its orders, so that a page at any depth is one index range from its keyset cursor.
CREATE INDEX sermon_dashboard_newest_idx ON sermon (broadcaster_id, preach_date DESC, sermon_id DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX sermon_dashboard_updated_idx ON sermon (broadcaster_id, updated_at DESC, sermon_id DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX sermon_dashboard_published_idx
  ON sermon (broadcaster_id, (coalesce(publish_timestamp, 'infinity'::timestamptz)) DESC, sermon_id DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX sermon_dashboard_title_idx ON sermon (broadcaster_id, (lower(immutable_unaccent(full_title))), sermon_id)
  WHERE deleted_at IS NULL;
