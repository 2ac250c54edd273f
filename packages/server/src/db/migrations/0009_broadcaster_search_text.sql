-- Broadcaster free-text search (spec §3: id, name, denomination, location, minister, primary
-- speakers) from trigram indexes instead of five LIKEs over every broadcaster: the broadcaster's
-- own fields kept as one lower-cased, unaccented text with its index (stored, so that checking
-- a candidate row does not unaccent again), and the primary speakers through the speaker name
-- index (broadcasters.queries.ts).
CREATE OR REPLACE FUNCTION broadcaster_search_text(id text, name text, denomination text, location text, minister text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT immutable_unaccent(lower(id || E'\n' || name || E'\n' || coalesce(denomination, '') || E'\n'
                                        || coalesce(location, '') || E'\n' || coalesce(minister, ''))) $$;
ALTER TABLE broadcaster ADD COLUMN search_text text
  GENERATED ALWAYS AS (broadcaster_search_text(broadcaster_id, display_name, denomination, location, minister)) STORED;
CREATE INDEX broadcaster_search_trgm_idx ON broadcaster USING gin (search_text gin_trgm_ops);
ANALYZE broadcaster;
