-- The sermon search's query in one function: the words stemmed in the searcher's language OR
-- verbatim (a sermon's search vector holds both forms, so that 'praying' finds 'pray' and names
-- or words of other languages match as written). When the two are the same query (names, and
-- most single words), it is used once: PostgreSQL estimates `'aaron' | 'aaron'` at twice the
-- matches of 'aaron' (32,608 against 16,299 at 2.1M sermons), which doubled search totals above
-- 10,000 and sent such words down the plan meant for twice as many matches. The function is
-- immutable, so with the searcher's text as a parameter the planner folds it into a constant and
-- estimates from the index statistics as before.
CREATE FUNCTION sermon_search_query(code text, query text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN stemmed = verbatim THEN stemmed ELSE stemmed || verbatim END
        FROM (SELECT websearch_to_tsquery(language_ts_config(code), immutable_unaccent(query)) AS stemmed,
                     websearch_to_tsquery('simple', immutable_unaccent(query)) AS verbatim) q $$;
