-- Broadcaster free-text search (spec §3) matches the primary speakers' names too. They were looked
-- up through the speaker name index at every search: a common name ('john': 908 speakers, 389
-- broadcasters) cost 3-6 ms, twice on a search page (the first five and their count). Now the
-- names are kept on the broadcaster (lower-cased and unaccented, as speaker.search_name) by
-- triggers on the primary speakers and on speaker renames, and are part of search_text, so one
-- trigram LIKE answers: 'john' 6.1 to 1.6 ms at 2.1M sermons, rare words about half.
ALTER TABLE broadcaster ADD COLUMN primary_speaker_names text NOT NULL DEFAULT '';

CREATE FUNCTION broadcaster_primary_speaker_names(id text) RETURNS text LANGUAGE sql STABLE
  AS $$ SELECT coalesce(string_agg(sp.search_name, E'\n' ORDER BY sp.search_name), '')
          FROM broadcaster_primary_speaker ps JOIN speaker sp USING (speaker_id)
         WHERE ps.broadcaster_id = id $$;

CREATE FUNCTION broadcaster_primary_speakers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE broadcaster SET primary_speaker_names = broadcaster_primary_speaker_names(broadcaster_id)
     WHERE broadcaster_id = OLD.broadcaster_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE broadcaster SET primary_speaker_names = broadcaster_primary_speaker_names(broadcaster_id)
     WHERE broadcaster_id = NEW.broadcaster_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER broadcaster_primary_speaker_names_refresh
  AFTER INSERT OR UPDATE OR DELETE ON broadcaster_primary_speaker
  FOR EACH ROW EXECUTE FUNCTION broadcaster_primary_speakers_changed();

CREATE FUNCTION speaker_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE broadcaster b SET primary_speaker_names = broadcaster_primary_speaker_names(b.broadcaster_id)
   WHERE b.broadcaster_id IN (SELECT broadcaster_id FROM broadcaster_primary_speaker WHERE speaker_id = NEW.speaker_id);
  RETURN NULL;
END $$;
CREATE TRIGGER speaker_renamed_refresh_broadcasters
  AFTER UPDATE OF display_name ON speaker
  FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name) EXECUTE FUNCTION speaker_renamed();

UPDATE broadcaster SET primary_speaker_names = broadcaster_primary_speaker_names(broadcaster_id);

-- A generated column's expression cannot be altered before PostgreSQL 17: dropped and added again
-- (its index with it), with the names after the broadcaster's own fields.
ALTER TABLE broadcaster DROP COLUMN search_text;
DROP FUNCTION broadcaster_search_text(text, text, text, text, text);
CREATE FUNCTION broadcaster_search_text(id text, name text, denomination text, location text, minister text,
                                        primary_speaker_names text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT immutable_unaccent(lower(id || E'\n' || name || E'\n' || coalesce(denomination, '') || E'\n'
                                        || coalesce(location, '') || E'\n' || coalesce(minister, '')))
               || E'\n' || primary_speaker_names $$;
ALTER TABLE broadcaster ADD COLUMN search_text text
  GENERATED ALWAYS AS (broadcaster_search_text(broadcaster_id, display_name, denomination, location, minister,
                                               primary_speaker_names)) STORED;
CREATE INDEX broadcaster_search_trgm_idx ON broadcaster USING gin (search_text gin_trgm_ops);
ANALYZE broadcaster;
