-- The dashboard's searched sermon list (sermon-editing.queries.ts, dashboardWhere): one
-- broadcaster's titles by trigram, so a word in few titles no longer reads every sermon of the
-- broadcaster (40,489 at 2.1M sermons: 714 ms for a word in none, now 3 ms; bench/README.md).
-- btree_gin lets the broadcaster be a column of the same GIN index.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX sermon_dashboard_search_idx ON sermon
  USING gin (broadcaster_id, (immutable_unaccent(lower(full_title || ' ' || display_title))) gin_trgm_ops)
  WHERE deleted_at IS NULL;
