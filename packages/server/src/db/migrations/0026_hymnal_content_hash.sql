-- A digest of everything the start-up load (hymnal/hymnal-data.ts) writes into a row of the
-- hymnal or psalter. Rows whose digest has not changed are not sent again: a restart no longer
-- recomputes the search vectors of all 849 rows (over a second of CPU on PGlite). NULL until
-- the first load after this migration. A migration that changes hymn_search_vector must set it
-- back to NULL, so that the next start computes the vectors anew.
ALTER TABLE hymn ADD COLUMN content_hash text;
ALTER TABLE psalter_selection ADD COLUMN content_hash text;
