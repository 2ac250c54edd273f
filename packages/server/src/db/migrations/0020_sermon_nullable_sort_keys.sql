-- Sermon lists sorted by staff-pick date, last play, Bible passage or series page by keyset, each
-- on an index in its order. Before, these sorts had no index and paged by OFFSET: at 2.1M
-- sermons the first page by passage took 600 ms, by last play 385 ms, by series 930 ms (every
-- sermon joined to its series and sorted), and a deep page seconds.
--
-- Their columns may be NULL (no pick, never played, no reference, no series), and those sermons
-- come last. The keys stand a NULL in for a value past every real one, and the passage key is
-- negated, so that each key, then the newest-first tie-break, runs in one direction: the keyset
-- condition is then a row comparison an index range can start from.
CREATE INDEX sermon_pick_key_idx ON sermon ((coalesce(pick_date, '-infinity'::date)) DESC, preach_date DESC, sermon_id DESC);
CREATE INDEX sermon_last_play_key_idx ON sermon ((coalesce(last_play_time, '-infinity'::timestamptz)) DESC, preach_date DESC, sermon_id DESC);
CREATE INDEX sermon_bible_key_idx ON sermon ((-coalesce(bible_sort, 2147483647)::int8) DESC, preach_date DESC, sermon_id DESC);
-- The staff-pick index only served the staff-picks list, which the new one serves as well.
DROP INDEX sermon_pick_idx;

-- Series sort: the series' title key (series.search_title) kept on each of its sermons, so the
-- order needs no join. Kept by triggers when a sermon changes series and when a series is
-- renamed (a series being deleted sets its sermons' series_id to NULL, which clears the key).
ALTER TABLE sermon ADD COLUMN series_sort_key text;

CREATE FUNCTION sermon_series_sort_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.series_sort_key := (SELECT search_title FROM series WHERE series_id = NEW.series_id);
  RETURN NEW;
END $$;
CREATE TRIGGER sermon_series_sort_key BEFORE INSERT OR UPDATE OF series_id ON sermon
  FOR EACH ROW EXECUTE FUNCTION sermon_series_sort_key();

CREATE FUNCTION series_sermons_sort_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sermon SET series_sort_key = NEW.search_title
   WHERE series_id = NEW.series_id AND series_sort_key IS DISTINCT FROM NEW.search_title;
  RETURN NULL;
END $$;
CREATE TRIGGER series_sermons_sort_key AFTER UPDATE OF title ON series
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION series_sermons_sort_key();

UPDATE sermon s SET series_sort_key = se.search_title FROM series se WHERE se.series_id = s.series_id;

-- Sermons without a series last: (key IS NULL) is false before true.
CREATE INDEX sermon_series_key_idx ON sermon ((series_sort_key IS NULL), (coalesce(series_sort_key, '')), preach_date DESC, sermon_id DESC);
