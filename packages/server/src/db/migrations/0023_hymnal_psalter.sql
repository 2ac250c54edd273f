-- The hymnal and the psalter (spec §2 "Hymnal and psalter", §7 node/discover/hymns). Product
-- content, loaded from packages/domain/data at every start (hymnal/hymnal-data.ts); only
-- view_count is written by use. Both tables have the same list columns, so one query serves
-- both lists (hymnal/hymnal.queries.ts); `summary` and `detail` are the API's answers.

CREATE TABLE hymn (
  -- The Open Hymnal's sourceIndex: the hymnID in URLs (/hymnal/{hymnID}), never reused.
  seq integer PRIMARY KEY,
  id text NOT NULL UNIQUE,
  -- The hymnal's own number ('X:'), the 'number' sort; not unique.
  number integer NOT NULL,
  sort_key text COLLATE "C" NOT NULL,
  meter_key text,
  tune_id text,
  category text,
  summary jsonb NOT NULL,
  detail jsonb NOT NULL,
  -- Title and first line (A), names (B), topics and metre (C), the words (D).
  search tsvector NOT NULL,
  -- Title, first line and names, matched as text within (a part of a name: 'wesl').
  search_names text NOT NULL,
  view_count integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE psalter_selection (
  -- 1-413: The Psalter (1912) by its numbers; 1001-1162: the Scottish Psalter (1650) in order.
  seq integer PRIMARY KEY,
  -- The psalmID in URLs (/psalter/{psalmID}): '53', 'scottish-23', 'scottish-6-2'.
  id text NOT NULL UNIQUE,
  -- The psalm paraphrased, the 'number' sort.
  number integer NOT NULL,
  edition text NOT NULL CHECK (edition IN ('1912', '1650')),
  sort_key text COLLATE "C" NOT NULL,
  meter_key text,
  summary jsonb NOT NULL,
  detail jsonb NOT NULL,
  search tsvector NOT NULL,
  search_names text NOT NULL,
  view_count integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE hymn_tune (
  tune_id text PRIMARY KEY,
  name text NOT NULL,
  meter text NOT NULL,
  meter_key text,
  hymn_ids integer[] NOT NULL
);

CREATE INDEX hymn_search_idx ON hymn USING gin (search);
CREATE INDEX hymn_names_trgm_idx ON hymn USING gin (immutable_unaccent(lower(search_names)) gin_trgm_ops);
CREATE INDEX hymn_meter_idx ON hymn (meter_key);
CREATE INDEX psalter_selection_search_idx ON psalter_selection USING gin (search);
CREATE INDEX psalter_selection_names_trgm_idx ON psalter_selection
  USING gin (immutable_unaccent(lower(search_names)) gin_trgm_ops);
CREATE INDEX psalter_selection_meter_idx ON psalter_selection (meter_key);
CREATE INDEX psalter_selection_psalm_idx ON psalter_selection (number, seq);
CREATE INDEX hymn_tune_meter_idx ON hymn_tune (meter_key);

-- A hymn's search vector: English stems (so 'praising' finds 'praise') and the words as written
-- (names, and the archaic forms stemming would miss), by weight.
CREATE FUNCTION hymn_search_vector(title text, names text, topics text, body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('english', immutable_unaccent(coalesce(title, ''))), 'A')
            || setweight(to_tsvector('simple', immutable_unaccent(coalesce(title, ''))), 'A')
            || setweight(to_tsvector('simple', immutable_unaccent(coalesce(names, ''))), 'B')
            || setweight(to_tsvector('english', immutable_unaccent(coalesce(topics, ''))), 'C')
            || setweight(to_tsvector('english', immutable_unaccent(coalesce(body, ''))), 'D') $$;

-- What a search text matches in those vectors: its words stemmed OR as written.
CREATE FUNCTION hymn_search_query(query text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT websearch_to_tsquery('english', immutable_unaccent(query))
            || websearch_to_tsquery('simple', immutable_unaccent(query)) $$;
