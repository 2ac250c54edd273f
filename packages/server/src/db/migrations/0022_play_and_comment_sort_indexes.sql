-- Sermon lists sorted by audio plays, video plays or comments, each on an index in its order
-- (as downloads and plays since 0002). Without one the first page sorted the whole catalogue:
-- 1.1-1.6 s at 2.1M sermons.
CREATE INDEX sermon_audio_plays_idx ON sermon (audio_play_count DESC, preach_date DESC, sermon_id DESC);
CREATE INDEX sermon_video_plays_idx ON sermon (video_play_count DESC, preach_date DESC, sermon_id DESC);
CREATE INDEX sermon_comments_idx ON sermon (comment_count DESC, preach_date DESC, sermon_id DESC);
