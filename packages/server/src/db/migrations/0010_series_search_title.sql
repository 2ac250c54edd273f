-- Series title search as broadcaster search (0009): the lower-cased, unaccented title is stored,
-- so that checking each trigram candidate is a plain LIKE instead of unaccenting the title again
-- (14 ms to 8.5 ms for a word in 4,800 of 150,000 series titles).
ALTER TABLE series ADD COLUMN search_title text GENERATED ALWAYS AS (immutable_unaccent(lower(title))) STORED;
CREATE INDEX series_search_trgm_idx ON series USING gin (search_title gin_trgm_ops);
DROP INDEX series_title_trgm_idx;
ANALYZE series;
