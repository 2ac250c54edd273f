-- Sermon search matches the series' title, or the broadcaster's names when the sermon has no
-- series (spec §5); the broadcaster's names had been in every sermon's search vector. The
-- trigger (0001, on insert and on a change of speaker, series or broadcaster) keeps the rule;
-- bench/lib/generate.ts computes the same expression for its bulk load.
CREATE OR REPLACE FUNCTION sermon_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  names text;
  cfg regconfig := language_ts_config(NEW.language_code);
BEGIN
  SELECT concat_ws(' ', sp.display_name, coalesce(se.title, concat_ws(' ', b.display_name, b.short_name))) INTO names
    FROM broadcaster b
    LEFT JOIN speaker sp ON sp.speaker_id = NEW.speaker_id
    LEFT JOIN series se ON se.series_id = NEW.series_id
   WHERE b.broadcaster_id = NEW.broadcaster_id;
  NEW.search_vector :=
       setweight(to_tsvector(cfg, immutable_unaccent(concat_ws(' ', NEW.full_title, NEW.subtitle))), 'A')
    || setweight(to_tsvector('simple', immutable_unaccent(concat_ws(' ', NEW.full_title, NEW.subtitle))), 'A')
    || setweight(to_tsvector('simple', immutable_unaccent(coalesce(names, ''))), 'B')
    || setweight(to_tsvector('simple', coalesce(NEW.bible_text, '')), 'B')
    || setweight(to_tsvector(cfg, immutable_unaccent(concat_ws(' ', NEW.keywords, NEW.more_info_text))), 'C');
  RETURN NEW;
END $$;

-- The sermons in a series lose their broadcaster's names: recomputed in one joined statement,
-- the function's expression with the series' title for the names (firing the trigger instead
-- runs its lookups row by row). Then new statistics, since the estimates of the broadcasters'
-- words, which can stand for a search's total (sermons.queries.ts), fall.
UPDATE sermon s SET search_vector =
       setweight(to_tsvector(language_ts_config(s.language_code), immutable_unaccent(concat_ws(' ', s.full_title, s.subtitle))), 'A')
    || setweight(to_tsvector('simple', immutable_unaccent(concat_ws(' ', s.full_title, s.subtitle))), 'A')
    || setweight(to_tsvector('simple', immutable_unaccent(concat_ws(' ', sp.display_name, se.title))), 'B')
    || setweight(to_tsvector('simple', coalesce(s.bible_text, '')), 'B')
    || setweight(to_tsvector(language_ts_config(s.language_code), immutable_unaccent(concat_ws(' ', s.keywords, s.more_info_text))), 'C')
  FROM series se, speaker sp
 WHERE se.series_id = s.series_id AND sp.speaker_id = s.speaker_id;
ANALYZE sermon (search_vector);
