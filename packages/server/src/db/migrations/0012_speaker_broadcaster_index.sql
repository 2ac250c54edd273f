-- The speaker page's broadcasters (node/speakers/{id}/broadcasters): a speaker's published sermons
-- counted per broadcaster, read from this index alone instead of every sermon row (the most read
-- speaker at 2.1M sermons, 22,097 sermons at 1,380 broadcasters: 67-158 ms to 3 ms).
CREATE INDEX sermon_speaker_broadcaster_idx ON sermon (speaker_id, broadcaster_id) INCLUDE (publish_timestamp);
