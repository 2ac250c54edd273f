-- Podcast feeds out (feeds/): what a broadcaster sets for its feeds beyond the catalogue, and
-- what an item keeps from the feed it was imported from so subscribers get no duplicates.

-- Where a podcast series is also listed (§3 feedLinks): {apple, spotify, tuneIn, other}, each an
-- http(s) address or absent.
ALTER TABLE series ADD COLUMN feed_links jsonb NOT NULL DEFAULT '{}';

-- podcast:podroll, the feeds a broadcaster recommends: [{url, title}].
ALTER TABLE broadcaster ADD COLUMN podroll jsonb NOT NULL DEFAULT '[]';
-- podcast:txt, verification tokens a directory asked for: [{purpose, value}].
ALTER TABLE broadcaster ADD COLUMN podcast_txt jsonb NOT NULL DEFAULT '[]';
-- podcast:locked: whether other hosts may import the broadcaster's feeds (yes by default: a
-- church's feed is not moved elsewhere without its contact address agreeing).
ALTER TABLE broadcaster ADD COLUMN podcast_locked boolean NOT NULL DEFAULT true;

-- An imported item's guid, kept so that its episode stays the same one in every podcast app;
-- null for a sermon made here, whose guid is its sermon ID. podcast:chapters from the import.
ALTER TABLE sermon ADD COLUMN feed_guid text;
ALTER TABLE sermon ADD COLUMN chapters_url text;
CREATE UNIQUE INDEX sermon_feed_guid_idx ON sermon (broadcaster_id, feed_guid) WHERE feed_guid IS NOT NULL;
