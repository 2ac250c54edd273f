-- Full-text search plans: with the default statistics PostgreSQL guesses a few thousand
-- matches for any word it has no statistics on, and then walks the newest-first index
-- filtering row by row (a word with no matches read all 2.1M rows: 6.7 s). A larger sample
-- of lexemes lets it pick the GIN index for rare words (1.5-3 ms at 2.1M sermons).
ALTER TABLE sermon ALTER COLUMN search_vector SET STATISTICS 1000;
ANALYZE sermon (search_vector);

-- Keyset indexes for the sorts people use on whole-catalogue lists (popular, title, recent).
CREATE INDEX sermon_downloads_idx ON sermon (download_count DESC, preach_date DESC, sermon_id DESC);
CREATE INDEX sermon_plays_idx ON sermon (play_count DESC, preach_date DESC, sermon_id DESC);
CREATE INDEX sermon_title_idx ON sermon (full_title, sermon_id);
CREATE INDEX sermon_added_idx ON sermon (created_at DESC, sermon_id DESC);
CREATE INDEX sermon_updated_idx ON sermon (updated_at DESC, sermon_id DESC);
