-- Sermon search matches the series' title, or the broadcaster's names when the sermon has no
-- series (spec §5); the broadcaster's names had been in every sermon's search vector. The
-- trigger (0001, on insert and on a change of speaker, series or broadcaster) keeps the rule;
-- bench/lib/generate.ts computes the same expression for its bulk load, and
-- search/sermon-vectors.ts fires the trigger to recompute the vectors of a set of sermons.
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

-- The sermons already in a series lose their broadcaster's names in the background, not here:
-- rewritten in this migration, they took 47 minutes at 2.1M sermons (1.34M in a series), in one
-- transaction that kept the server from starting and none of whose old row versions could be
-- reclaimed before it committed. The job (search/sermon-vectors.jobs.ts) rewrites them in short
-- batches from a checkpoint, firing this trigger, and ends with ANALYZE; until it reaches a
-- sermon, its vector is the old rule's, and it still matches its broadcaster's names.
-- Enqueued as enqueue(tx, ..., { maxAttempts: SERMON_VECTORS_MAX_ATTEMPTS }) would (no NOTIFY:
-- workers look for jobs as they start and every second), and only when there is something to
-- rewrite: a new database has no sermons yet. A database that ran this migration while it still did the
-- rewrite itself has it recorded in schema_migration, so nothing is enqueued there.
INSERT INTO job (name, payload, max_attempts)
SELECT 'search.sermon-vectors', '{"sermons": {"of": "any-series"}}', 20
 WHERE EXISTS (SELECT 1 FROM sermon WHERE series_id IS NOT NULL);
